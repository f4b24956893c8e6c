import { addDays, daysBetween, DEFAULT_REPORT_DAYS } from '@high5/contract';
import { lastDays, todayIso, type DateRange } from '../../../lib/calendar';

export { rangeParam, todayIso } from '../../../lib/calendar';

/** A school year's first and last day (the year picker's choice). */
export type YearSpan = DateRange;

/** The last day a report in `year` can reach: today, or the last day of a past year. */
export const lastDayIn = (year: YearSpan) => (year.to < todayIso() ? year.to : todayIso());

/**
 * To is today at the school, From is `days` earlier (docs/rules/administration.md#reports: 10 days by default).
 * Within a school year (decision 0598): To is the year's last reachable day, From never before
 * the year's first day, so the default never runs into another year (the server refuses that, 0573).
 */
export function defaultRange(days: number = DEFAULT_REPORT_DAYS, year?: YearSpan): DateRange {
  if (!year) return lastDays(days);
  const to = lastDayIn(year);
  const from = addDays(to, -days);
  return { from: from < year.from ? year.from : from, to };
}

/** The range as long as it was, moved into another year (the year picker's change, decision 0598). */
export const rangeInYear = (range: DateRange, year: YearSpan) => defaultRange(Math.max(0, daysBetween(range.from, range.to) || 0), year);
