import type { AlertFormAction } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { audit, auditOncePerHour } from '../../../lib/audit.js';
import { correctAlertAction, recordAlertAction, reopenAlert } from './answer.js';
import { loadAlertSettings } from './settings.js';
import { assertSeesStudents, canReadAlerts, loadStudent, moodAccess } from '../../../policies/student.js';
import * as q from './queries.js';
import { firstNoticeAdults, toDetail, toSummary } from './service.js';
import { currentSchool } from '../../../lib/current-school.js';

const WEEK_MS = 7 * 86_400_000;

/** The alerts that reached the caller (the shell's badge and list). The list's read is audited once an hour. */
export async function myAlerts(db: Db, services: Services, user: SessionUser) {
  const school = currentSchool(user);
  assertSeesStudents(user);
  const now = services.clock.now();
  const reached = await q.alertsForAdult(db, school.schoolId, user.id, new Date(now.getTime() - WEEK_MS));
  const rows = [...(await waitingFor(db, school.schoolId, user.id)), ...reached];
  if (rows.length)
    await auditOncePerHour(db, { actorId: user.id, schoolId: school.schoolId, action: 'alert.list', targetType: 'user', targetId: user.id }, now);
  const items = rows.map(toSummary);
  return { open: items.filter((a) => a.open).length, items };
}

/** After-hours alerts whose first notice waits for the school's opening and will reach the adult (decision 0522). */
async function waitingFor(db: Db, schoolId: string, adultId: string) {
  const waiting = await q.waitingAlerts(db, schoolId, adultId);
  if (waiting.length === 0) return [];
  const settings = await loadAlertSettings(db, schoolId);
  const mine = await Promise.all(waiting.map(async (row) => (await firstNoticeAdults(db, { ...row, schoolId }, settings)).some((a) => a.adultId === adultId)));
  return waiting.filter((_, i) => mine[i]);
}

/** An alert the caller may read: one that reached them, or one of a student whose alerts the visibility rule lets them read. */
async function readableAlert(db: Db, user: SessionUser, alertId: string) {
  const school = currentSchool(user);
  assertSeesStudents(user);
  const row = await q.alertById(db, school.schoolId, alertId, user.id);
  if (!row) throw notFound();
  const planned = async () => row.tier < 0 && (await waitingFor(db, school.schoolId, user.id)).some((a) => a.id === alertId);
  if (!(await q.isRecipient(db, alertId, user.id)) && !(await planned())) {
    const student = await loadStudent(db, user, row.studentId);
    if (!student || !canReadAlerts(user, student)) throw forbidden();
  }
  return { school, row };
}

export async function alertDetail(db: Db, services: Services, user: SessionUser, alertId: string) {
  const { school, row } = await readableAlert(db, user, alertId);
  await audit(
    db,
    { actorId: user.id, schoolId: school.schoolId, action: 'alert.read', targetType: 'alert', targetId: alertId, details: { studentId: row.studentId } },
    services.clock.now(),
  );
  return toDetail(db, row);
}

/** What an adult did, recorded by the one answer rule (`recordAlertAction`). */
export async function actOnAlert(
  db: Db,
  services: Services,
  user: SessionUser,
  alertId: string,
  body: { action: AlertFormAction; note: string; close: boolean },
) {
  const { school, row } = await readableAlert(db, user, alertId);
  await recordAlertAction(
    db,
    { id: alertId, schoolId: school.schoolId, studentId: row.studentId, openedAt: row.openedAt },
    user.id,
    body,
    services.clock.now(),
  );
  return toDetail(db, (await q.alertById(db, school.schoolId, alertId, user.id))!);
}

/** A correction of the caller's own trail entry (decision 0521). */
export async function correctOnAlert(
  db: Db,
  services: Services,
  user: SessionUser,
  alertId: string,
  actionId: string,
  body: { action: AlertFormAction; note: string },
) {
  const { school, row } = await readableAlert(db, user, alertId);
  await correctAlertAction(
    db,
    { id: alertId, schoolId: school.schoolId, studentId: row.studentId, openedAt: row.openedAt },
    user.id,
    actionId,
    body,
    services.clock.now(),
  );
  return toDetail(db, (await q.alertById(db, school.schoolId, alertId, user.id))!);
}

/** Reopens a closed alert the caller may read (decision 0521). */
export async function reopenOnAlert(db: Db, services: Services, user: SessionUser, alertId: string, body: { note: string }) {
  const { school, row } = await readableAlert(db, user, alertId);
  await reopenAlert(db, { id: alertId, schoolId: school.schoolId, studentId: row.studentId, openedAt: row.openedAt }, user.id, body.note, services.clock.now());
  return toDetail(db, (await q.alertById(db, school.schoolId, alertId, user.id))!);
}

/** A student's alert history, for those the visibility rule allows. Audited. */
export async function studentAlerts(db: Db, services: Services, user: SessionUser, studentId: string) {
  const school = currentSchool(user);
  assertSeesStudents(user);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  const access = moodAccess(user, student);
  if (!access?.alerts) throw forbidden();
  await audit(
    db,
    { actorId: user.id, schoolId: school.schoolId, action: 'alert.history', targetType: 'student', targetId: studentId, details: { viewer: access.viewer } },
    services.clock.now(),
  );
  const rows = await q.alertsOfStudent(db, school.schoolId, studentId, user.id);
  return Promise.all(rows.map((row) => toDetail(db, row)));
}
