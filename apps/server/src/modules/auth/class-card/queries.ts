import type { Db } from '../../../db/database.js';

/**
 * The student a card code (its keyed hash) signs in to `classId`: still enrolled in the class and
 * a student of its school; `active` false when the school has deactivated them.
 */
export function cardHolder(db: Db, classId: string, schoolId: string, codeHash: string) {
  return db
    .selectFrom('classSignInCards as k')
    .innerJoin('enrolments as e', (j) => j.onRef('e.studentId', '=', 'k.studentId').onRef('e.classId', '=', 'k.classId'))
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'k.studentId').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student'))
    .innerJoin('users as u', 'u.id', 'k.studentId')
    .select(['u.id', 'u.mustChangePassword', 'm.status'])
    .where('k.classId', '=', classId)
    .where('k.codeHash', '=', codeHash)
    .executeTakeFirst();
}
