import type { StudentPolicies } from '@high5/contract';
import type { Db } from '../db/database.js';
import type { Membership, SessionUser } from '../lib/session-user.js';
import { currentSchool } from '../lib/current-school.js';
import { forbidden } from '../lib/errors.js';
import { studentTies } from './queries.js';

/**
 * The rules of who may see and do what about one student (docs/decisions/0470): named functions
 * over the session user and the student as that user is tied to them. The services call them
 * (404 / 403 stay theirs) and answer them to the web app as `policies` with the student's details.
 */

/** One student of the caller's current school, with the caller's ties to them. */
export interface Student {
  id: string;
  school: Membership;
  timeZone: string;
  /** The caller is a teacher (owner or substitute) of a class the student is enrolled in. */
  inClassOf: boolean;
  /** The caller is one of the student's trusted adults. */
  trusted: boolean;
  /** An alert of the student reached the caller. */
  reached: boolean;
  /** The caller is one of the student's parents. */
  parentOf: boolean;
  /** The caller's link to the student is one the school knows (confirmed by an admin, docs/decisions/0540). */
  knownParentOf: boolean;
  /** The school lets parents see their children's moods (decision 0420). */
  parentsSeeMoods: boolean;
  /** The district's SIS lists the student at this school, so it sets their plan flags (docs/decisions/0606). */
  rostered: boolean;
}

/** The student as the caller sees them, or null when there is no such student in the caller's current school (or no current school). */
export async function loadStudent(db: Db, user: SessionUser, studentId: string): Promise<Student | null> {
  const school = user.school;
  if (!school) return null;
  const row = await studentTies(db, school.schoolId, studentId, user.id);
  if (!row) return null;
  return {
    id: studentId,
    school,
    timeZone: row.timeZone,
    inClassOf: !!row.inClassOf,
    trusted: !!row.trusted,
    reached: !!row.reached,
    parentOf: !!row.parentOf,
    knownParentOf: !!row.knownParentOf,
    parentsSeeMoods: !!row.parentsSeeMoods,
    rostered: school.paid && row.rostered,
  };
}

/** A member waiting for the admin's approval sees no students at all (403 ACCOUNT_PENDING_APPROVAL): every student list and class roster checks it first. */
export function assertSeesStudents(user: SessionUser) {
  if (currentSchool(user).status !== 'active') throw forbidden('ACCOUNT_PENDING_APPROVAL');
}

/** Approved teachers and staff of the current school: the only ones who look after students. */
export function isActiveStaff(user: SessionUser): boolean {
  const school = user.school;
  return !!school && school.status === 'active' && (school.role === 'teacher' || school.role === 'staff');
}

/** "Teaches this student": an approved teacher of one of the student's classes. */
export function teachesStudent(user: SessionUser, student: Student): boolean {
  return student.inClassOf && user.role === 'teacher' && student.school.status === 'active';
}

/**
 * The student's details, attendance and notes (decision 0095): active staff of the school with a
 * reason to see the student — a teacher of one of their classes, the school's admins, or one of
 * the student's trusted adults.
 */
export function canViewStudent(user: SessionUser, student: Student): boolean {
  return isActiveStaff(user) && (teachesStudent(user, student) || user.isAdmin || student.trusted);
}

/** The student's teachers and the school's admins: acknowledge today's emergency, invite them to register (roster). */
export function looksAfterStudent(user: SessionUser, student: Student): boolean {
  return user.isAdmin || teachesStudent(user, student);
}

/**
 * The IEP, 504 and language switches: the student's teachers and the admins, except that where
 * the district's SIS lists the student (a rostered student of a paid district, docs/decisions/0606)
 * teachers only get the links. A school of the district the SIS does not list records them as a free one.
 */
export function canEditStudentFlags(user: SessionUser, student: Student): boolean {
  return canViewStudent(user, student) && looksAfterStudent(user, student) && (!student.rostered || student.school.role !== 'teacher');
}

/** Teachers of the student and admins take a student's photo; paid schools' photos come from the district. */
export function canChangeStudentPhoto(user: SessionUser, student: Student): boolean {
  return canViewStudent(user, student) && looksAfterStudent(user, student) && !student.school.paid;
}

/** A parent's decisions about their own child (mood consent, docs/decisions/0422). */
export function isParentOfStudent(user: SessionUser, student: Student): boolean {
  return user.role === 'parent' && student.parentOf;
}

/**
 * A parent the school knows (docs/decisions/0540): only their consent counts. A link a student
 * made (a self-invited "parent" may be the student's own second address) sees but does not
 * decide until a school admin confirms it.
 */
