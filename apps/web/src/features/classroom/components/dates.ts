import { CLASSROOM_LIMITS } from '@high5/contract';
import { lastDays as lastDaysUpToToday, type DateRange } from '../../../lib/dates';

export { rangeParam, schoolTimeZone, showDate, showDateTime, todayIso } from '../../../lib/dates';

/** The last `days` days up to today at the school (docs/rules/classroom.md#gratitude-journal: 10 days for feedback and the journal). */
export const lastDays = (days: number = CLASSROOM_LIMITS.defaultRangeDays): DateRange => lastDaysUpToToday(days);
