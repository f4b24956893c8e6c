import type { Db } from '../../../db/database.js';
import { conflict, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { findClass } from '../classes/queries.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

/** The student's classes, or the school's classes they are not in (with their requests marked). */
export async function studentClasses(db: Db, user: SessionUser, enrolled: boolean) {
  const school = currentSchool(user);
  return q.classesForStudent(db, school.schoolId, user.id, enrolled);
}

/** A class's students, for its own students only: rosters of other classes stay private. */
export async function classmates(db: Db, user: SessionUser, classId: string) {
  const school = currentSchool(user);
  const cls = await findClass(db, classId);
  if (!cls || cls.schoolId !== school.schoolId || !(await q.isEnrolled(db, classId, user.id))) throw notFound();
  return q.classmates(db, classId, school.schoolId, user.id);
}

/** A student asks to join a class of their own school, made by hand (docs/decisions/0600); asking twice is harmless. */
export async function requestEnrolment(db: Db, user: SessionUser, classId: string) {
  const school = currentSchool(user);
  const cls = await findClass(db, classId);
  if (!cls || cls.schoolId !== school.schoolId) throw notFound();
  if (cls.schoolYearId !== null) throw conflict('CLASS_LAST_YEAR');
  if (cls.sourceId !== null) throw conflict('CLASS_ROSTERED');
  if (await q.isEnrolled(db, classId, user.id)) throw conflict('ALREADY_ENROLLED');
  await q.insertRequest(db, classId, user.id);
  return {};
}
