import type { Db } from '../../../db/database.js';
import { registered } from '../common.js';

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

export async function insertInvitedStudent(
  db: Db,
  values: { schoolId: string; email: string; firstName: string; lastName: string; language: 'en' | 'es'; passwordHash: string; expiresAt: Date; invitedBy: string },
) {
  const user = await db
    .insertInto('users')
    .values({
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      language: values.language,
      passwordHash: values.passwordHash,
      mustChangePassword: true,
      tempPasswordExpiresAt: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('schoolMemberships').values({ userId: user.id, schoolId: values.schoolId, role: 'student' }).execute();
  await db.insertInto('invitations').values({ schoolId: values.schoolId, userId: user.id, invitedBy: values.invitedBy, kind: 'student' }).execute();
  return user.id;
}

/** Gives an existing account a new temporary password it must replace before `expiresAt`. */
export async function setTemporaryPassword(db: Db, userId: string, passwordHash: string, expiresAt: Date) {
  await db
    .updateTable('users')
    .set({ passwordHash, mustChangePassword: true, tempPasswordExpiresAt: expiresAt, failedSignins: 0, signinBlockedUntil: null })
    .where('id', '=', userId)
    .execute();
}

export async function schoolName(db: Db, schoolId: string) {
  const row = await db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return row.name;
}
