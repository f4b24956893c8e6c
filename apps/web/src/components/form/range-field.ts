import { z } from 'zod';
import { rangeParam, type DateRange } from '../../lib/calendar';

/**
 * From and To as the date pickers (FormDateRange) hold them, checked by a query's range rule, which
 * reads `yyyy-MM-dd_yyyy-MM-dd` (a report's ReportRangeSchema, a classroom list's ClassroomRangeSchema):
 * the form says what the server would say about the range, before it is asked.
 */
export const rangeField = <S extends z.ZodType<DateRange, string>>(rule: S) => z.object({ from: z.string(), to: z.string() }).transform(rangeParam).pipe(rule);

/** A filter of one date range (`range`), checked by the query's rule. */
export const rangeForm = <S extends z.ZodType<DateRange, string>>(rule: S) => z.object({ range: rangeField(rule) });