export function isKnownParentOfStudent(user: SessionUser, student: Student): boolean {
  return isParentOfStudent(user, student) && student.knownParentOf;
}

/**
 * Who may download the student's year (docs/decisions/0575): a parent of the student, or the
 * student themself from the school's export grade on (`grade` is the student's, `minGrade` the school's).
 */
export function canDownloadStudentYear(user: SessionUser, student: Student, grade: number | null, minGrade: number): boolean {
  if (isParentOfStudent(user, student)) return true;
  return user.role === 'student' && user.id === student.id && grade !== null && grade >= minGrade;
}

/** Only the student themself may add their gratitude journal to their year: never a parent. */
export function canExportJournal(user: SessionUser, student: Student): boolean {
  return user.role === 'student' && user.id === student.id;
}

/**
 * The High 5s the student received and feedback on them (decision 0117): the student's parents,
 * the school's admins and its approved staff members. Other teachers may not.
 */
export function canReadStudentHigh5s(user: SessionUser, student: Student): boolean {
  return isParentOfStudent(user, student) || user.isAdmin || (user.role === 'staff' && student.school.status === 'active');
}

/** A student's password reset link (decision 0162): only a school admin (docs/rules/classroom.md#student-list). */
export function canResetStudentPasswords(user: SessionUser): boolean {
  return user.isAdmin;
}

/**
 * Which students the view-High 5 screen's picker offers (decision 0304): a parent their children;
 * an approved staff member the school's students; nobody else any ('pending' for a staff member
 * waiting for approval).
 */
export function studentPickerScope(user: SessionUser): 'children' | 'school' | 'pending' | null {
  if (user.role === 'parent') return 'children';
  if (user.role !== 'staff') return null;
  return user.school?.status === 'active' ? 'school' : 'pending';
}

export type MoodViewer = 'self' | 'parent' | 'classTeacher' | 'trustedAdult' | 'alertRecipient';

/** What one viewer may read of one student's moods and alerts (decision 0420). */
export interface MoodAccess {
  viewer: MoodViewer;
  /** Every check-in in a range; otherwise only today's. */
  history: boolean;
  /** The student's alerts with their check-ins, recipients and acknowledgement trail. */
  alerts: boolean;
  /** Reads by school staff are written to the audit log. */
  audited: boolean;
}

/**
 * THE rule of who may read a student's moods and alerts (decision 0420), inside the caller's
 * current school:
 * - the student: their own check-ins;
 * - a parent: their own child's check-ins, when the school lets parents see moods;
 * - a teacher of one of the student's classes, a trusted adult of the student, and an adult an
 *   alert of the student reached: today's mood and the student's alerts;
 * - nobody else: an admin reads reports, the super admin and technical roles no individual mood
 *   at all; a pending account nothing.
 */
export function moodAccess(user: SessionUser, student: Student): MoodAccess | null {
  if (user.id === student.id) return { viewer: 'self', history: true, alerts: false, audited: false };
  if (user.role === 'parent') return student.parentOf && student.parentsSeeMoods ? { viewer: 'parent', history: true, alerts: false, audited: false } : null;
  if (!isActiveStaff(user)) return null;
  const staff = (viewer: MoodViewer): MoodAccess => ({ viewer, history: false, alerts: true, audited: true });
  if (teachesStudent(user, student)) return staff('classTeacher');
  if (student.trusted) return staff('trustedAdult');
  if (student.reached) return staff('alertRecipient');
  return null;
}

/** The part of a range of check-ins the access reads: all of it, or only today (the school's date). */
export function moodRange(access: MoodAccess, range: { from: string; to: string }, today: string) {
  if (access.history) return range;
  return { from: today > range.from ? today : range.from, to: today < range.to ? today : range.to };
}

/** Any of the student's check-ins (today's at least). */
export const canReadMoods = (user: SessionUser, student: Student): boolean => moodAccess(user, student) !== null;

/** The student's alerts and their trail. */
export const canReadAlerts = (user: SessionUser, student: Student): boolean => moodAccess(user, student)?.alerts ?? false;

/** The student rules answered with the student's details, so screens do not mirror them. */
export function studentPolicies(user: SessionUser, student: Student): StudentPolicies {
  const moods = moodAccess(user, student);
  return {
    canEditFlags: canEditStudentFlags(user, student),
    canChangePhoto: canChangeStudentPhoto(user, student),
    canReadMoods: moods !== null,
    canReadMoodHistory: moods?.history ?? false,
    canReadAlerts: moods?.alerts ?? false,
  };
}
