import type { Db } from '../../../db/database.js';

/** The account that owns `email`, with its membership (if any) in `schoolId`. */
export function findAccountByEmail(db: Db, email: string, schoolId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('schoolMemberships as m', (join) => join.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId))
    .select(['u.id', 'u.isSuperAdmin', 'u.language', 'u.firstName', 'm.role as roleHere'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

export function countParentInvitationsSince(db: Db, studentId: string, since: Date) {
  return db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invitedBy', '=', studentId)
    .where('kind', '=', 'parent')
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
}

export function insertParentAccount(db: Db, values: { email: string; firstName: string; lastName: string; language: string; passwordHash: string; now: Date; expiresAt: Date }) {
  return db
    .insertInto('users')
    .values({
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      language: values.language,
      passwordHash: values.passwordHash,
      mustChangePassword: true,
      tempPasswordExpiresAt: values.expiresAt,
      // The temporary password reaches only this address: receiving it proves the address.
      emailVerifiedAt: values.now,
      createdAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function addParentMembership(db: Db, userId: string, schoolId: string) {
  await db.insertInto('schoolMemberships').values({ userId, schoolId, role: 'parent' }).onConflict((oc) => oc.columns(['userId', 'schoolId']).doNothing()).execute();
}

/** Links parent and student; false when they already were. */
export async function linkParentToStudent(db: Db, parentId: string, studentId: string) {
  const inserted = await db.insertInto('parentLinks').values({ parentId, studentId }).onConflict((oc) => oc.columns(['parentId', 'studentId']).doNothing()).returning('parentId').executeTakeFirst();
  return inserted !== undefined;
}

export async function recordInvitation(db: Db, values: { schoolId: string; userId: string; invitedBy: string; createdAt: Date; acceptedAt: Date | null }) {
  await db.insertInto('invitations').values({ ...values, kind: 'parent' }).execute();
}

export function studentParents(db: Db, studentId: string) {
  return db
    .selectFrom('parentLinks as l')
    .innerJoin('users as u', 'u.id', 'l.parentId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email'])
    .where('l.studentId', '=', studentId)
    .orderBy('l.createdAt')
    .execute();
}

export function schoolName(db: Db, schoolId: string) {
  return db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
}
