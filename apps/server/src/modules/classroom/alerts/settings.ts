import { ALERT_LIMITS, AlertSettingsSchema, DEFAULT_AFTER_HOURS_MESSAGE, type AlertSettings, type MoodKey } from '@high5/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { SchoolAlertSettings } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { addSchoolMinutes, inSchoolHours, type SchoolHours } from './school-hours.js';
import * as q from './queries.js';
import { activeAdults } from '../../../lib/school-adults.js';

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  alertOnNotToday: false,
  alertMoods: [],
  notifyTrustedAdults: true,
  notifyClassTeachers: true,
  notifyCounsellors: true,
  counsellorIds: [],
  escalationTiers: [],
  escalationMinutes: ALERT_LIMITS.escalationMinutesDefault,
  schoolDayStart: '08:00',
  schoolDayEnd: '15:30',
  schoolDays: [1, 2, 3, 4, 5],
  notifyAfterHours: false,
  afterHoursMessage: { en: '', es: '' },
  requireMoodConsent: false,
  parentsSeeMoods: true,
};

/** A school's alert settings (the defaults until an admin changes them) and its hours. */
export async function loadAlertSettings(db: Db, schoolId: string): Promise<AlertSettings & { hours: SchoolHours }> {
  const { timeZone, row } = await q.settingsRow(db, schoolId);
  const settings: AlertSettings = row
    ? {
        alertOnNotToday: row.alertOnNotToday,
        alertMoods: row.alertMoods as MoodKey[],
        notifyTrustedAdults: row.notifyTrustedAdults,
        notifyClassTeachers: row.notifyClassTeachers,
        notifyCounsellors: row.notifyCounsellors,
        counsellorIds: row.counsellorIds,
        escalationTiers: row.escalationTiers as string[][],
        escalationMinutes: row.escalationMinutes,
        schoolDayStart: row.schoolDayStart.slice(0, 5),
        schoolDayEnd: row.schoolDayEnd.slice(0, 5),
        schoolDays: row.schoolDays,
        notifyAfterHours: row.notifyAfterHours,
        afterHoursMessage: row.afterHoursMessage as AlertSettings['afterHoursMessage'],
        requireMoodConsent: row.requireMoodConsent,
        parentsSeeMoods: row.parentsSeeMoods,
      }
    : DEFAULT_ALERT_SETTINGS;
  return { ...settings, hours: { timeZone, start: settings.schoolDayStart, end: settings.schoolDayEnd, days: settings.schoolDays } };
}

/** The after-hours message in the student's language: the school's own, else the default one. */
export function afterHoursMessage(settings: AlertSettings, language: 'en' | 'es') {
  return settings.afterHoursMessage[language]?.trim() || DEFAULT_AFTER_HOURS_MESSAGE[language];
}

/**
 * New hours (or notifying after hours) re-plan the first notices that wait for school hours:
 * widened hours that include now release them at the next tick (decision 0522).
 */
async function replanWaitingAlerts(db: Db, schoolId: string, now: Date) {
  const settings = await loadAlertSettings(db, schoolId);
  const firstNotice = settings.notifyAfterHours || inSchoolHours(settings.hours, now) ? now : addSchoolMinutes(settings.hours, now, 0);
  await db
    .updateTable('alerts')
    .set({ nextStepAt: firstNotice })
    .where('schoolId', '=', schoolId)
    .where('closedAt', 'is', null)
    .where('tier', '<', 0)
    .where('nextStepAt', 'is not', null)
    .execute();
}

export async function getAlertSettings(db: Db, schoolId: string): Promise<AlertSettings> {
  const { hours: _hours, ...settings } = await loadAlertSettings(db, schoolId);
  return settings;
}

/** Applies any of the settings; counsellors and tiers must be active teachers or staff of the school. Audited. */
export async function updateAlertSettings(db: Db, services: Services, actor: { id: string; schoolId: string }, update: Partial<AlertSettings>) {
  const current = await getAlertSettings(db, actor.schoolId);
  const next = AlertSettingsSchema.parse({ ...current, ...update });
  if (next.schoolDayStart >= next.schoolDayEnd) throw badRequest('VALIDATION_FAILED');
  const named = [...new Set([...next.counsellorIds, ...next.escalationTiers.flat()])];
  if ((await activeAdults(db, actor.schoolId, named)).length !== named.length) throw badRequest('ALERT_ADULT_NOT_ALLOWED');
  await q.ensureSettingsRow(db, actor.schoolId);
  const values: Updateable<SchoolAlertSettings> = {
    alertOnNotToday: next.alertOnNotToday,
    alertMoods: [...new Set(next.alertMoods)],
    notifyTrustedAdults: next.notifyTrustedAdults,
    notifyClassTeachers: next.notifyClassTeachers,
    notifyCounsellors: next.notifyCounsellors,
    counsellorIds: [...new Set(next.counsellorIds)],
    escalationTiers: JSON.stringify(next.escalationTiers.map((tier) => [...new Set(tier)])),
    escalationMinutes: next.escalationMinutes,
    schoolDayStart: next.schoolDayStart,
    schoolDayEnd: next.schoolDayEnd,
    schoolDays: [...new Set(next.schoolDays)].sort(),
    notifyAfterHours: next.notifyAfterHours,
    afterHoursMessage: JSON.stringify(next.afterHoursMessage),
    requireMoodConsent: next.requireMoodConsent,
    parentsSeeMoods: next.parentsSeeMoods,
  };
  await db.updateTable('schoolAlertSettings').set(values).where('schoolId', '=', actor.schoolId).execute();
  await replanWaitingAlerts(db, actor.schoolId, services.clock.now());
  await audit(
    db,
    { actorId: actor.id, schoolId: actor.schoolId, action: 'alerts.settings', targetType: 'school', targetId: actor.schoolId, details: update },
    services.clock.now(),
  );
  return getAlertSettings(db, actor.schoolId);
}
