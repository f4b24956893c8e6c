import { DEFAULT_REPORT_DAYS } from '@high5/contract';
import { lastDays, type DateRange } from '../../../lib/dates';

export { rangeParam, todayIso } from '../../../lib/dates';

/** To is today at the school, From is `days` earlier (spec 003 section 2.6: 10 days by default). */
export const defaultRange = (days: number = DEFAULT_REPORT_DAYS): DateRange => lastDays(days);
