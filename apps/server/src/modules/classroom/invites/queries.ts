import type { Db } from '../../../db/database.js';
import { registered } from '../../../lib/registered.js';

/** Accounts with these e-mails, whether each is a student of the school, and whether they registered. */
export async function accountsByEmail(db: Db, schoolId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId))
    .select(['u.id', 'u.email', 'u.firstName', 'u.language', 'm.role', registered('u').as('registered')])
    .where('u.email', 'in', emails)
    .execute();
}

export async function schoolName(db: Db, schoolId: string) {
  const row = await db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return row.name;
}
