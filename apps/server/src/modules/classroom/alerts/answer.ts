import { toIsoDate, type AlertAction, type AlertFormAction } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { addSchoolMinutes } from './school-hours.js';
import { loadAlertSettings } from './settings.js';
import * as q from './queries.js';

type AlertRef = { id: string; schoolId: string; studentId: string; openedAt: string | Date };

/**
 * THE way an alert is answered (the alert's form, and the seating chart's older acknowledgement,
 * docs/decisions/0460): the trail gets who, when and what; the answer acknowledges every request
 * of the alert (its check-ins, so the student sees an adult saw it and the chart stops glowing)
 * and stops its escalation; closing ends it. Runs in the caller's transaction (the alert row is
 * locked). Audited.
 */
export async function recordAlertAction(db: Db, alert: AlertRef, actorId: string, body: { action: AlertAction; note: string; close: boolean }, now: Date) {
  const locked = await db.selectFrom('alerts').select(['closedAt', 'firstAcknowledgedAt']).where('id', '=', alert.id).forUpdate().executeTakeFirstOrThrow();
  if (locked.closedAt) throw conflict('ALERT_CLOSED');
  await db.insertInto('alertActions').values({ alertId: alert.id, actorId, at: now, action: body.action, note: body.note, closed: body.close }).execute();
  await db
    .updateTable('alerts')
    .set({
      nextStepAt: null,
      pendingSince: null,
      ...(locked.firstAcknowledgedAt ? {} : { firstAcknowledgedAt: now }),
      ...(body.close ? { closedAt: now } : {}),
    })
    .where('id', '=', alert.id)
    .execute();
  await acknowledgeCheckIns(db, alert, actorId, now);
  await audit(
    db,
    {
      actorId,
      schoolId: alert.schoolId,
      action: 'alert.action',
      targetType: 'alert',
      targetId: alert.id,
      details: { studentId: alert.studentId, action: body.action, close: body.close },
    },
    now,
  );
}

/**
 * The student's unanswered check-ins from the alert's opening school day on are answered. By school
 * date, not instant: the first check-in's row may be written a moment before its alert.
 */
async function acknowledgeCheckIns(db: Db, alert: AlertRef, actorId: string, now: Date) {
  const { timeZone } = await db.selectFrom('schools').select('timeZone').where('id', '=', alert.schoolId).executeTakeFirstOrThrow();
  await db
    .updateTable('moods')
    .set({ acknowledgedAt: now, acknowledgedBy: actorId })
    .where('userId', '=', alert.studentId)
    .where('schoolId', '=', alert.schoolId)
    .where('emergency', '=', true)
    .where('acknowledgedAt', 'is', null)
    .where('schoolDate', '>=', toIsoDate(new Date(alert.openedAt), timeZone))
    .where('checkedInAt', '<=', now)
    .execute();
}

/** The seating chart's acknowledgement of a glowing emoji answers the student's open alert, if any (kept open). */
export async function acknowledgeOnChart(db: Db, schoolId: string, studentId: string, actorId: string, now: Date) {
  const open = await q.openAlert(db, schoolId, studentId);
  if (!open) return false;
  await recordAlertAction(db, open, actorId, { action: 'seenOnChart', note: '', close: false }, now);
  return true;
}

/**
 * A trail entry is corrected by its author: a new entry says what really happened and points at the
 * first, which stays (the trail is never rewritten, decision 0521). Audited.
 */
export async function correctAlertAction(
  db: Db,
  alert: AlertRef,
  actorId: string,
  actionId: string,
  body: { action: AlertFormAction; note: string },
  now: Date,
) {
  const entry = await db
    .selectFrom('alertActions')
    .select(['actorId', 'closed'])
    .where('id', '=', actionId)
    .where('alertId', '=', alert.id)
    .forUpdate()
    .executeTakeFirst();
  if (!entry) throw notFound();
  if (entry.actorId !== actorId) throw conflict('ALERT_ENTRY_NOT_YOURS');
  if (await db.selectFrom('alertActions').select('id').where('corrects', '=', actionId).executeTakeFirst()) throw conflict('ALERT_ENTRY_CORRECTED');
  await db
    .insertInto('alertActions')
    .values({ alertId: alert.id, actorId, at: now, action: body.action, note: body.note, closed: false, corrects: actionId })
    .execute();
  await audit(
    db,
    {
      actorId,
      schoolId: alert.schoolId,
      action: 'alert.corrected',
      targetType: 'alert',
      targetId: alert.id,
      details: { studentId: alert.studentId, entry: actionId, action: body.action },
    },
    now,
  );
}

/**
 * A closed alert is reopened: it waits for an answer again, its escalation restarts from its tier
 * in school minutes, and the trail says who and why. Refused while the student has another open
 * alert (one open alert per student). Audited.
 */
export async function reopenAlert(db: Db, alert: AlertRef, actorId: string, note: string, now: Date) {
  const locked = await db.selectFrom('alerts').select('closedAt').where('id', '=', alert.id).forUpdate().executeTakeFirstOrThrow();
  if (!locked.closedAt) throw conflict('ALERT_NOT_CLOSED');
  if (await q.openAlert(db, alert.schoolId, alert.studentId)) throw conflict('ALERT_ANOTHER_OPEN');
  const settings = await loadAlertSettings(db, alert.schoolId);
  await db
    .updateTable('alerts')
    .set({ closedAt: null, pendingSince: now, nextStepAt: addSchoolMinutes(settings.hours, now, settings.escalationMinutes) })
    .where('id', '=', alert.id)
    .execute();
  await db.insertInto('alertActions').values({ alertId: alert.id, actorId, at: now, action: 'reopened', note, closed: false }).execute();
  await audit(
    db,
    { actorId, schoolId: alert.schoolId, action: 'alert.reopened', targetType: 'alert', targetId: alert.id, details: { studentId: alert.studentId } },
    now,
  );
}
