import { studentRangeTooLong, type StudentDetails, type StudentFlags, toIsoDate } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { audit as writeAudit, type AuditAction } from '../../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { currentSchool } from '../../../lib/current-school.js';
import { schoolYears } from '../../../lib/school-years.js';
import type { SessionUser } from '../../../lib/session-user.js';
import {
  canChangeStudentPhoto,
  canEditStudentFlags,
  canViewStudent,
  isActiveStaff,
  loadStudent,
  type Student,
  studentPolicies,
} from '../../../policies/student.js';
import type { Services } from '../../../services/index.js';
import { photoLink, storePhoto } from '../photo/service.js';
import { readStudentMoods } from '../../../lib/student-moods.js';
import { findStudentDetails, insertStudentNote, studentAttendance, studentNotes, updateStudentFlags } from './queries.js';

/**
 * The student, when the caller may see them (policies/student.ts `canViewStudent`): only active
 * staff get this far (403); a student of another school, or no student at all, is 404; no reason
 * to see them is 403.
 */
async function viewedStudent(db: Db, user: SessionUser, studentId: string): Promise<Student> {
  currentSchool(user);
  if (!isActiveStaff(user)) throw forbidden();
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  if (!canViewStudent(user, student)) throw forbidden();
  return student;
}

const audit = (db: Db, services: Services, user: SessionUser, student: Student, action: AuditAction, details?: Record<string, unknown>) =>
  writeAudit(
    db,
    { actorId: user.id, schoolId: student.school.schoolId, action, targetType: 'user', targetId: student.id, ...(details ? { details } : {}) },
    services.clock.now(),
  );

export async function getStudentDetails(db: Db, services: Services, user: SessionUser, studentId: string): Promise<StudentDetails> {
  const student = await viewedStudent(db, user, studentId);
  const today = toIsoDate(services.clock.now(), student.timeZone);
  const row = await findStudentDetails(db, student.school.schoolId, studentId, today);
  await audit(db, services, user, student, 'student.view');
  const policies = studentPolicies(user, student);
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
    // Today's check-in only for those the mood rule lets read it (decision 0420).
    todayMood: policies.canReadMoods ? (row.todayMood ?? null) : null,
    totals: row.totals ?? { high5Given: 0, high5Received: 0, vibeGiven: 0, vibeReceived: 0 },
    trustedAdults: row.trustedAdults.map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim(), email: a.email })),
    // Deep links are for paid schools, whose district system owns these plans (docs/rules/recognition.md#student-detail).
    links: student.school.paid
      ? {
          iep: row.urlProgramIep || null,
          plan504: row.urlProgram504 || null,
          language: row.urlLanguage || null,
          studentDocument: row.urlStudentDocument || null,
        }
      : { iep: null, plan504: null, language: null, studentDocument: null },
    policies,
    today,
  };
}

export async function changeStudentFlags(db: Db, services: Services, user: SessionUser, studentId: string, flags: Partial<StudentFlags>) {
  const student = await viewedStudent(db, user, studentId);
  if (!canEditStudentFlags(user, student)) throw forbidden('STUDENT_FLAGS_READ_ONLY');
  const saved = await updateStudentFlags(db, student.school.schoolId, studentId, flags);
  await audit(db, services, user, student, 'student.flags.update', flags);
  return { iep: saved.iep, plan504: saved.plan504, languageLevel: saved.languageLevel as StudentFlags['languageLevel'] };
}

/** A history range: at most a year, inside one of the student's school's years (docs/decisions/0608). */
async function checkRange(db: Db, schoolId: string, range: { from: string; to: string }) {
  if (studentRangeTooLong(range)) throw badRequest('VALIDATION_FAILED', [{ path: 'query.range', code: 'invalid_range' }]);
  (await schoolYears(db, schoolId)).yearOfRange(range);
}

export async function getStudentAttendance(db: Db, services: Services, user: SessionUser, studentId: string, range: { from: string; to: string }) {
  const student = await viewedStudent(db, user, studentId);
  await checkRange(db, student.school.schoolId, range);
  const rows = await studentAttendance(db, student.school.schoolId, studentId, range.from, range.to);
  await audit(db, services, user, student, 'student.attendance.view', range);
  return rows.map((r) => ({ date: r.date, code: r.code as 'P' | 'A' | 'T' | 'E', className: r.className }));
}

/** The mood tab: the student's check-ins in a range of one school year (lib/student-moods.ts has the rule). */
export async function getStudentMoods(db: Db, services: Services, user: SessionUser, studentId: string, range: { from: string; to: string }) {
  const student = await viewedStudent(db, user, studentId);
  await checkRange(db, student.school.schoolId, range);
  const rows = await readStudentMoods(db, services, user, student, range);
  return rows.map((r) => ({ date: r.schoolDate, mood: r.mood, comment: r.comment }));
}

export async function getStudentNotes(db: Db, services: Services, user: SessionUser, studentId: string) {
  const student = await viewedStudent(db, user, studentId);
  const rows = await studentNotes(db, student.school.schoolId, studentId);
  await audit(db, services, user, student, 'student.notes.view');
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    authorName: `${r.firstName} ${r.lastName}`.trim(),
    createdAt: r.createdAt.toISOString(),
    mine: r.authorId === user.id,
  }));
}

export async function addStudentNote(db: Db, services: Services, user: SessionUser, studentId: string, body: string) {
  const student = await viewedStudent(db, user, studentId);
  const note = await insertStudentNote(db, { schoolId: student.school.schoolId, studentId, authorId: user.id, body, createdAt: services.clock.now() });
  await audit(db, services, user, student, 'student.note.add', { noteId: note.id });
  return { id: note.id, body: note.body, authorName: `${user.firstName} ${user.lastName}`.trim(), createdAt: note.createdAt.toISOString(), mine: true };
}

/** Checked before the upload is read (no reading a file the caller may not send). */
export async function assertCanChangeStudentPhoto(db: Db, user: SessionUser, studentId: string) {
  if (!canChangeStudentPhoto(user, await viewedStudent(db, user, studentId))) throw forbidden('PHOTO_CHANGE_NOT_ALLOWED');
}

/** Stores a re-encoded photo as the student's, in the school's students folder. Audited. */
export async function changeStudentPhoto(db: Db, services: Services, user: SessionUser, studentId: string, webp: Buffer) {
  const student = await viewedStudent(db, user, studentId);
  if (!canChangeStudentPhoto(user, student)) throw forbidden('PHOTO_CHANGE_NOT_ALLOWED');
  const result = await storePhoto(db, services, { userId: studentId, schoolId: student.school.schoolId, role: 'student', isAdmin: false }, webp);
  await audit(db, services, user, student, 'student.photo.update');
  return result;
}
