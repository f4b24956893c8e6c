import { z } from 'zod';
import { EmailSchema } from '../auth.js';
import { EmptySchema, endpoint, IsoDateSchema, optionalMultilineText, singleLine } from '../core.js';
import { NotYetDaysSchema } from '../every-child.js';
import { NOTIFICATION_EMAILS_MAX, MOOD_MESSAGE_MAX, OptionalUrlSchema, TimeZoneSchema, TriggerTimeSchema } from './common.js';
import { count } from './internal.js';

// ---------------------------------------------------------------------------------------------
// School configuration (docs/rules/administration.md#school-configuration)
// ---------------------------------------------------------------------------------------------

const messagePair = z.object({ message1: optionalMultilineText(MOOD_MESSAGE_MAX), message2: optionalMultilineText(MOOD_MESSAGE_MAX) });
/** The mood meter messages; a message missing in one language is copied from the other. */
export const MoodMessagesSchema = z.object({ en: messagePair, es: messagePair });
export type MoodMessages = z.infer<typeof MoodMessagesSchema>;

/** Fills each message missing in one language from the other (docs/rules/administration.md#school-configuration). */
export function completeMoodMessages(messages: MoodMessages): MoodMessages {
  const pick = (a: string, b: string) => (a.trim() ? a.trim() : b.trim());
  return {
    en: { message1: pick(messages.en.message1, messages.es.message1), message2: pick(messages.en.message2, messages.es.message2) },
    es: { message1: pick(messages.es.message1, messages.en.message1), message2: pick(messages.es.message2, messages.en.message2) },
  };
}

export const ConfigUrlsSchema = z.object({
  programIep: OptionalUrlSchema,
  program504: OptionalUrlSchema,
  language: OptionalUrlSchema,
  studentDocument: OptionalUrlSchema,
});
export type ConfigUrls = z.infer<typeof ConfigUrlsSchema>;

/** One notification address and whether its owner confirmed it (decision 0590). */
export const NotificationEmailStateSchema = z.object({
  email: z.string(),
  /** When the owner opened the confirmation link; null while waiting. */
  confirmedAt: z.string().nullable(),
  /** When the last confirmation link was e-mailed; null when unknown or never (addresses listed before confirmation existed). */
  linkSentAt: z.string().nullable(),
});
export type NotificationEmailState = z.infer<typeof NotificationEmailStateSchema>;

export const SchoolConfigurationSchema = z.object({
  schoolName: z.string(),
  timeZone: z.string(),
  triggerTime: z.string(),
  notificationEmails: z.array(z.string()),
  /** The same addresses with their confirmation state, in the same order. */
  notificationEmailStates: z.array(NotificationEmailStateSchema),
  high5Vibes: z.boolean(),
  high5NotifyEmail: z.boolean(),
  promptMoodmeter: z.boolean(),
  moodmeterMessages: MoodMessagesSchema,
  urls: ConfigUrlsSchema,
  /** The school-local date the daily mood meter report was last sent, or null. */
  lastMoodReportSentOn: IsoDateSchema.nullable(),
  /** The school-local date, later than the last sent one, whose daily report was due but held: no address had confirmed (decision 0590). */
  moodReportHeldOn: IsoDateSchema.nullable(),
  /** A district-connected (Aeries or Clever) school: only there do students' details show the deep links (decision 0317). */
  paid: z.boolean(),
  /** How many school days a teacher's "not yet" list looks back. */
  notYetDays: NotYetDaysSchema,
});
export type SchoolConfiguration = z.infer<typeof SchoolConfigurationSchema>;

/** Any of the settings; each section of the screen sends its own. */
export const ConfigurationUpdateSchema = z
  .object({
    triggerTime: TriggerTimeSchema,
    timeZone: TimeZoneSchema,
    high5Vibes: z.boolean(),
    high5NotifyEmail: z.boolean(),
    promptMoodmeter: z.boolean(),
    moodmeterMessages: MoodMessagesSchema,
    urls: ConfigUrlsSchema,
    notYetDays: NotYetDaysSchema,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing_to_update');
export type ConfigurationUpdate = z.input<typeof ConfigurationUpdateSchema>;

export const NotificationEmailsUpdateSchema = z
  .object({
    add: z.array(EmailSchema).max(NOTIFICATION_EMAILS_MAX).default([]),
    remove: z
      .array(singleLine(z.string().trim().toLowerCase().max(254)))
      .max(NOTIFICATION_EMAILS_MAX * 2)
      .default([]),
  })
  .strict()
  .refine((v) => v.add.length + v.remove.length > 0, 'nothing_to_update');

/** Which listed address gets a new confirmation link. */
export const NotificationConfirmationResendSchema = z.object({ email: singleLine(z.string().trim().toLowerCase().max(254)) }).strict();

export const configurationEndpoints = {
  // --- School admin: configuration ------------------------------------------------------------
  configuration: endpoint({
    id: 'admin.configuration',
    method: 'GET',
    path: '/admin/configuration',
    summary: "The current school's configuration.",
    access: 'schoolAdmin',
    response: SchoolConfigurationSchema,
  }),
  updateConfiguration: endpoint({
    id: 'admin.updateConfiguration',
    method: 'PATCH',
    path: '/admin/configuration',
    summary: 'Changes any of: trigger time and time zone, switches, mood meter prompt and messages, deep-link URLs.',
    access: 'schoolAdmin',
    body: ConfigurationUpdateSchema,
    response: SchoolConfigurationSchema,
    errors: ['VALIDATION_FAILED'],
  }),
  updateNotificationEmails: endpoint({
    id: 'admin.updateNotificationEmails',
    method: 'PUT',
    path: '/admin/configuration/notification-emails',
    summary: 'Adds and removes addresses that receive the daily mood meter report.',
    access: 'schoolAdmin',
    body: NotificationEmailsUpdateSchema,
    response: z.array(z.string()),
    errors: ['VALIDATION_FAILED', 'TOO_MANY_NOTIFICATION_EMAILS', 'NOTIFICATION_EMAIL_EXISTS'],
  }),
  sendMoodReport: endpoint({
    id: 'admin.sendMoodReport',
    rateLimit: { max: 10, perSeconds: 3600 }, // e-mails the report
    method: 'POST',
    path: '/admin/mood-report/send',
    summary: 'Sends the mood meter report e-mail to the configured addresses now.',
    access: 'schoolAdmin',
    body: EmptySchema,
    response: z.object({ recipients: count }),
    errors: ['NO_NOTIFICATION_EMAILS', 'NOTIFICATION_EMAILS_UNCONFIRMED'],
  }),
  resendNotificationConfirmation: endpoint({
    id: 'admin.resendNotificationConfirmation',
    rateLimit: { max: 20, perSeconds: 3600 }, // e-mails a link
    method: 'POST',
    path: '/admin/configuration/notification-emails/confirmation',
    summary:
      "E-mails a new confirmation link to one of the school's unconfirmed notification addresses (the earlier link stops working); at most once per address every 10 minutes.",
    access: 'schoolAdmin',
    body: NotificationConfirmationResendSchema,
    response: NotificationEmailStateSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'NOTIFICATION_EMAIL_CONFIRMED', 'CONFIRMATION_SENT_RECENTLY'],
  }),
};
