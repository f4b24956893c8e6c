import { describe, expect, it } from 'vitest';
import type { AlertSettingsForm } from './settings-form';
import { validate } from './settings-form';

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

describe('alert settings form', () => {
  it('gives the settings to save', () => {
    expect(validate(ok)).toEqual({ settings: { ...ok, escalationMinutes: 30 }, errors: null });
  });

  it('tells every wrong field at once', () => {
    const result = validate({ ...ok, escalationMinutes: '2', schoolDayEnd: '07:00', schoolDays: [], escalationTiers: [[]] });
    expect(result.errors).toEqual({ escalationMinutes: 'minutes', schoolDayEnd: 'endBeforeStart', schoolDays: 'days', tier0: 'tierEmpty' });
  });

  it('refuses minutes that are not whole numbers and times that are not HH:mm', () => {
    expect(validate({ ...ok, escalationMinutes: '12.5' }).errors).toEqual({ escalationMinutes: 'minutes' });
    expect(validate({ ...ok, escalationMinutes: '' }).errors).toEqual({ escalationMinutes: 'minutes' });
    expect(validate({ ...ok, schoolDayStart: '8:00' }).errors).toEqual({ schoolDayStart: 'time' });
    expect(validate({ ...ok, schoolDayEnd: '25:00' }).errors).toEqual({ schoolDayEnd: 'time' });
  });
});
