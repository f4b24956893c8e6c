import { CLASSROOM_LIMITS } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { randomClassCode } from '../../../lib/class-code.js';
import { assertSeesStudents } from '../../../policies/student.js';
import { canDeleteClass, canManageClass, canManageClasses, canTeachClass, classPolicies, listsWholeSchool, teachesClass } from '../../../policies/class.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

const CODE_ATTEMPTS = 10;

export interface ClassAccess {
  id: string;
  schoolId: string;
  ownerId: string;
  name: string;
  teaches: boolean;
  isOwner: boolean;
  lastYear: boolean;
  rostered: boolean;
}

/**
 * Loads a class the caller may manage (policies/class.ts): a teacher of the class (owner or
 * substitute) or an admin of its school. Another school's class is 404; someone else's class is 403.
 * `teachersOnly` leaves admins out (seating charts and attendance belong to the class's teachers);
 * `ownerOrAdmin` is for deleting the class. `write`: a change, refused for a last-year class
 * (409 CLASS_LAST_YEAR, docs/decisions/0571) after the caller's rights are checked. `students`: a
 * change of who is in the class, refused for a rostered class (409 CLASS_ROSTERED, docs/decisions/0600).
 */
export async function loadManagedClass(
  db: Db,
  user: SessionUser,
  classId: string,
  options: { teachersOnly?: boolean; ownerOrAdmin?: boolean; write?: boolean; students?: boolean } = {},
): Promise<ClassAccess> {
  const school = currentSchool(user);
  if (!canManageClasses(user)) throw forbidden();
  const cls = await q.findClass(db, classId);
  if (!cls || cls.schoolId !== school.schoolId) throw notFound();
  const ties = { ownerId: cls.ownerId, linked: (await q.teacherLink(db, classId, user.id)) !== undefined };
  const rule = options.teachersOnly ? canTeachClass : options.ownerOrAdmin ? canDeleteClass : canManageClass;
  if (!rule(user, ties)) throw forbidden();
  const lastYear = cls.schoolYearId !== null;
  if (options.write && lastYear) throw conflict('CLASS_LAST_YEAR');
  const rostered = cls.sourceId !== null;
  if (options.students && rostered) throw conflict('CLASS_ROSTERED');
  return {
    id: cls.id,
    schoolId: cls.schoolId,
    ownerId: cls.ownerId,
    name: cls.name,
    teaches: teachesClass(user, ties),
    isOwner: cls.ownerId === user.id,
    lastYear,
    rostered,
  };
}

/** A class as the caller sees it, with the class rules answered. */
const withPolicies =
  (user: SessionUser) =>
  <T extends { ownerId: string; teaches: boolean; lastYear: boolean; rostered: boolean }>(row: T) => ({
    ...row,
    policies: classPolicies(user, { ownerId: row.ownerId, linked: row.teaches, lastYear: row.lastYear, rostered: row.rostered }),
  });

export async function listClasses(db: Db, user: SessionUser) {
  const school = currentSchool(user);
  if (!canManageClasses(user)) throw forbidden();
  const rows = (await q.listClasses(db, school.schoolId, user.id, listsWholeSchool(user) ? null : user.id)).map(withPolicies(user));
  // The caller's own classes first, then the rest of the school's (admins).
  return [...rows.filter((r) => r.teaches), ...rows.filter((r) => !r.teaches)];
}

async function classView(db: Db, user: SessionUser, classId: string) {
  const [row] = await q.listClasses(db, currentSchool(user).schoolId, user.id, null, classId);
  if (!row) throw notFound();
  return withPolicies(user)(row);
}

export async function createClass(db: Db, user: SessionUser, name: string, nextCode: () => string = randomClassCode) {
  const school = currentSchool(user);
  if (!canManageClasses(user)) throw forbidden();
  if (await q.ownerHasClassNamed(db, user.id, name)) throw conflict('CLASS_NAME_TAKEN');
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = nextCode();
    if (await q.codeExists(db, code)) continue;
    const id = await q.insertClass(db, { schoolId: school.schoolId, ownerId: user.id, name, code });
    return classView(db, user, id);
  }
  throw conflict();
}

