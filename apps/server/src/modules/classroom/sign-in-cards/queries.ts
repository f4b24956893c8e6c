import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';

/** The class's enrolled students who are active students of its school, with their pictures. */
export function cardStudents(db: Db, classId: string, schoolId: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.studentId')
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId))
    .leftJoin('avatars as a', 'a.userId', 'u.id')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.photoKey', 'a.imageKey as avatarKey', displayName('u').as('name')])
    .where('e.classId', '=', classId)
    .where('m.role', '=', 'student')
    .where('m.status', '=', 'active')
    .orderBy('u.lastName')
    .orderBy('u.firstName')
    .orderBy('u.id')
    .execute();
}

/** Replaces the student's card for the class: the previous code no longer matches. */
export async function saveCard(db: Db, values: { classId: string; studentId: string; codeHash: string; issuedBy: string; issuedAt: Date }) {
  await db
    .insertInto('classSignInCards')
    .values(values)
    .onConflict((oc) => oc.columns(['classId', 'studentId']).doUpdateSet({ codeHash: values.codeHash, issuedBy: values.issuedBy, issuedAt: values.issuedAt }))
    .execute();
}

export function openDeviceSessions(db: Db, classId: string, now: Date) {
  return db
    .selectFrom('classDeviceSessions as d')
    .innerJoin('users as u', 'u.id', 'd.openedBy')
    .select(['d.id', 'd.tokenHash', 'd.createdAt', 'd.expiresAt', displayName('u').as('openedBy')])
    .where('d.classId', '=', classId)
    .where('d.expiresAt', '>', now)
    .orderBy('d.createdAt')
    .execute();
}

export async function insertDeviceSession(db: Db, values: { classId: string; tokenHash: string; openedBy: string; createdAt: Date; expiresAt: Date }) {
  return db.insertInto('classDeviceSessions').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Deletes a class session (the sessions it signed in go with it); how many rows went. */
export async function deleteDeviceSession(db: Db, where: { id: string; classId: string } | { tokenHash: string }) {
  const query =
    'id' in where
      ? db.deleteFrom('classDeviceSessions').where('id', '=', where.id).where('classId', '=', where.classId)
      : db.deleteFrom('classDeviceSessions').where('tokenHash', '=', where.tokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
