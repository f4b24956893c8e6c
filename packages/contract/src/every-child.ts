import { z } from 'zod';
import { IsoDateSchema, UuidSchema } from './core.js';
import { addDays } from './dates.js';
import { schoolYearOf } from './school-year.js';

/*
 * Every child seen: a teacher's "not yet" list and spread, the admin's reach and
 * givers reports. What a school day and a term are: docs/decisions/0565.
 */

/** How many school days the "not yet" list looks back unless the school chose otherwise, and the bounds. */
export const NOT_YET_DAYS_DEFAULT = 10;
export const NOT_YET_DAYS_MIN = 1;
export const NOT_YET_DAYS_MAX = 60;
export const NotYetDaysSchema = z.number().int().min(NOT_YET_DAYS_MIN).max(NOT_YET_DAYS_MAX);

/** A reach group of fewer students than this is not shown (its numbers could name children). */
export const REACH_MIN_GROUP = 10;

const isoWeekday = (isoDate: string) => {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * The first day of the last `n` school days up to `today` (included when it is one); `schoolDays`
 * are the ISO weekdays the school is open (1 = Monday), Monday to Friday by default.
 */
export function schoolDaysWindowStart(today: string, n: number, schoolDays: readonly number[] = [1, 2, 3, 4, 5]): string {
  const open = new Set(schoolDays.length ? schoolDays : [1, 2, 3, 4, 5]);
  let day = today;
  let counted = 0;
  for (;;) {
    if (open.has(isoWeekday(day))) counted++;
    if (counted >= n) return day;
    day = addDays(day, -1);
  }
}

/** How many of the school's open days lie between `from` and `to`, both included. */
export function schoolDaysBetween(from: string, to: string, schoolDays: readonly number[] = [1, 2, 3, 4, 5]): number {
  const open = new Set(schoolDays.length ? schoolDays : [1, 2, 3, 4, 5]);
  let n = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) if (open.has(isoWeekday(day))) n++;
  return n;
}

/** The term holding `isoDate`: the school year's first half (August to December) or second (January to July). */
export function termOf(isoDate: string): { from: string; to: string } {
  const year = schoolYearOf(isoDate);
  return isoDate.slice(5, 7) >= '08' ? { from: year.from, to: `${year.startYear}-12-31` } : { from: `${year.startYear + 1}-01-01`, to: year.to };
}

// --- A teacher's "not yet" list -------------------------------------------------------------

export const NotYetQuerySchema = z.object({ classId: UuidSchema.optional() });

export const NotYetStudentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  grade: z.number().int().nullable(),
  /** The caller's classes the student is in. */
  classNames: z.array(z.string()),
  /** The last High 5 or Vibe from the caller this school year, or null. */
  lastFromMe: IsoDateSchema.nullable(),
  /** The last High 5 or Vibe from anyone this school year, or null. */
  lastFromAnyone: IsoDateSchema.nullable(),
  /** Nothing from anyone in the window either. */
  notYetFromAnyone: z.boolean(),
  /** The day they joined the school or the first of the caller's classes, when that is inside the window. */
  joinedOn: IsoDateSchema.nullable(),
  /** School days of the window they were recorded absent (any class). */
  daysAway: z.number().int().nonnegative(),
});
export type NotYetStudent = z.infer<typeof NotYetStudentSchema>;

export const SpreadSchema = z.object({
  term: z.object({ from: IsoDateSchema, to: IsoDateSchema }),
  /** Students by how many High 5s they had from the caller this term. */
  zero: z.number().int().nonnegative(),
  oneToTwo: z.number().int().nonnegative(),
  threeToFive: z.number().int().nonnegative(),
  more: z.number().int().nonnegative(),
  /** Students who never had a High 5 from the caller in this school. */
  never: z.number().int().nonnegative(),
});
export type Spread = z.infer<typeof SpreadSchema>;

export const NotYetSchema = z.object({
  /** The window: the last `days` school days, `from` to `to` (today). */
  days: z.number().int(),
  from: IsoDateSchema,
  to: IsoDateSchema,
  /** Students of the caller's classes (or of the one class asked for). */
  students: z.number().int().nonnegative(),
  /** Those with nothing from the caller in the window, the longest waiting first. */
  notYet: z.array(NotYetStudentSchema),
  spread: SpreadSchema,
});
export type NotYet = z.infer<typeof NotYetSchema>;

// --- The admin's reach and givers reports ----------------------------------------------------

/** One group's reach; `students` and `reached` are null when the group is under REACH_MIN_GROUP. */
export const ReachGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  students: z.number().int().nonnegative().nullable(),
  reached: z.number().int().nonnegative().nullable(),
  /** Share reached, in percent with one decimal; null when suppressed. */
  percent: z.number().nullable(),
});
export type ReachGroup = z.infer<typeof ReachGroupSchema>;

export const ReachFlagSchema = z.enum(['iep', 'plan504', 'englishLearner']);
export type ReachFlag = z.infer<typeof ReachFlagSchema>;

export const ReachComparisonSchema = z.object({
  flag: ReachFlagSchema,
  with: ReachGroupSchema,
  without: ReachGroupSchema,
  /** Percentage points, flagged students minus everyone else; null when either side is suppressed. */
  difference: z.number().nullable(),
});
export type ReachComparison = z.infer<typeof ReachComparisonSchema>;

export const ReachReportSchema = z.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  minimumGroup: z.number().int(),
  school: ReachGroupSchema,
  grades: z.array(ReachGroupSchema),
  classes: z.array(ReachGroupSchema),
  flags: z.array(ReachComparisonSchema),
  /** How many groups were left out for being under minimumGroup. */
  suppressed: z.number().int().nonnegative(),
});
export type ReachReport = z.infer<typeof ReachReportSchema>;

export const GiverRowSchema = z.object({
  userId: UuidSchema,
  name: z.string(),
  role: z.enum(['teacher', 'staff']),
  /** Distinct students of the school who received a High 5 from them in the range. */
  students: z.number().int().nonnegative(),
  high5s: z.number().int().nonnegative(),
});
export type GiverRow = z.infer<typeof GiverRowSchema>;

export const GiversReportSchema = z.object({ from: IsoDateSchema, to: IsoDateSchema, rows: z.array(GiverRowSchema) });
export type GiversReport = z.infer<typeof GiversReportSchema>;
