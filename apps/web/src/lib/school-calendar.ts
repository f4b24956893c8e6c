import { addDays, toIsoDate } from '@high5/contract';

/** A From–To pair of `yyyy-MM-dd` dates (the date range pickers, the `range` parameters). */
export interface DateRange {
  from: string;
  to: string;
}

let schoolTimeZone: string | undefined;

/** The session says whose calendar "today" is on: the signed-in user's school (`me.school.timeZone`). */
export function setSchoolTimeZone(timeZone: string | undefined) {
  schoolTimeZone = timeZone;
}

/**
 * Today at the user's school, `yyyy-MM-dd`: the date the server counts by (a give's day, a check-in's
 * day), not the device's, which differs at night or on a trip. Before sign-in, the device's.
 */
export const todayIso = () => toIsoDate(new Date(), schoolTimeZone);

/** The `days` days before today, up to today (the screens' default ranges). */
export function lastDays(days: number): DateRange {
  const today = todayIso();
  return { from: addDays(today, -days), to: today };
}

/** The API's `range` and `dateRange` parameters: `yyyy-MM-dd_yyyy-MM-dd`. */
export const rangeParam = (range: DateRange) => `${range.from}_${range.to}`;
