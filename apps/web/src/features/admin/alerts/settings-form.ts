import { AlertSettingsSchema, type AlertSettings } from '@high5/contract';

/** The alert settings as the form edits them: numbers and times as typed. */
export type AlertSettingsForm = Omit<AlertSettings, 'escalationMinutes'> & { escalationMinutes: string };

/** A field of the form that can be wrong, with its message key under `admin:alerts.errors`. */
export type FormErrors = Partial<Record<'escalationMinutes' | 'schoolDayStart' | 'schoolDayEnd' | 'schoolDays' | `tier${number}` | 'counsellorIds' | 'escalationTiers', string>>;

export const toForm = (settings: AlertSettings): AlertSettingsForm => ({ ...settings, escalationMinutes: String(settings.escalationMinutes) });

const MESSAGE_OF: Record<string, string> = {
  escalationMinutes: 'minutes',
  schoolDayStart: 'time',
  schoolDayEnd: 'time',
  schoolDays: 'days',
  counsellorIds: 'tooMany',
  escalationTiers: 'tooMany',
};

/**
 * Checks the form with the contract's schema (the server checks the same, and that the adults are
 * active teachers or staff of the school): the settings to save, or each wrong field's message key.
 */
export function validate(form: AlertSettingsForm): { settings: AlertSettings; errors: null } | { settings: null; errors: FormErrors } {
  const minutes = /^\d{1,5}$/.test(form.escalationMinutes.trim()) ? Number(form.escalationMinutes) : Number.NaN;
  const parsed = AlertSettingsSchema.safeParse({ ...form, escalationMinutes: minutes });
  const errors: FormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      if (field === 'escalationTiers' && typeof index === 'number') errors[`tier${index}`] = issue.code === 'too_small' ? 'tierEmpty' : 'tooMany';
      else if (typeof field === 'string' && MESSAGE_OF[field]) errors[field as keyof FormErrors] = MESSAGE_OF[field];
    }
  }
  // The day's end after its start: checked with the rest, so every wrong field is told at once.
  if (!errors.schoolDayStart && !errors.schoolDayEnd && form.schoolDayStart >= form.schoolDayEnd) errors.schoolDayEnd = 'endBeforeStart';
  if (parsed.success && Object.keys(errors).length === 0) return { settings: parsed.data, errors: null };
  return { settings: null, errors };
}
