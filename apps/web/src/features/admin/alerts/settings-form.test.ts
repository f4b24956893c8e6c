import { describe, expect, it } from 'vitest';
import { issueKey } from '../../../components/form/contract-form';
import { alertErrorKey, alertSettingsFormSchema, type AlertSettingsForm } from './settings-form';

const ok: AlertSettingsForm = {
  alertOnNotToday: false,
  alertMoods: [],
  notifyTrustedAdults: true,
  notifyClassTeachers: true,
  notifyCounsellors: true,
  counsellorIds: [],
  escalationTiers: [],
  escalationMinutes: '30',
  schoolDayStart: '08:00',
  schoolDayEnd: '15:30',
  schoolDays: [1, 2, 3, 4, 5],
  notifyAfterHours: false,
  afterHoursMessage: { en: '', es: '' },
  requireMoodConsent: false,
  parentsSeeMoods: true,
};

/** Each wrong field's message key, as the form shows it (the first issue of a field). */
function errors(form: AlertSettingsForm) {
  const result = alertSettingsFormSchema.safeParse(form, { error: issueKey });
  if (result.success) return null;
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    out[path] ??= alertErrorKey(path, issue.message);
  }
  return out;
}

describe('alert settings form', () => {
  it('gives the settings to save', () => {
    expect(alertSettingsFormSchema.parse(ok)).toEqual({ ...ok, escalationMinutes: 30 });
  });

  it('tells every wrong field at once', () => {
    expect(errors({ ...ok, escalationMinutes: '2', schoolDayEnd: '07:00', schoolDays: [], escalationTiers: [[]] })).toEqual({
      escalationMinutes: 'minutes',
      schoolDayEnd: 'endBeforeStart',
      schoolDays: 'days',
      'escalationTiers.0': 'tierEmpty',
    });
  });

  it('refuses minutes that are not whole numbers and times that are not HH:mm', () => {
    expect(errors({ ...ok, escalationMinutes: '12.5' })).toEqual({ escalationMinutes: 'minutes' });
    expect(errors({ ...ok, escalationMinutes: '' })).toEqual({ escalationMinutes: 'minutes' });
    expect(errors({ ...ok, schoolDayStart: '8:00' })).toEqual({ schoolDayStart: 'time' });
    expect(errors({ ...ok, schoolDayEnd: '25:00' })).toEqual({ schoolDayEnd: 'time' });
  });
});
