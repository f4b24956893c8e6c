import { DEFAULT_REPORT_DAYS, ReportRangeSchema } from '@high5/contract';
import type { DateRange } from '../../../components/ui/date-range-picker';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on this device, `yyyy-MM-dd`. */
export function todayIso(now = new Date()) {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDaysIso(isoDate: string, days: number) {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** To is today, From is `days` earlier (spec 003 section 2.6: 10 days by default). */
export function defaultRange(days = DEFAULT_REPORT_DAYS, now = new Date()): DateRange {
  const to = todayIso(now);
  return { from: addDaysIso(to, -days), to };
}

/** The `range` query parameter: `yyyy-MM-dd_yyyy-MM-dd`. */
export const rangeParam = (range: DateRange) => `${range.from}_${range.to}`;

/**
 * Why the reports' `range` query parameter (the contract's ReportRangeSchema) refuses this range:
 * `invalid_range` (a date missing or not real, or From after To), `range_too_long`, or undefined when it is fine.
 * The filter bars only shape a query (decision 0325), so they check it with the query's own schema.
 */
export function rangeIssue(range: DateRange): string | undefined {
  const result = ReportRangeSchema.safeParse(rangeParam(range));
  return result.success ? undefined : (result.error.issues.find((issue) => issue.message === 'range_too_long') ? 'range_too_long' : 'invalid_range');
}

/** A range the server accepts (see rangeIssue). */
export const isValidRange = (range: DateRange) => rangeIssue(range) === undefined;
