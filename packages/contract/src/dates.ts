/**
 * Dates, the one way both sides write them (docs/decisions/0190-one-csv-writer-and-date-formatter.md).
 * Calendar dates travel and are stored in files as `yyyy-MM-dd`; people read them in their
 * language: English `MM/dd/yyyy`, Spanish `dd/MM/yyyy`. A timestamp becomes a calendar date in
 * a time zone (the school's for "today", the device's on screen).
 */

/** The languages dates are shown in. Anything not Spanish is shown the English way. */
export type DateLanguage = 'en' | 'es';

/** `es`, `es-MX`, … → `es`; anything else → `en`. */
export const dateLanguage = (language: string): DateLanguage => (language.toLowerCase().startsWith('es') ? 'es' : 'en');

/** The display pattern of each language, in date-fns / Unicode notation (for date pickers). */
export const DATE_DISPLAY_PATTERNS: Record<DateLanguage, string> = { en: 'MM/dd/yyyy', es: 'dd/MM/yyyy' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// Building an Intl formatter costs far more than using one: keep one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return (instant: Date) => {
    const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
    return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
  };
}

/** True for a real calendar date written `yyyy-MM-dd` (no 31 April, 29 February only in leap years). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0); // Date.UTC would read years 0-99 as 1900-1999
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDay.getUTCDate();
}

/** The calendar date (`yyyy-MM-dd`) at `instant` in `timeZone` (the device's zone when omitted). */
export function toIsoDate(instant: Date, timeZone?: string): string {
  const { year, month, day } = partsIn(timeZone)(instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `isoDate` moved by `days` (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** True when the runtime knows the IANA time zone. */
export function isKnownTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function calendarDate(value: string | Date, timeZone: string | undefined): { year: number; month: number; day: number } {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not a date or timestamp: ${String(value)}`);
  return partsIn(timeZone)(instant);
}

/**
 * A date as people read it in `language`: `MM/dd/yyyy` in English, `dd/MM/yyyy` in Spanish.
 * `value` is a calendar date (`yyyy-MM-dd`, shown as is) or a timestamp (ISO text or Date),
 * whose date is taken in `timeZone` (the device's zone when omitted).
 */
export function formatDate(value: string | Date, language: string, timeZone?: string): string {
  const { year, month, day } = calendarDate(value, timeZone);
  return dateLanguage(language) === 'es' ? `${pad(day)}/${pad(month)}/${pad(year, 4)}` : `${pad(month)}/${pad(day)}/${pad(year, 4)}`;
}

/**
 * A timestamp's date and time in `language` and `timeZone`: `11/23/2026 3:05 PM` in English,
 * `23/11/2026 15:05` in Spanish.
 */
export function formatDateTime(value: string | Date, language: string, timeZone?: string): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not a timestamp: ${String(value)}`);
  const { hour, minute } = partsIn(timeZone)(instant);
  const date = formatDate(instant, language, timeZone);
  if (dateLanguage(language) === 'es') return `${date} ${pad(hour)}:${pad(minute)}`;
  return `${date} ${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * What a person typed (`MM/dd/yyyy` in English, `dd/MM/yyyy` in Spanish; one-digit day and
 * month accepted) as `yyyy-MM-dd`, or null when it is not a real date.
 */
export function parseDisplayDate(text: string, language: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), match[3]!];
  const [month, day] = dateLanguage(language) === 'es' ? [second, first] : [first, second];
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string) {
  const { year, month, day, hour, minute } = partsIn(timeZone)(instant);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** The instant at which the wall clock of `timeZone` shows `isoDate` at `time` (`HH:mm`): schedules such as nightly jobs. */
export function zonedInstant(isoDate: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${isoDate}T${time}:00Z`);
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  // A second pass settles days on which the offset changes.
  instant = wall - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}
