import { CLASSROOM_LIMITS } from '@high5/contract';
import { format, parseISO, subDays } from 'date-fns';
import type { DateRange } from '../../../components/ui/date-range-picker';

/** Today in the browser as yyyy-MM-dd. */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');

/** The last `days` days up to today (spec 002: 10 days for feedback and the journal). */
export function lastDays(days: number = CLASSROOM_LIMITS.defaultRangeDays): DateRange {
  const today = new Date();
  return { from: format(subDays(today, days), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') };
}

/** The API's `yyyy-MM-dd_yyyy-MM-dd`. */
export const rangeParam = (range: DateRange) => `${range.from}_${range.to}`;

/** yyyy-MM-dd shown as MM/dd/yyyy. */
export const showDate = (iso: string) => format(parseISO(iso), 'MM/dd/yyyy');

/** An ISO instant shown as MM/dd/yyyy and the local time. */
export const showDateTime = (iso: string, locale: string) => `${format(new Date(iso), 'MM/dd/yyyy')} ${new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`;

export const validRange = (range: DateRange) => !!range.from && !!range.to && range.from <= range.to;