export async function renameClass(db: Db, user: SessionUser, classId: string, name: string) {
  const cls = await loadManagedClass(db, user, classId, { write: true });
  // The name must stay unique among the owner's classes (an admin or substitute may rename it).
  if (await q.ownerHasClassNamed(db, cls.ownerId, name, classId)) throw conflict('CLASS_NAME_TAKEN');
  await q.renameClass(db, classId, name);
  return classView(db, user, classId);
}

export async function deleteClass(db: Db, user: SessionUser, classId: string) {
  await loadManagedClass(db, user, classId, { ownerOrAdmin: true, write: true });
  await q.deleteClass(db, classId);
  return {};
}

export async function classStudents(db: Db, user: SessionUser, classId: string) {
  const cls = await loadManagedClass(db, user, classId);
  assertSeesStudents(user);
  return q.classStudents(db, classId, cls.schoolId);
}

export async function studentCandidates(db: Db, user: SessionUser, classId: string, search: string | undefined) {
  const cls = await loadManagedClass(db, user, classId);
  assertSeesStudents(user);
  return q.studentCandidates(db, classId, cls.schoolId, search || undefined, CLASSROOM_LIMITS.candidateLimit);
}

export async function enrolStudents(db: Db, user: SessionUser, classId: string, studentIds: string[]) {
  const cls = await loadManagedClass(db, user, classId, { write: true, students: true });
  assertSeesStudents(user);
  const valid = await q.studentsOfSchool(db, cls.schoolId, studentIds);
  if (valid.length !== studentIds.length) throw badRequest('STUDENT_NOT_IN_SCHOOL');
  return { enrolled: await q.enrol(db, classId, studentIds) };
}

export async function removeStudent(db: Db, user: SessionUser, classId: string, studentId: string) {
  await loadManagedClass(db, user, classId, { write: true, students: true });
  assertSeesStudents(user);
  if ((await q.unenrol(db, classId, studentId)) === 0) throw notFound();
  return {};
}

export async function listRequests(db: Db, user: SessionUser, classId: string) {
  const cls = await loadManagedClass(db, user, classId);
  assertSeesStudents(user);
  return q.requests(db, classId, cls.schoolId);
}

/**
 * Approves or rejects requests; ids without a pending request come back in `failedStudentIds`.
 * A rostered class's requests (asked before it was rostered) can only be rejected.
 */
export async function decideRequests(db: Db, user: SessionUser, classId: string, studentIds: string[], enroll: boolean) {
  const cls = await loadManagedClass(db, user, classId, { write: true, students: enroll });
  assertSeesStudents(user);
  const pending = await q.requestedIds(db, classId, studentIds);
  // A request outlives a student who has left the school; such a request can only be rejected.
  const stillStudents = enroll ? await q.studentsOfSchool(db, cls.schoolId, pending) : pending;
  if (enroll) await q.enrol(db, classId, stillStudents);
  await q.deleteRequests(db, classId, pending);
  return { failedStudentIds: studentIds.filter((id) => !stillStudents.includes(id)) };
}

export async function listTeachers(db: Db, user: SessionUser, classId: string) {
  const cls = await loadManagedClass(db, user, classId);
  return q.classTeachers(db, classId, cls.ownerId);
}

export async function teacherCandidates(db: Db, user: SessionUser, classId: string, search: string | undefined) {
  const cls = await loadManagedClass(db, user, classId);
  return q.teacherCandidates(db, classId, cls.schoolId, search || undefined, CLASSROOM_LIMITS.candidateLimit);
}

export async function addSubstitute(db: Db, user: SessionUser, classId: string, teacherId: string) {
  const cls = await loadManagedClass(db, user, classId, { write: true });
  if (!(await q.isActiveTeacherOf(db, cls.schoolId, teacherId))) throw badRequest('TEACHER_NOT_IN_SCHOOL');
  await q.addTeacher(db, classId, teacherId);
  return q.classTeachers(db, classId, cls.ownerId);
}

export async function removeSubstitute(db: Db, user: SessionUser, classId: string, teacherId: string) {
  const cls = await loadManagedClass(db, user, classId, { write: true });
  if (teacherId === cls.ownerId) throw conflict('OWNER_CANNOT_BE_REMOVED');
  if ((await q.removeTeacher(db, classId, teacherId)) === 0) throw notFound();
  return q.classTeachers(db, classId, cls.ownerId);
}
