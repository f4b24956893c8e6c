import { addDays, toIsoDate, zonedInstant } from '@high5/contract';

/** A school's open hours: wall-clock times on ISO weekdays (1 = Monday), in its time zone. */
export interface SchoolHours {
  timeZone: string;
  start: string;
  end: string;
  days: readonly number[];
}

const isoWeekday = (isoDate: string) => {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The open interval of a school-local date, or null when the school is closed that day. */
function openOn(hours: SchoolHours, isoDate: string) {
  if (!hours.days.includes(isoWeekday(isoDate))) return null;
  return { open: zonedInstant(isoDate, hours.start, hours.timeZone), close: zonedInstant(isoDate, hours.end, hours.timeZone) };
}

export function inSchoolHours(hours: SchoolHours, at: Date) {
  const today = openOn(hours, toIsoDate(at, hours.timeZone));
  return !!today && at >= today.open && at < today.close;
}

/**
 * The instant `minutes` of school time after `from`: time outside the open hours does not count,
 * so an alert raised at 15:20 with 30 minutes and a 15:30 close escalates at 08:20 the next school
 * day (docs/decisions/0421). With 0 minutes, the next open instant (now when open).
 */
export function addSchoolMinutes(hours: SchoolHours, from: Date, minutes: number): Date {
  let cursor = from;
  let remaining = minutes * 60_000;
  // Two weeks of closed days (a holiday break with no open day) end the search.
  for (let step = 0; step < 15; step++) {
    const date = toIsoDate(cursor, hours.timeZone);
    const day = openOn(hours, date);
    if (day && cursor < day.close) {
      if (cursor < day.open) cursor = day.open;
      const available = day.close.getTime() - cursor.getTime();
      if (remaining < available || (remaining === 0 && available > 0)) return new Date(cursor.getTime() + remaining);
      remaining -= available;
    }
    cursor = zonedInstant(addDays(date, 1), '00:00', hours.timeZone);
  }
  return new Date(from.getTime() + minutes * 60_000);
}
