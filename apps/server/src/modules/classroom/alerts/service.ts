import { moodInfo, toIsoDate, type AlertDetail, type AlertSummary, type EmergencyPriority, type MoodKey } from '@high5/contract';
import { serverT, type Lang } from '@high5/i18n';
import { inTransaction, type Db } from '../../../db/database.js';
import { badRequest } from '../../../lib/errors.js';
import type { Membership, SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { addSchoolMinutes, inSchoolHours } from './school-hours.js';
import { afterHoursMessage, loadAlertSettings } from './settings.js';
import * as q from './queries.js';
import { activeAdults } from '../../../lib/school-adults.js';

/** The job, run every minute by a schedule (once across processes), that sends due notices and escalations. */
export const ALERT_TICK = 'alerts.tick';

type Settings = Awaited<ReturnType<typeof loadAlertSettings>>;
type AlertRow = NonNullable<Awaited<ReturnType<typeof q.openAlert>>>;

/** Whether a check-in raises an alert under the school's settings (docs/decisions/0421). */
function raises(settings: Settings, mood: MoodKey, priority: EmergencyPriority) {
  return priority === 'today' || (priority === 'not-today' && settings.alertOnNotToday) || settings.alertMoods.includes(mood);
}

/**
 * Called by the check-in, in its transaction: a student's check-in that raises an alert creates
 * the student's open alert or ADDS TO it (an unanswered request is never erased). In school hours
 * (or when the school notifies at any hour) the first notice goes out at once; otherwise it waits
 * for the next school morning and the student gets the after-hours message.
 */
export async function raiseFromCheckIn(
  db: Db,
  services: Services,
  student: SessionUser,
  school: Membership,
  checkIn: { mood: MoodKey; priority: EmergencyPriority; talkTo?: string },
  now: Date,
) {
  if (student.role !== 'student') return null;
  const settings = await loadAlertSettings(db, school.schoolId);
  if (!raises(settings, checkIn.mood, checkIn.priority)) return { raised: false, afterHoursMessage: null };
  const talkTo = checkIn.talkTo && checkIn.talkTo !== 'any' ? checkIn.talkTo : null;
  if (talkTo && !(await q.trustedAdultIds(db, school.schoolId, student.id)).includes(talkTo)) throw badRequest('TALK_TO_NOT_ALLOWED');
  const afterHours = !inSchoolHours(settings.hours, now);
  const firstNotice = afterHours && !settings.notifyAfterHours ? addSchoolMinutes(settings.hours, now, 0) : now;
  let alert = await q.openAlert(db, school.schoolId, student.id);
  if (!alert) {
    alert = await q.insertAlert(db, { schoolId: school.schoolId, studentId: student.id, openedAt: now, nextStepAt: firstNotice, pendingSince: now });
    await audit(
      db,
      { actorId: student.id, schoolId: school.schoolId, action: 'alert.raised', targetType: 'alert', targetId: alert.id, details: { afterHours } },
      now,
    );
  } else if (checkIn.priority === 'today' && renews(alert, settings, now)) {
    // A new "today" after an answer, or on a later school day: told again from the first notice (decision 0520).
    alert = await q.updateAlert(db, alert.id, { tier: -1, nextStepAt: firstNotice, pendingSince: now });
    await audit(
      db,
      { actorId: student.id, schoolId: school.schoolId, action: 'alert.renewed', targetType: 'alert', targetId: alert.id, details: { afterHours } },
      now,
    );
  }
  await q.insertSignal(db, {
    alertId: alert.id,
    at: now,
    mood: checkIn.mood,
    priority: checkIn.priority,
    talkTo,
    talkToAny: checkIn.talkTo === 'any',
    afterHours,
  });
  if (alert.nextStepAt && alert.nextStepAt <= now) {
    await step(db, services, alert, settings, now);
  } else if (talkTo && alert.tier >= 0) {
    // Already routed: the adult the student now asks for is told at once.
    await notify(db, services, alert, [{ adultId: talkTo, tier: alert.tier, reason: 'chosen' }], 'alert', now);
  }
  return { raised: true, afterHoursMessage: afterHours ? afterHoursMessage(settings, student.language) : null };
}

/** Whether a "today" on the open alert is a new request: answered since its last one, or that one was on an earlier school day. */
function renews(alert: AlertRow, settings: Settings, now: Date) {
  if (!alert.pendingSince) return true;
  return toIsoDate(alert.pendingSince, settings.hours.timeZone) < toIsoDate(now, settings.hours.timeZone);
}

/** The first notice's adults: trusted adults, class teachers, named counsellors (per the school), and the adult the student asked for. */
export async function firstNoticeAdults(db: Db, alert: { id: string; schoolId: string; studentId: string }, settings: Settings) {
  const list: { adultId: string; tier: number; reason: string }[] = [];
  const add = (ids: string[], reason: string) => ids.forEach((adultId) => list.some((r) => r.adultId === adultId) || list.push({ adultId, tier: 0, reason }));
  add(await q.chosenAdultIds(db, alert.id), 'chosen');
  if (settings.notifyTrustedAdults) add(await q.trustedAdultIds(db, alert.schoolId, alert.studentId), 'trustedAdult');
  if (settings.notifyClassTeachers) add(await q.classTeacherIds(db, alert.schoolId, alert.studentId), 'classTeacher');
  if (settings.notifyCounsellors) add(await activeAdults(db, alert.schoolId, settings.counsellorIds), 'counsellor');
  return list;
}

/** Escalation tier `n` (1-based): the school's named tiers, or its admins when it named none. */
async function tierAdults(db: Db, alert: AlertRow, settings: Settings, n: number) {
  const ids = (settings.escalationTiers.length ? settings.escalationTiers[n - 1] : await q.schoolAdmins(db, alert.schoolId)) ?? [];
  return (await activeAdults(db, alert.schoolId, ids)).map((adultId) => ({ adultId, tier: n, reason: 'escalation' }));
}

const tierCount = (settings: Settings) => Math.max(1, settings.escalationTiers.length);

/**
 * One step of an alert's chain, in the caller's transaction, while a request is unanswered: the
 * first notice, else the next tier (told "still unanswered" even if it had the first notice), and
 * after the last tier a reminder to every adult it reached at each escalation interval, until
 * someone answers (decision 0520). A tier that reaches nobody passes at once to the next one.
 */
async function step(db: Db, services: Services, alert: AlertRow, settings: Settings, now: Date) {
  if (!alert.pendingSince) {
    await q.updateAlert(db, alert.id, { nextStepAt: null });
    return;
  }
  const nextStepAt = addSchoolMinutes(settings.hours, now, settings.escalationMinutes);
  let tier = alert.tier;
  while (tier < tierCount(settings)) {
    tier++;
    const adults = tier === 0 ? await firstNoticeAdults(db, alert, settings) : await tierAdults(db, alert, settings, tier);
    const reached = await notify(db, services, alert, adults, tier === 0 ? 'alert' : 'escalated', now);
    if (tier > 0)
      await audit(
        db,
        {
          actorId: null,
          schoolId: alert.schoolId,
          action: 'alert.escalated',
          targetType: 'alert',
          targetId: alert.id,
          details: { tier, adults: reached.length },
        },
        now,
      );
    if (reached.length > 0 || tier >= tierCount(settings)) {
      await q.updateAlert(db, alert.id, { tier, nextStepAt, ...(tier > 0 && !alert.escalatedAt ? { escalatedAt: now } : {}) });
      return;
    }
  }
  // The chain is done and still nobody answered: everyone it reached is reminded.
  const everyone = await q.recipientsOf(db, alert.id);
  const reminded = await notify(db, services, alert, everyone, 'escalated', now);
  await audit(
    db,
    { actorId: null, schoolId: alert.schoolId, action: 'alert.reminded', targetType: 'alert', targetId: alert.id, details: { adults: reminded.length } },
    now,
  );
  await q.updateAlert(db, alert.id, { nextStepAt });
}

/**
 * Records the adults an alert reached (new ones keep the tier and reason they were first told with)
 * and e-mails each of `adults` in their language, those it reached before too. Returns their ids.
 */
async function notify(
  db: Db,
  services: Services,
  alert: AlertRow,
  adults: { adultId: string; tier: number; reason: string }[],
  template: 'alert' | 'escalated',
  now: Date,
) {
  await q.addRecipients(db, alert.id, adults, now);
  const added = [...new Set(adults.map((a) => a.adultId))];
  const { schoolName, studentName, mood } = await q.noticeFacts(db, alert);
  for (const adult of await q.mailTargets(db, added)) {
    const lang: Lang = adult.language === 'es' ? 'es' : 'en';
    const t = serverT(lang);
    await services.mail.queue(db, adult.email!, lang, `classroom:alerts.mail.${template}`, {
      student: studentName,
      school: schoolName,
      feeling: t(`classroom:feelings.${moodInfo(mood)?.feeling ?? 'sad'}`).toLocaleLowerCase(lang),
      url: alertLink(services, alert.id),
    });
  }
  if (added.length)
    await audit(
      db,
      { actorId: null, schoolId: alert.schoolId, action: 'alert.notified', targetType: 'alert', targetId: alert.id, details: { template, adults: added } },
      now,
    );
  return added;
}

/** One tick: every alert whose next step is due, each in its own transaction, claimed by a row lock. */
export async function runAlertTick(services: Services) {
  const now = services.clock.now();
  let steps = 0;
  for (const id of await q.dueAlertIds(services.db, now)) {
    await inTransaction(services.db, async (tx) => {
      const alert = await q.lockDueAlert(tx, id, now);
      if (!alert) return;
      await step(tx, services, alert, await loadAlertSettings(tx, alert.schoolId), now);
      steps++;
    });
  }
  return steps;
}

/** The alert's own address in the web app (the bell opens it), for e-mails. */
export const alertLink = (services: Services, alertId: string) => `${services.config.publicUrl.replace(/\/$/, '')}/?alert=${alertId}`;

export function toSummary(row: q.SummaryRow): AlertSummary {
  return {
    id: row.id,
    studentId: row.studentId,
    studentName: row.studentName,
    openedAt: row.openedAt.toISOString(),
    open: row.closedAt === null,
    tier: row.tier,
    escalated: row.escalatedAt !== null,
    firstAcknowledgedAt: row.firstAcknowledgedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    latestMood: row.latestMood as MoodKey,
    latestPriority: row.latestPriority as EmergencyPriority,
    signals: row.signals,
    askedForMe: row.askedForMe,
    waitingUntil: row.tier < 0 && row.nextStepAt && row.closedAt === null ? row.nextStepAt.toISOString() : null,
    unanswered: row.pendingSince !== null && row.closedAt === null,
  };
}

export async function toDetail(db: Db, row: q.SummaryRow): Promise<AlertDetail> {
  const t = await q.trail(db, row.id);
  return {
    ...toSummary(row),
    checkIns: t.checkIns.map((s) => ({
      at: s.at.toISOString(),
      mood: s.mood as MoodKey,
      priority: s.priority as EmergencyPriority,
      talkTo: s.talkTo ? { id: s.talkTo, name: s.talkToName } : null,
      talkToAny: s.talkToAny,
      afterHours: s.afterHours,
    })),
    recipients: t.recipients.map((r) => ({
      id: r.adultId,
      name: r.name,
      tier: r.tier,
      reason: r.reason as AlertDetail['recipients'][number]['reason'],
      notifiedAt: r.notifiedAt.toISOString(),
    })),
    actions: t.actions.map((x) => ({
      id: x.id,
      actor: x.actorId ? { id: x.actorId, name: x.actorName } : null,
      at: x.at.toISOString(),
      action: x.action as AlertDetail['actions'][number]['action'],
      note: x.note,
      closed: x.closed,
      corrects: x.corrects,
      correctedBy: t.actions.find((y) => y.corrects === x.id)?.id ?? null,
    })),
  };
}
