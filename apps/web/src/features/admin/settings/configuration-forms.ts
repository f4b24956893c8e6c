import { EmailSchema, NotYetDaysSchema, TimeZoneSchema, TriggerTimeSchema } from '@high5/contract';
import { z } from 'zod';

/** The daily report's send time and the school's time zone: two fields of the configuration update, saved together. */
export const triggerFormSchema = z.object({ triggerTime: TriggerTimeSchema, timeZone: TimeZoneSchema });

/** One address to add to the report's recipients (the update's `add` list takes e-mails of this schema). */
export const notificationEmailFormSchema = z.object({ email: EmailSchema });

/** How many school days a teacher's "not yet" list looks back, as typed (digits), by the contract's rule. */
export const notYetFormSchema = z.object({ notYetDays: z.preprocess((typed) => (typed === '' ? Number.NaN : Number(typed)), NotYetDaysSchema) });
