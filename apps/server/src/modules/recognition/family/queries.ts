import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * The account that owns `email` (or has id `userId`), with its membership (if any) in
 * `schoolId` and whether it is a student anywhere.
 */
export function findAccount(db: Db, by: { email: string } | { userId: string }, schoolId: string) {
  const query = db
    .selectFrom('users as u')
    .leftJoin('schoolMemberships as m', (join) => join.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId))
    .select((eb) => [
      'u.id',
      'u.isSuperAdmin',
      'u.language',
      'u.firstName',
      'm.role as roleHere',
      eb
        .exists(eb.selectFrom('schoolMemberships as sm').select('sm.userId').whereRef('sm.userId', '=', 'u.id').where('sm.role', '=', 'student'))
        .$castTo<boolean>()
        .as('isStudentAnywhere'),
    ]);
  return ('email' in by ? query.where('u.email', '=', by.email) : query.where('u.id', '=', by.userId)).executeTakeFirst();
}

export function isLinked(db: Db, parentId: string, studentId: string) {
  return db.selectFrom('parentLinks').select('parentId').where('parentId', '=', parentId).where('studentId', '=', studentId).executeTakeFirst();
}

/** Records a request; false when the same request is already waiting. */
export async function insertLinkRequest(db: Db, values: { schoolId: string; parentId: string; studentId: string; createdAt: Date }) {
  const row = await db
    .insertInto('parentLinkRequests')
    .values(values)
    .onConflict((oc) => oc.columns(['parentId', 'studentId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The requests waiting for `parentId`'s answer, oldest first. */
export function requestsFor(db: Db, parentId: string) {
  return db
    .selectFrom('parentLinkRequests as r')
    .innerJoin('users as s', 's.id', 'r.studentId')
    .innerJoin('schools as sc', 'sc.id', 'r.schoolId')
    .select(['r.id', 'r.schoolId', 'r.studentId', 'r.createdAt', 's.firstName', 's.lastName', 'sc.name as schoolName'])
    .where('r.parentId', '=', parentId)
    .orderBy('r.createdAt')
    .execute();
}

/** Takes (deletes and returns) one of `parentId`'s requests. */
export function takeRequest(db: Db, parentId: string, requestId: string) {
  return db
    .deleteFrom('parentLinkRequests')
    .where('id', '=', requestId)
    .where('parentId', '=', parentId)
    .returning(['schoolId', 'studentId'])
    .executeTakeFirst();
}

/** True when the student is still an active student of the school. */
export async function isStudentOf(db: Db, studentId: string, schoolId: string) {
  const row = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('userId', '=', studentId)
    .where('schoolId', '=', schoolId)
    .where('role', '=', 'student')
    .where('status', '<>', 'inactive')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markInvitationAccepted(db: Db, values: { schoolId: string; userId: string; invitedBy: string; at: Date }) {
  await db
    .updateTable('invitations')
    .set({ acceptedAt: values.at })
    .where('schoolId', '=', values.schoolId)
    .where('userId', '=', values.userId)
    .where('invitedBy', '=', values.invitedBy)
    .where('kind', '=', 'parent')
    .where('acceptedAt', 'is', null)
    .execute();
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

/** Links parent and student; false when they already were. */
export async function linkParentToStudent(db: Db, parentId: string, studentId: string) {
  const inserted = await db
    .insertInto('parentLinks')
    .values({ parentId, studentId })
    .onConflict((oc) => oc.columns(['parentId', 'studentId']).doNothing())
    .returning('parentId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The student's parents, linked and asked, in the order they were added. */
export function studentParents(db: Db, studentId: string) {
  const linked = db
    .selectFrom('parentLinks as l')
    .innerJoin('users as u', 'u.id', 'l.parentId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'l.createdAt', sql<'linked' | 'requested'>`'linked'`.as('status')])
    .where('l.studentId', '=', studentId);
  const asked = db
    .selectFrom('parentLinkRequests as r')
    .innerJoin('users as u', 'u.id', 'r.parentId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'r.createdAt', sql<'linked' | 'requested'>`'requested'`.as('status')])
    .where('r.studentId', '=', studentId);
  return linked.unionAll(asked).orderBy('createdAt').execute();
}

export function schoolName(db: Db, schoolId: string) {
  return db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
}
