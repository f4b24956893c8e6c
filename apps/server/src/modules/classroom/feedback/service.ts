import { CLASSROOM_LIMITS, type Role } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { categoryNames } from '../../../lib/recognition-categories.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { assertRange } from '../range.js';
import { schoolToday } from '../../../lib/school-today.js';
import { assertSeesStudents, canReadStudentHigh5s, loadStudent, moodAccess, studentPickerScope } from '../../../policies/student.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

/**
 * The view-High 5 screen's student picker (docs/decisions/0304): a parent's children; for a
 * staff member of the school (approved), its students matching `search`.
 */
export async function myStudents(db: Db, user: SessionUser, search?: string) {
  const school = currentSchool(user);
  const scope = studentPickerScope(user);
  if (scope === 'children') {
    const kids = await q.children(db, user.id, school.schoolId);
    return Promise.all(kids.map(async (kid) => ({ ...kid, canReadMoodHistory: await readsMoodHistory(db, user, kid.id) })));
  }
  if (scope === null) throw forbidden();
  assertSeesStudents(user);
  const rows = await q.schoolStudents(db, school.schoolId, search || undefined, CLASSROOM_LIMITS.candidateLimit);
  // Staff never read a student's mood history (policies/student.ts moodAccess): today's at most.
  return rows.map((row) => ({ ...row, canReadMoodHistory: false }));
}

/** The one mood rule (policies/student.ts moodAccess) for one of a parent's children: the "Mood history" entry of My students. */
async function readsMoodHistory(db: Db, user: SessionUser, studentId: string) {
  const student = await loadStudent(db, user, studentId);
  return !!student && (moodAccess(user, student)?.history ?? false);
}

/** Who may read the High 5s a student received and send feedback on them: policies/student.ts `canReadStudentHigh5s`. */
async function assertMayViewHigh5s(db: Db, user: SessionUser, studentId: string) {
  currentSchool(user);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  if (!canReadStudentHigh5s(user, student)) throw forbidden();
}

export async function studentHigh5s(db: Db, user: SessionUser, studentId: string, range: { from: string; to: string }) {
  assertRange(range);
  await assertMayViewHigh5s(db, user, studentId);
  const schoolId = currentSchool(user).schoolId;
  const rows = await q.receivedHigh5s(db, studentId, schoolId, user.id, range.from, range.to);
  const names = await categoryNames(
    db,
    rows.map((r) => r.id),
    user.language,
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    fromName: r.fromName,
    fromRole: r.fromRole as Role,
    categories: names.filter((n) => n.recognitionId === r.id).map((n) => n.name),
    comment: r.comment,
    canGiveFeedback: r.fromRole === 'teacher',
    myFeedback: r.myFeedback,
  }));
}

/** Feedback on a High 5 a student received, addressed to the teacher who gave it. */
export async function giveFeedback(db: Db, services: Services, user: SessionUser, high5Id: number, comment: string) {
  const school = currentSchool(user);
  const high5 = await q.findHigh5(db, high5Id);
  if (!high5 || high5.kind !== 'high5' || high5.schoolId !== school.schoolId) throw notFound();
  await assertMayViewHigh5s(db, user, high5.receiverId);
  if (high5.giverRole !== 'teacher') throw badRequest('FEEDBACK_TEACHERS_ONLY');
  const feedbackDate = await schoolToday(db, services, school.schoolId);
  const row = await q.upsertFeedback(db, {
    recognitionId: high5.id,
    authorId: user.id,
    teacherId: high5.giverId,
    studentId: high5.receiverId,
    comment,
    feedbackDate,
    createdAt: services.clock.now(),
  });
  return { id: row.id, date: row.feedbackDate };
}

export async function feedbackList(db: Db, user: SessionUser, range: { from: string; to: string }) {
  assertRange(range);
  return q.feedbackForTeacher(db, user.id, currentSchool(user).schoolId, range.from, range.to);
}
