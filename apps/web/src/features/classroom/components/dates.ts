import { addDays, CLASSROOM_LIMITS, toIsoDate } from '@high5/contract';
import type { DateRange } from '../../../components/ui/date-range-picker';

export { showDate, showDateTime } from '../../../lib/dates';

/** Today in the browser as yyyy-MM-dd. */
export const todayIso = () => toIsoDate(new Date());

/** The last `days` days up to today (spec 002: 10 days for feedback and the journal). */
export function lastDays(days: number = CLASSROOM_LIMITS.defaultRangeDays): DateRange {
  const today = todayIso();
  return { from: addDays(today, -days), to: today };
}

/** The API's `yyyy-MM-dd_yyyy-MM-dd`. */
export const rangeParam = (range: DateRange) => `${range.from}_${range.to}`;

export const validRange = (range: DateRange) => !!range.from && !!range.to && range.from <= range.to;
