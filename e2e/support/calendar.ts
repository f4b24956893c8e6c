import { addDays, toIsoDate } from '@high5/contract';

/** The test schools' time zone (`buildSchool`'s default). */
export const SCHOOL_TIME_ZONE = 'America/Los_Angeles';

/**
 * The browser's time zone in browser tests: one on another date than the test schools at `now`, so a
 * screen that takes the device's date for the school's fails whatever the hour (docs/testing.md).
 * Kiritimati (UTC+14) is a day ahead of Los Angeles except from midnight to 02:00 or 03:00 there;
 * then Pago Pago (UTC-11) is a day behind.
 */
export function farTimeZone(now = new Date(), schoolZone = SCHOOL_TIME_ZONE) {
  const school = toIsoDate(now, schoolZone);
  return ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => toIsoDate(now, zone) !== school) ?? 'Pacific/Kiritimati';
}

/**
 * Today at the test schools `offsetDays` away, `yyyy-MM-dd`, on the real clock the browser runs on: the
 * "today" of the screens (and of the server, in files that set `h.clock.set(new Date())`).
 */
export const schoolToday = (offsetDays = 0) => addDays(toIsoDate(new Date(), SCHOOL_TIME_ZONE), offsetDays);
