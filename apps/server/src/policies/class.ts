import type { ClassPolicies } from '@high5/contract';
import { forbidden } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';
import { assertSeesStudents } from './student.js';

/**
 * The rules of who may manage a class (docs/decisions/0470): named functions over the session
 * user and the class as that user is tied to it, answered to the web app as `policies` with each class.
 */

/** A class of the caller's current school, with the caller's ties to it. */
export interface ClassTies {
  ownerId: string;
  /** The caller is one of the class's teachers (owner or substitute). */
  linked: boolean;
  /** The class belongs to a past school year: nothing in it changes (docs/decisions/0571). */
  lastYear?: boolean;
  /** The class is a section of the school's roster: the SIS decides its students (docs/decisions/0600). */
  rostered?: boolean;
}

/** Teachers and the school's admins manage classes; staff without the admin flag do not. */
export function canManageClasses(user: SessionUser): boolean {
  return !!user.school && (user.role === 'teacher' || user.isAdmin);
}

/** The school's roster (list, add, passwords): those who manage classes, once approved; else 403. */
export function assertRosterAccess(user: SessionUser) {
  if (!canManageClasses(user)) throw forbidden();
  assertSeesStudents(user);
}

/** Class and roster lists: an admin's hold every class (and student) of the school, a teacher's their own classes' (decision 0115). */
export function listsWholeSchool(user: SessionUser): boolean {
  return user.isAdmin;
}

/** A teacher of the class (owner or substitute). */
export function teachesClass(user: SessionUser, cls: ClassTies): boolean {
  return cls.linked && user.role === 'teacher';
}

/** Rename it, its students, teachers, invitations, journal: a teacher of the class or an admin of its school. */
export function canManageClass(user: SessionUser, cls: ClassTies): boolean {
  return canManageClasses(user) && (teachesClass(user, cls) || user.isAdmin);
}

/** Seating charts and attendance belong to the class's teachers (admins are left out). */
export function canTeachClass(user: SessionUser, cls: ClassTies): boolean {
  return canManageClasses(user) && teachesClass(user, cls);
}

/** Deleting the class: its owner (while teaching it) or an admin. */
export function canDeleteClass(user: SessionUser, cls: ClassTies): boolean {
  return canManageClasses(user) && ((cls.ownerId === user.id && teachesClass(user, cls)) || user.isAdmin);
}

/** The class reports: an admin sees every class of the school, an approved teacher the classes they teach, nobody else any. */
export function classReportScope(user: SessionUser): 'school' | 'ownClasses' | null {
  const school = user.school;
  if (!school || school.status !== 'active') return null;
  if (user.isAdmin) return 'school';
  return school.role === 'teacher' ? 'ownClasses' : null;
}

/**
 * The class rules answered with each class: a last-year class is read by its teachers and admins,
 * changed by nobody; a rostered class's students are the SIS's (docs/decisions/0600).
 */
export function classPolicies(user: SessionUser, cls: ClassTies): ClassPolicies {
  const canManage = canManageClass(user, cls) && !cls.lastYear;
  return {
    canManage,
    canDelete: canDeleteClass(user, cls) && !cls.lastYear,
    canTeach: canTeachClass(user, cls),
    canChangeStudents: canManage && !cls.rostered,
  };
}
