import { addDays, STUDENT_RANGE_MAX_DAYS, type StudentDetails, type StudentFlags, toIsoDate } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { audit as writeAudit, type AuditAction } from '../../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import type { Membership, SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { photoLink, storePhoto } from '../photo/service.js';
import { currentSchool } from '../profile/service.js';
import {
  findStudentAccess,
  findStudentDetails,
  insertStudentNote,
  studentAttendance,
  studentMoods,
  studentNotes,
  updateStudentFlags,
} from './queries.js';

/** Why the viewer may see this student (docs/decisions/0095). */
export interface StudentAccess {
  school: Membership;
  studentId: string;
  timeZone: string;
  teaches: boolean;
  isAdmin: boolean;
  trusted: boolean;
}

/**
 * Only active staff of the student's school with a reason to see the student: a teacher of
 * one of their classes, the school's admins, or one of the student's trusted adults.
 * A student of another school (or no student at all) is 404; no reason is 403.
 */
export async function canViewStudent(db: Db, user: SessionUser, studentId: string): Promise<StudentAccess> {
  const school = currentSchool(user);
  if (school.status !== 'active' || (school.role !== 'teacher' && school.role !== 'staff')) throw forbidden();
  const row = await findStudentAccess(db, school.schoolId, studentId, user.id);
  if (!row) throw notFound();
  const access = { school, studentId, timeZone: row.timeZone, teaches: !!row.teaches, isAdmin: user.isAdmin, trusted: !!row.trusted };
  if (!access.teaches && !access.isAdmin && !access.trusted) throw forbidden();
  return access;
}

/**
 * The IEP, 504 and language switches: editable by the student's teachers and the admins,
 * except that in a paid school (where the district's system owns them) teachers only get the links.
 */
export function canEditStudentFlags(access: StudentAccess): boolean {
  return (access.teaches || access.isAdmin) && (!access.school.paid || access.school.role !== 'teacher');
}

/** Teachers of the student and admins take a student's photo; paid schools' photos come from the district. */
export function canChangeStudentPhoto(access: StudentAccess): boolean {
  return (access.teaches || access.isAdmin) && !access.school.paid;
}

const audit = (db: Db, services: Services, user: SessionUser, access: StudentAccess, action: AuditAction, details?: Record<string, unknown>) =>
  writeAudit(db, { actorId: user.id, schoolId: access.school.schoolId, action, targetType: 'user', targetId: access.studentId, ...(details ? { details } : {}) }, services.clock.now());

export async function getStudentDetails(db: Db, services: Services, user: SessionUser, studentId: string): Promise<StudentDetails> {
  const access = await canViewStudent(db, user, studentId);
  const today = toIsoDate(services.clock.now(), access.timeZone);
  const row = await findStudentDetails(db, access.school.schoolId, studentId, today);
  await audit(db, services, user, access, 'student.view');
  const editable = canEditStudentFlags(access);
  return {
    student: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      username: row.username,
      grade: row.grade,
      photoUrl: await photoLink(services, row.photoKey),
      classes: row.classes ?? [],
    },
    flags: { iep: row.iep, plan504: row.plan504, languageLevel: row.languageLevel as StudentFlags['languageLevel'] },
    todayMood: row.todayMood ?? null,
    totals: row.totals ?? { high5Given: 0, high5Received: 0, vibeGiven: 0, vibeReceived: 0 },
    trustedAdults: row.trustedAdults.map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim(), email: a.email })),
    // Deep links are for paid schools, whose district system owns these plans (spec 001).
    links: access.school.paid
      ? { iep: row.urlProgramIep || null, plan504: row.urlProgram504 || null, language: row.urlLanguage || null, studentDocument: row.urlStudentDocument || null }
      : { iep: null, plan504: null, language: null, studentDocument: null },
    permissions: { canEditFlags: editable, canChangePhoto: canChangeStudentPhoto(access) },
    today,
  };
}

export async function changeStudentFlags(db: Db, services: Services, user: SessionUser, studentId: string, flags: Partial<StudentFlags>) {
  const access = await canViewStudent(db, user, studentId);
  if (!canEditStudentFlags(access)) throw forbidden('STUDENT_FLAGS_READ_ONLY');
  const saved = await updateStudentFlags(db, access.school.schoolId, studentId, flags);
  await audit(db, services, user, access, 'student.flags.update', flags);
  return { iep: saved.iep, plan504: saved.plan504, languageLevel: saved.languageLevel as StudentFlags['languageLevel'] };
}

function checkRange(range: { from: string; to: string }) {
  if (range.to > addDays(range.from, STUDENT_RANGE_MAX_DAYS)) throw badRequest('VALIDATION_FAILED', [{ path: 'query.range', code: 'invalid_range' }]);
}

export async function getStudentAttendance(db: Db, services: Services, user: SessionUser, studentId: string, range: { from: string; to: string }) {
  checkRange(range);
  const access = await canViewStudent(db, user, studentId);
  const rows = await studentAttendance(db, access.school.schoolId, studentId, range.from, range.to);
  await audit(db, services, user, access, 'student.attendance.view', range);
  return rows.map((r) => ({ date: r.date, code: r.code as 'P' | 'A' | 'T' | 'E', className: r.className }));
}

export async function getStudentMoods(db: Db, services: Services, user: SessionUser, studentId: string, range: { from: string; to: string }) {
  checkRange(range);
  const access = await canViewStudent(db, user, studentId);
  const rows = await studentMoods(db, access.school.schoolId, studentId, range.from, range.to);
  await audit(db, services, user, access, 'mood.read', range);
  return rows;
}

export async function getStudentNotes(db: Db, services: Services, user: SessionUser, studentId: string) {
  const access = await canViewStudent(db, user, studentId);
  const rows = await studentNotes(db, access.school.schoolId, studentId);
  await audit(db, services, user, access, 'student.notes.view');
  return rows.map((r) => ({ id: r.id, body: r.body, authorName: `${r.firstName} ${r.lastName}`.trim(), createdAt: r.createdAt.toISOString(), mine: r.authorId === user.id }));
}

export async function addStudentNote(db: Db, services: Services, user: SessionUser, studentId: string, body: string) {
  const access = await canViewStudent(db, user, studentId);
  const note = await insertStudentNote(db, { schoolId: access.school.schoolId, studentId, authorId: user.id, body, createdAt: services.clock.now() });
  await audit(db, services, user, access, 'student.note.add', { noteId: note.id });
  return { id: note.id, body: note.body, authorName: `${user.firstName} ${user.lastName}`.trim(), createdAt: note.createdAt.toISOString(), mine: true };
}

/** Checked before the upload is read (no reading a file the caller may not send). */
export async function assertCanChangeStudentPhoto(db: Db, user: SessionUser, studentId: string) {
  if (!canChangeStudentPhoto(await canViewStudent(db, user, studentId))) throw forbidden('PHOTO_CHANGE_NOT_ALLOWED');
}

/** Stores a re-encoded photo as the student's, in the school's students folder. Audited. */
export async function changeStudentPhoto(db: Db, services: Services, user: SessionUser, studentId: string, webp: Buffer) {
  const access = await canViewStudent(db, user, studentId);
  if (!canChangeStudentPhoto(access)) throw forbidden('PHOTO_CHANGE_NOT_ALLOWED');
  const result = await storePhoto(db, services, { userId: studentId, schoolId: access.school.schoolId, role: 'student', isAdmin: false }, webp);
  await audit(db, services, user, access, 'student.photo.update');
  return result;
}
