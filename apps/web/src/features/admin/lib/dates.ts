import { DEFAULT_REPORT_DAYS } from '@high5/contract';
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

/** A range the server accepts: both dates, in order. */
export const isValidRange = (range: DateRange) => /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
