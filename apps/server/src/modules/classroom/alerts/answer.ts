import type { AlertAction } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { conflict } from '../../../lib/errors.js';
import * as q from './queries.js';

/**
 * THE way an alert is answered (the alert's form, and the seating chart's older acknowledgement,
 * docs/decisions/0460): the trail gets who, when and what; the first answer acknowledges the alert
 * and stops its escalation; closing ends it; today's glowing emoji on the seating chart stops too.
 * Runs in the caller's transaction (the alert row is locked). Audited.
 */
export async function recordAlertAction(
  db: Db,
  alert: { id: string; schoolId: string; studentId: string; openedAt: string | Date },
  actorId: string,
  body: { action: AlertAction; note: string; close: boolean },
  now: Date,
) {
  const locked = await db.selectFrom('alerts').select(['closedAt', 'firstAcknowledgedAt']).where('id', '=', alert.id).forUpdate().executeTakeFirstOrThrow();
  if (locked.closedAt) throw conflict('ALERT_CLOSED');
  await db.insertInto('alertActions').values({ alertId: alert.id, actorId, at: now, action: body.action, note: body.note, closed: body.close }).execute();
  await db
    .updateTable('alerts')
    .set({ nextStepAt: null, ...(locked.firstAcknowledgedAt ? {} : { firstAcknowledgedAt: now }), ...(body.close ? { closedAt: now } : {}) })
    .where('id', '=', alert.id)
    .execute();
  await db
    .updateTable('moods')
    .set({ acknowledgedAt: now, acknowledgedBy: actorId })
    .where('userId', '=', alert.studentId)
    .where('schoolId', '=', alert.schoolId)
    .where('emergency', '=', true)
    .where('acknowledgedAt', 'is', null)
    .where('checkedInAt', '>=', new Date(alert.openedAt))
    .execute();
  await audit(db, { actorId, schoolId: alert.schoolId, action: 'alert.action', targetType: 'alert', targetId: alert.id, details: { studentId: alert.studentId, action: body.action, close: body.close } }, now);
}

/** The seating chart's acknowledgement of a glowing emoji answers the student's open alert, if any (kept open). */
export async function acknowledgeOnChart(db: Db, schoolId: string, studentId: string, actorId: string, now: Date) {
  const open = await q.openAlert(db, schoolId, studentId);
  if (!open) return false;
  await recordAlertAction(db, open, actorId, { action: 'seenOnChart', note: '', close: false }, now);
  return true;
}
