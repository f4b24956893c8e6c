import { AlertSettingsSchema, type AlertSettings } from '@high5/contract';
import { z } from 'zod';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The alert settings as the form edits them: the contract's schema, with the minutes as typed (a
 * whole number, then the contract's range) and the day's end after its start (the update's rule,
 * checked with the rest so every wrong field is told at once).
 */
export const alertSettingsFormSchema = AlertSettingsSchema.extend({
  escalationMinutes: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .pipe(AlertSettingsSchema.shape.escalationMinutes),
}).refine((v) => v.schoolDayStart < v.schoolDayEnd, {
  path: ['schoolDayEnd'],
  message: 'day_end_before_start',
  when: ({ value }) => {
    const v = value as { schoolDayStart?: unknown; schoolDayEnd?: unknown };
    return HH_MM.test(String(v.schoolDayStart)) && HH_MM.test(String(v.schoolDayEnd));
  },
});
export type AlertSettingsForm = z.input<typeof alertSettingsFormSchema>;

export const toForm = (settings: AlertSettings): AlertSettingsForm => ({ ...settings, escalationMinutes: String(settings.escalationMinutes) });

const MESSAGE_OF: Record<string, string> = {
  escalationMinutes: 'minutes',
  schoolDayStart: 'time',
  schoolDayEnd: 'time',
  schoolDays: 'days',
  counsellorIds: 'tooMany',
  escalationTiers: 'tooMany',
};

/** The `admin:alerts.errors` key that words a field's error (a tier's `escalationTiers.N`). */
export function alertErrorKey(path: string, message: string) {
  if (message === 'day_end_before_start') return 'endBeforeStart';
  if (/^escalationTiers\.\d+$/.test(path)) return message === 'errors:field.required' ? 'tierEmpty' : 'tooMany';
  return MESSAGE_OF[path] ?? 'tooMany';
}
