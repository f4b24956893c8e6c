import { z } from 'zod';
import { DateRangeSchema, singleLine } from '../core.js';
import { daysBetween, isKnownTimeZone } from '../dates.js';

// ---------------------------------------------------------------------------------------------
// Constants of the administration area (docs/rules/administration.md)
// ---------------------------------------------------------------------------------------------

/** Longest range a report may cover: one year. */
export const REPORT_RANGE_MAX_DAYS = 366;
/** Most rows a report page may hold; the CSV download loads pages of this size (decision 0310). */
export const REPORT_PAGE_SIZE = 500;
/** Items of one kind in a user's Reports dialog (newest first). */
export const USER_REPORT_ITEMS_MAX = 1000;
/** Notification e-mail addresses a school may configure. */
export const NOTIFICATION_EMAILS_MAX = 20;
/** A school's own categories per kind. */
export const SCHOOL_CATEGORIES_MAX = 50;
/** Each mood meter message (message1, message2) in each language. */
export const MOOD_MESSAGE_MAX = 300;
/** Deep-link URLs of the school configuration. */
export const CONFIG_URL_MAX = 500;
/** The default report range: the last 10 days up to today (docs/rules/administration.md#reports). */
export const DEFAULT_REPORT_DAYS = 10;

/**
 * The unpleasant feelings of the mood meter (docs/rules/classroom.md#mood-meter): a check-in with one of
 * these counts as low enjoyment. The mood meter report filters by them.
 */
export const LOW_ENJOYMENT_MOODS = [
  'triumph',
  'rage',
  'worried',
  'grimacing',
  'unamused',
  'face_with_rolling_eyes',
  'face_with_head_bandage',
  'sleeping',
  'pensive',
  'disappointed',
  'persevere',
  'weary',
] as const;
export const LowEnjoymentMoodSchema = z.enum(LOW_ENJOYMENT_MOODS);
export type LowEnjoymentMood = z.infer<typeof LowEnjoymentMoodSchema>;

/** The teacher or staff switch of the user management screens. */
export const StaffGroupSchema = z.enum(['teacher', 'staff']);
export type StaffGroup = z.infer<typeof StaffGroupSchema>;

export const CategoryKindSchema = z.enum(['high5', 'vibe']);
export type CategoryKind = z.infer<typeof CategoryKindSchema>;

/** `yyyy-MM-dd_yyyy-MM-dd`, at most a year long. */
export const ReportRangeSchema = DateRangeSchema.refine((r) => daysBetween(r.from, r.to) < REPORT_RANGE_MAX_DAYS, 'range_too_long');

/** True for an absolute http or https URL (the only schemes a deep link may use). */
export function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An http(s) URL, or '' for "not configured". */
export const OptionalUrlSchema = singleLine(z.string().trim().max(CONFIG_URL_MAX)).refine((v) => v === '' || isHttpUrl(v), 'invalid_url');
export const RequiredUrlSchema = singleLine(z.string().trim().min(1).max(CONFIG_URL_MAX)).refine(isHttpUrl, 'invalid_url');

export const TimeZoneSchema = z.string().min(1).max(64).refine(isKnownTimeZone, 'invalid_time_zone');
/** 24-hour `HH:mm` (docs/rules/administration.md#school-configuration). */
export const TriggerTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');
