import type { AlertAction } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { audit, auditOncePerHour } from '../../../lib/audit.js';
import { assertSeesStudents, requireSchool } from '../common.js';
import { canReadAlerts, loadStudent, moodAccess } from '../../../policies/student.js';
import * as q from './queries.js';
import { toDetail, toSummary } from './service.js';

const WEEK_MS = 7 * 86_400_000;

/** The alerts that reached the caller (the shell's badge and list). The list's read is audited once an hour. */
export async function myAlerts(db: Db, services: Services, user: SessionUser) {
  const school = requireSchool(user);
  assertSeesStudents(user);
  const now = services.clock.now();
  const rows = await q.alertsForAdult(db, school.schoolId, user.id, new Date(now.getTime() - WEEK_MS));
  if (rows.length) await auditOncePerHour(db, { actorId: user.id, schoolId: school.schoolId, action: 'alert.list', targetType: 'user', targetId: user.id }, now);
  const items = rows.map(toSummary);
  return { open: items.filter((a) => a.open).length, items };
}

/** An alert the caller may read: one that reached them, or one of a student whose alerts the visibility rule lets them read. */
async function readableAlert(db: Db, user: SessionUser, alertId: string) {
  const school = requireSchool(user);
  assertSeesStudents(user);
  const row = await q.alertById(db, school.schoolId, alertId, user.id);
  if (!row) throw notFound();
  if (!(await q.isRecipient(db, alertId, user.id))) {
    const student = await loadStudent(db, user, row.studentId);
    if (!student || !canReadAlerts(user, student)) throw forbidden();
  }
  return { school, row };
}

export async function alertDetail(db: Db, services: Services, user: SessionUser, alertId: string) {
  const { school, row } = await readableAlert(db, user, alertId);
  await audit(db, { actorId: user.id, schoolId: school.schoolId, action: 'alert.read', targetType: 'alert', targetId: alertId, details: { studentId: row.studentId } }, services.clock.now());
  return toDetail(db, row);
}

/**
 * What an adult did: the first one acknowledges the alert (its escalation stops); closing ends it.
 * Today's glowing emoji on the seating chart stops too. Audited.
 */
export async function actOnAlert(db: Db, services: Services, user: SessionUser, alertId: string, body: { action: AlertAction; note: string; close: boolean }) {
  const { school, row } = await readableAlert(db, user, alertId);
  const now = services.clock.now();
  const locked = await db.selectFrom('alerts').select(['closedAt', 'firstAcknowledgedAt']).where('id', '=', alertId).forUpdate().executeTakeFirstOrThrow();
  if (locked.closedAt) throw conflict('ALERT_CLOSED');
  await db.insertInto('alertActions').values({ alertId, actorId: user.id, at: now, action: body.action, note: body.note, closed: body.close }).execute();
  await db
    .updateTable('alerts')
    .set({ nextStepAt: null, ...(locked.firstAcknowledgedAt ? {} : { firstAcknowledgedAt: now }), ...(body.close ? { closedAt: now } : {}) })
    .where('id', '=', alertId)
    .execute();
  await db
    .updateTable('moods')
    .set({ acknowledgedAt: now, acknowledgedBy: user.id })
    .where('userId', '=', row.studentId)
    .where('schoolId', '=', school.schoolId)
    .where('emergency', '=', true)
    .where('acknowledgedAt', 'is', null)
    .where('checkedInAt', '>=', row.openedAt)
    .execute();
  await audit(db, { actorId: user.id, schoolId: school.schoolId, action: 'alert.action', targetType: 'alert', targetId: alertId, details: { studentId: row.studentId, action: body.action, close: body.close } }, now);
  return toDetail(db, (await q.alertById(db, school.schoolId, alertId, user.id))!);
}

/** A student's alert history, for those the visibility rule allows. Audited. */
export async function studentAlerts(db: Db, services: Services, user: SessionUser, studentId: string) {
  const school = requireSchool(user);
  assertSeesStudents(user);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  const access = moodAccess(user, student);
  if (!access?.alerts) throw forbidden();
  await audit(db, { actorId: user.id, schoolId: school.schoolId, action: 'alert.history', targetType: 'student', targetId: studentId, details: { viewer: access.viewer } }, services.clock.now());
  const rows = await q.alertsOfStudent(db, school.schoolId, studentId, user.id);
  return Promise.all(rows.map((row) => toDetail(db, row)));
}
