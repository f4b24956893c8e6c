import { DEFAULT_REPORT_DAYS, ReportRangeSchema } from '@high5/contract';
import { lastDays, rangeParam, type DateRange } from '../../../lib/dates';

export { rangeParam, todayIso } from '../../../lib/dates';

/** To is today at the school, From is `days` earlier (spec 003 section 2.6: 10 days by default). */
export const defaultRange = (days: number = DEFAULT_REPORT_DAYS): DateRange => lastDays(days);

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
