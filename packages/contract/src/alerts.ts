import { z } from 'zod';
import { DateRangeSchema, endpoint, IsoDateSchema, optionalMultilineText, UuidSchema } from './core.js';
import { MoodKeySchema, EmergencyPrioritySchema } from './classroom.js';
import { ALERT_LIMITS, MOODS } from './moods.js';

export { ALERT_LIMITS } from './moods.js';

// ---------------------------------------------------------------------------
// Well-being alerts (docs/decisions/0420-0424)
// ---------------------------------------------------------------------------

/** What an adult records on an alert with its form. */
export const AlertFormActionSchema = z.enum(['talked', 'contactedFamily', 'referredCounsellor', 'other']);
export type AlertFormAction = z.infer<typeof AlertFormActionSchema>;
/** A trail's entries: the form's actions, and the seating chart's acknowledgement of the glowing emoji (decision 0460). */
export const AlertActionSchema = z.enum([...AlertFormActionSchema.options, 'seenOnChart', 'reopened']);
export type AlertAction = z.infer<typeof AlertActionSchema>;
export const AlertReasonSchema = z.enum(['trustedAdult', 'classTeacher', 'counsellor', 'chosen', 'escalation']);
export type AlertReason = z.infer<typeof AlertReasonSchema>;
export const ConsentStatusSchema = z.enum(['given', 'refused', 'pending']);
export type ConsentStatus = z.infer<typeof ConsentStatusSchema>;

const LowMoodSchema = MoodKeySchema.refine((k) => MOODS.find((m) => m.key === k)?.low === true, 'not_low_mood');
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** The default after-hours message names the 988 Suicide & Crisis Lifeline (US schools). */
export const DEFAULT_AFTER_HOURS_MESSAGE = {
  en: 'Your message reached school, and an adult will see it when school opens. If you need help right now, call or text 988 (Suicide & Crisis Lifeline), or call 911 in an emergency. You can also talk to a family member or another adult you trust.',
  es: 'Tu mensaje llegó a la escuela y un adulto lo verá cuando abra la escuela. Si necesitas ayuda ahora mismo, llama o envía un mensaje de texto al 988 (Línea de Prevención del Suicidio y Crisis), o llama al 911 en una emergencia. También puedes hablar con alguien de tu familia o con otro adulto de confianza.',
} as const;

