import { addDays, toIsoDate } from '@high5/contract';

/** A From–To pair of `yyyy-MM-dd` dates (the date range pickers, the `range` parameters). */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Today on this device, `yyyy-MM-dd`. (Not yet the school's: screens such as the journal send the
 * device's time zone with their ranges, so both must move together; see the closing note of issue 11.)
 */
export const todayIso = () => toIsoDate(new Date());

/** The `days` days before today, up to today (the screens' default ranges). */
export function lastDays(days: number): DateRange {
  const today = todayIso();
  return { from: addDays(today, -days), to: today };
}

/** The API's `range` and `dateRange` parameters: `yyyy-MM-dd_yyyy-MM-dd`. */
export const rangeParam = (range: DateRange) => `${range.from}_${range.to}`;
