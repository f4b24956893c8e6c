import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { containsPattern } from '../../../lib/search.js';

/** The student's trusted adults who are teachers or staff of the school. */
export async function trustedAdults(db: Db, studentId: string, schoolId: string) {
  const rows = await db
    .selectFrom('trustedAdults as ta')
    .innerJoin('users as u', 'u.id', 'ta.adultId')
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId).on('m.role', 'in', ['teacher', 'staff']))
    .select(['u.id', 'm.role as category', displayName('u').as('name')])
    .where('ta.studentId', '=', studentId)
    .orderBy(sql`lower(${displayName('u')})`)
    .execute();
  return rows.map((r) => ({ ...r, category: r.category as 'teacher' | 'staff' }));
}

/** Active teachers and staff of the school who are not yet the student's trusted adults. */
export async function candidates(db: Db, studentId: string, schoolId: string, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'm.role as category', displayName('u').as('name')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', 'in', ['teacher', 'staff'])
    .where('m.status', '=', 'active')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('trustedAdults as ta').select('ta.adultId').where('ta.studentId', '=', studentId).whereRef('ta.adultId', '=', 'u.id'))),
    );
  if (search) {
    const pattern = containsPattern(search);
    // By name only: searching addresses would reveal them one letter at a time.
    query = query.where(displayName('u'), 'ilike', pattern);
  }
  const rows = await query
    .orderBy(sql`lower(${displayName('u')})`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, category: r.category as 'teacher' | 'staff' }));
}

export async function add(db: Db, studentId: string, adultIds: readonly string[]) {
  await db
    .insertInto('trustedAdults')
    .values(adultIds.map((adultId) => ({ studentId, adultId })))
    .onConflict((oc) => oc.columns(['studentId', 'adultId']).doNothing())
    .execute();
}

export async function remove(db: Db, studentId: string, adultId: string) {
  const result = await db.deleteFrom('trustedAdults').where('studentId', '=', studentId).where('adultId', '=', adultId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