export const AlertSettingsSchema = z.object({
  alertOnNotToday: z.boolean(),
  alertMoods: z.array(LowMoodSchema).max(MOODS.length),
  notifyTrustedAdults: z.boolean(),
  notifyClassTeachers: z.boolean(),
  notifyCounsellors: z.boolean(),
  counsellorIds: z.array(UuidSchema).max(ALERT_LIMITS.counsellorsMax),
  /** After the first notice, each tier in turn; an empty chain means the school's admins. */
  escalationTiers: z.array(z.array(UuidSchema).min(1).max(ALERT_LIMITS.adultsPerTierMax)).max(ALERT_LIMITS.tiersMax),
  escalationMinutes: z.number().int().min(ALERT_LIMITS.escalationMinutesMin).max(ALERT_LIMITS.escalationMinutesMax),
  schoolDayStart: TimeSchema,
  schoolDayEnd: TimeSchema,
  /** ISO weekdays, 1 = Monday. */
  schoolDays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  notifyAfterHours: z.boolean(),
  /** '' means the default message of that language. */
  afterHoursMessage: z.object({ en: optionalMultilineText(ALERT_LIMITS.afterHoursMessageMax), es: optionalMultilineText(ALERT_LIMITS.afterHoursMessageMax) }),
  requireMoodConsent: z.boolean(),
  parentsSeeMoods: z.boolean(),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;
export const AlertSettingsUpdateSchema = AlertSettingsSchema.partial()
  .strict()
  .refine((v) => !v.schoolDayStart || !v.schoolDayEnd || v.schoolDayStart < v.schoolDayEnd, { message: 'day_end_before_start', path: ['schoolDayEnd'] });

export const AlertAdultSchema = z.object({ id: UuidSchema, name: z.string() });
export type AlertAdult = z.infer<typeof AlertAdultSchema>;

export const AlertSummarySchema = z.object({
  id: UuidSchema,
  studentId: UuidSchema,
  studentName: z.string(),
  openedAt: z.string(),
  open: z.boolean(),
  /** The tier last notified (0 the first notice; -1 while it waits for school hours). */
  tier: z.number().int(),
  escalated: z.boolean(),
  firstAcknowledgedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  latestMood: MoodKeySchema,
  latestPriority: EmergencyPrioritySchema,
  signals: z.number().int(),
  /** The student asked to talk to the caller. */
  askedForMe: z.boolean(),
  /** After hours: the first notice waits for the school's next opening (this instant); null once sent (decision 0522). */
  waitingUntil: z.string().nullable(),
  /** A request no adult has answered since it was made (a renewed "today" after an answer counts, decision 0520). */
  unanswered: z.boolean(),
});
export type AlertSummary = z.infer<typeof AlertSummarySchema>;

export const AlertDetailSchema = AlertSummarySchema.extend({
  signals: z.number().int(),
  checkIns: z.array(
    z.object({
      at: z.string(),
      mood: MoodKeySchema,
      priority: EmergencyPrioritySchema,
      talkTo: AlertAdultSchema.nullable(),
      talkToAny: z.boolean(),
      afterHours: z.boolean(),
    }),
  ),
  recipients: z.array(z.object({ id: UuidSchema, name: z.string(), tier: z.number().int(), reason: AlertReasonSchema, notifiedAt: z.string() })),
  actions: z.array(
    z.object({
      id: UuidSchema,
      actor: AlertAdultSchema.nullable(),
      at: z.string(),
      action: AlertActionSchema,
      note: z.string(),
      closed: z.boolean(),
      /** The earlier entry this one corrects (decision 0521). */
      corrects: UuidSchema.nullable(),
      /** A later entry corrected this one. */
      correctedBy: UuidSchema.nullable(),
    }),
  ),
});
export type AlertDetail = z.infer<typeof AlertDetailSchema>;

export const AlertActionBodySchema = z
  .object({ action: AlertFormActionSchema, note: optionalMultilineText(ALERT_LIMITS.noteMax).default(''), close: z.boolean() })
  .strict()
  .refine((v) => v.action !== 'other' || v.note.length > 0, { message: 'note_required', path: ['note'] });

/** A correction of a trail entry: what the adult really did (decision 0521). Closing is undone by reopening. */
export const AlertCorrectionBodySchema = z
  .object({ action: AlertFormActionSchema, note: optionalMultilineText(ALERT_LIMITS.noteMax).default('') })
  .strict()
  .refine((v) => v.action !== 'other' || v.note.length > 0, { message: 'note_required', path: ['note'] });

/** Reopening a closed alert, with why. */
export const AlertReopenBodySchema = z.object({ note: optionalMultilineText(ALERT_LIMITS.noteMax).default('') }).strict();

export const CheckInAlertSchema = z.object({
  /** The check-in raised or added to an alert. */
  raised: z.boolean(),
  /** Outside school hours: the school's message with crisis resources, in the student's language. */
  afterHoursMessage: z.string().nullable(),
});

export const AlertReportRowSchema = z.object({
  /** Monday of the week (school-local). */
  week: IsoDateSchema,
  className: z.string(),
  alerts: z.number().int(),
  open: z.number().int(),
  escalated: z.number().int(),
  acknowledged: z.number().int(),
  medianAckMinutes: z.number().nullable(),
  worstAckMinutes: z.number().nullable(),
});
export type AlertReportRow = z.infer<typeof AlertReportRowSchema>;

/** The alerts report's weeks: any range of real dates, From on or before To. */
export const AlertReportQuerySchema = z.object({ dateRange: DateRangeSchema });

export const MoodConsentSchema = z.object({
  studentId: UuidSchema,
  studentName: z.string(),
  required: z.boolean(),
  status: ConsentStatusSchema,
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  /**
   * The caller's link to the child is one the school knows (docs/decisions/0540): until an admin
   * confirms it, the parent sees the consent but cannot give or refuse it.
   */
  confirmed: z.boolean(),
});

/** One recorded consent answer of the school's students, as the school admin sees it. */
export const SchoolMoodConsentSchema = z.object({
  studentId: UuidSchema,
  studentName: z.string(),
  status: z.enum(['given', 'refused']),
  changedAt: z.string(),
  /** Who answered (null when that account no longer exists). */
  changedById: UuidSchema.nullable(),
  changedByName: z.string().nullable(),
  changedByEmail: z.string().nullable(),
  /** The answer counts: it came from a parent the school knows, still linked (docs/decisions/0540). */
  counts: z.boolean(),
});
export type SchoolMoodConsent = z.infer<typeof SchoolMoodConsentSchema>;

const AlertIdParams = z.object({ alertId: UuidSchema });

export const alertEndpoints = {
  alertsMine: endpoint({
    id: 'alerts.alertsMine',
    method: 'GET',
    path: '/alerts',
    summary: 'Alerts that reached the caller: open ones first, then those closed in the last 7 days; with the open count for the badge.',
    access: ['teacher', 'staff'],
    response: z.object({ open: z.number().int(), items: z.array(AlertSummarySchema) }),
  }),
  alertDetail: endpoint({
    id: 'alerts.alertDetail',
    method: 'GET',
    path: '/alerts/:alertId',
    summary: 'One alert with its check-ins, the adults it reached and the acknowledgement trail (audited).',
    access: ['teacher', 'staff'],
    params: AlertIdParams,
    response: AlertDetailSchema,
    errors: ['NOT_FOUND'],
  }),
  alertAct: endpoint({
    id: 'alerts.alertAct',
    method: 'POST',
    path: '/alerts/:alertId/actions',
    summary: 'Records what an adult did (talked, contacted family, referred, other with a note), closing the alert or keeping it open.',
    access: ['teacher', 'staff'],
    params: AlertIdParams,
    body: AlertActionBodySchema,
    response: AlertDetailSchema,
    errors: ['ALERT_CLOSED', 'NOT_FOUND'],
  }),
  alertCorrect: endpoint({
    id: 'alerts.alertCorrect',
    method: 'POST',
    path: '/alerts/:alertId/actions/:actionId/correction',
    summary: 'Corrects a trail entry the caller wrote: a new entry says what really happened; the first stays, marked corrected (decision 0521).',
    access: ['teacher', 'staff'],
    params: z.object({ alertId: UuidSchema, actionId: UuidSchema }),
    body: AlertCorrectionBodySchema,
    response: AlertDetailSchema,
    errors: ['ALERT_ENTRY_NOT_YOURS', 'ALERT_ENTRY_CORRECTED', 'NOT_FOUND'],
  }),
  alertReopen: endpoint({
    id: 'alerts.alertReopen',
    method: 'POST',
    path: '/alerts/:alertId/reopen',
    summary: 'Reopens a closed alert: it waits for an answer again and its escalation restarts; the trail says who and why (decision 0521).',
    access: ['teacher', 'staff'],
    params: AlertIdParams,
    body: AlertReopenBodySchema,
    response: AlertDetailSchema,
    errors: ['ALERT_NOT_CLOSED', 'ALERT_ANOTHER_OPEN', 'NOT_FOUND'],
  }),
  alertsOfStudent: endpoint({
    id: 'alerts.alertsOfStudent',
    method: 'GET',
    path: '/alerts/students/:studentId',
    summary: "A student's alert history, for the adults the visibility rule allows (audited).",
    access: ['teacher', 'staff'],
    params: z.object({ studentId: UuidSchema }),
    response: z.array(AlertDetailSchema),
    errors: ['NOT_FOUND'],
  }),
  alertSettings: endpoint({
    id: 'alerts.alertSettings',
    method: 'GET',
    path: '/admin/alerts/settings',
    summary: "The school's alert routing, escalation chain, school hours, after-hours message and consent rule.",
    access: 'schoolAdmin',
    response: AlertSettingsSchema,
  }),
  alertSettingsUpdate: endpoint({
    id: 'alerts.alertSettingsUpdate',
    method: 'PATCH',
    path: '/admin/alerts/settings',
    summary: "Changes any of the school's alert settings (audited).",
    access: 'schoolAdmin',
    body: AlertSettingsUpdateSchema,
    response: AlertSettingsSchema,
    errors: ['ALERT_ADULT_NOT_ALLOWED'],
  }),
  alertAdults: endpoint({
    id: 'alerts.alertAdults',
    method: 'GET',
    path: '/admin/alerts/adults',
    summary: "The school's active teachers and staff, to name counsellors and escalation tiers.",
    access: 'schoolAdmin',
    response: z.array(AlertAdultSchema),
  }),
  alertReport: endpoint({
    id: 'alerts.alertReport',
    method: 'GET',
    path: '/admin/alerts/report',
    summary: 'Alerts of the school by week, and by week and class: count, open, escalated, median and worst minutes to the first acknowledgement. No names.',
    access: 'schoolAdmin',
    query: AlertReportQuerySchema,
    response: z.object({
      total: AlertReportRowSchema.omit({ week: true, className: true }),
      weeks: z.array(AlertReportRowSchema.omit({ className: true })),
      rows: z.array(AlertReportRowSchema),
    }),
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  moodConsents: endpoint({
    id: 'alerts.moodConsents',
    method: 'GET',
    path: '/family/mood-consents',
    summary: "A parent's children with their mood check-in consent and whether their school requires it.",
    access: ['parent'],
    response: z.array(MoodConsentSchema),
  }),
  moodConsentSet: endpoint({
    id: 'alerts.moodConsentSet',
    method: 'PUT',
    path: '/family/mood-consents/:studentId',
    summary: 'A parent gives or refuses consent to mood check-ins for their child (audited).',
    access: ['parent'],
    params: z.object({ studentId: UuidSchema }),
    body: z.object({ status: z.enum(['given', 'refused']) }).strict(),
    response: MoodConsentSchema,
    errors: ['MOOD_CONSENT_PARENT_UNCONFIRMED', 'NOT_FOUND'],
  }),
  schoolMoodConsents: endpoint({
    id: 'alerts.schoolMoodConsents',
    method: 'GET',
    path: '/admin/mood-consents',
    summary: "The recorded mood check-in consents of the school's students: who answered, when, and whether the answer counts (a parent the school knows).",
    access: 'schoolAdmin',
    response: z.array(SchoolMoodConsentSchema),
  }),
};
