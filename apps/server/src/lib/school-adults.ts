import type { Queryable } from '../db/database.js';

/**
 * Of `ids`, the active teachers and staff of the school: the adults a student's trusted-adult
 * list and the well-being alerts may name (one query for both).
 */
export async function activeAdults(db: Queryable, schoolId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('schoolId', '=', schoolId)
    .where('role', 'in', ['teacher', 'staff'])
    .where('status', '=', 'active')
    .where('userId', 'in', ids)
    .execute();
  return rows.map((r) => r.userId);
}
