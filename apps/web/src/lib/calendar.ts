import { addDays, toIsoDate } from '@high5/contract';

/** A From–To pair of `yyyy-MM-dd` dates (the date range pickers, the `range` parameters). */
export interface DateRange {
  from: string;
  to: string;
}

/** The server's zone for a session without a school (a super admin): its dates are UTC's. */
const NO_SCHOOL_TIME_ZONE = 'UTC';

let sessionTimeZone: string | undefined;
let sessionSchoolZone: string | undefined;

/**
 * The session says whose calendar "today" is (decision 0327): the school's zone while signed in to one,
 * UTC while signed in without one (as the server counts), the device's while signed out (`me` null or
 * not loaded yet). Called whenever `me` changes (app/session.ts `followSchoolCalendar`).
 */
export function followSession(me: { school: { timeZone: string } | null } | null | undefined) {
  sessionTimeZone = me ? (me.school?.timeZone ?? NO_SCHOOL_TIME_ZONE) : undefined;
  sessionSchoolZone = me?.school?.timeZone;
}

/** The time zone of the school's dates (undefined: the device's, before sign-in). */
export const schoolTimeZone = () => sessionTimeZone;

/**
 * The zone a timestamp's date and time are shown in (decision 0331): the school's while signed in to
 * one, so an entry listed on the 26th says the 26th; else the device's (a super admin has no school
 * clock to read, and UTC times would be nobody's).
 */
export const timestampTimeZone = () => sessionSchoolZone;

/**
 * Today at the user's school, `yyyy-MM-dd`: the date the server counts by (a give's day, a check-in's
 * day, the journal's and the reports' ranges), not the device's, which differs at night or on a trip.
 */
export const todayIso = () => toIsoDate(new Date(), sessionTimeZone);

/** The `days` days before today, up to today (the screens' default ranges). */
export function lastDays(days: number): DateRange {
  const today = todayIso();
  return { from: addDays(today, -days), to: today };
}

/** The API's `range` and `dateRange` parameters: `yyyy-MM-dd_yyyy-MM-dd`. */
export const rangeParam = (range: DateRange) => `${range.from}_${range.to}`;
