import {
  AlertReportQuerySchema,
  ClassReportQuerySchema,
  GradeSchema,
  GroupReportQuerySchema,
  MoodReportQuerySchema,
  MoodReportSettingsSchema,
  ReportRangeSchema,
  StudentFlagSchema,
  UuidSchema,
} from '@high5/contract';
import { z } from 'zod';
import { rangeField } from '../../../components/form/form-date-range';
import { todayIso } from '../../../lib/calendar';
import { parseMinimum } from './minimum';

/*
 * The report filter bars' forms (useContractForm, decision 0328): each field checked by the rule the
 * report query's schema has for it, so Run is on exactly when the server would accept the query.
 */

/** A report's range: real dates, From not after To, at most a year (ReportRangeSchema), To not after the school's today (the server refuses it too). */
const range = rangeField(ReportRangeSchema).refine((r) => r.to <= todayIso(), 'range_in_future');
/** One class, or every class (null). */
const classId = ClassReportQuerySchema.shape.classId.nullable();
/** The school year the year picker chose: the range must lie in it, as the server requires (decisions 0573, 0598). */
const year = z.object({ from: z.string(), to: z.string() });
const inYear = (v: { range: { from: string; to: string }; year: { from: string; to: string } }) => v.range.from >= v.year.from && v.range.to <= v.year.to;
const inYearRule = { path: ['range'], message: 'RANGE_CROSSES_SCHOOL_YEAR' };
/** The students' flags and grade (docs/decisions/0601): the chips and the grade menu offer only what the query takes. */
const student = z.object({ flags: z.array(StudentFlagSchema), grade: GradeSchema.optional() });

export const groupReportForm = z.object({ role: GroupReportQuerySchema.shape.role, range, year, student }).refine(inYear, inYearRule);

/** The super admin's district figures (decision 0603): a range in one school year. */
export const districtReportForm = z.object({ range, year }).refine(inYear, inYearRule);

/** The super admin's: a school first (the report's path), then the group report's own fields. */
export const superReportForm = z
  .object({ schoolId: UuidSchema, role: GroupReportQuerySchema.shape.role, classId, range, year: year.nullable() })
  // No year until the chosen school's years are known (decision 0604); then the range lies in one.
  .refine((v) => !v.year || inYear({ range: v.range, year: v.year }), inYearRule);

/** The mood report's: the minimum as typed (digits; blank or 0 is "none", -1), the feelings as the saved settings hold them. */
export const moodReportForm = z
  .object({
    role: MoodReportQuerySchema.shape.role,
    classId,
    range,
    year,
    minLow: z.preprocess((typed: string) => parseMinimum(typed), MoodReportQuerySchema.shape.minLow),
    filters: MoodReportSettingsSchema.shape.filters,
    student,
  })
  .refine(inYear, inYearRule);

/** The class report as its address keeps it (?class=&from=&to=&flags=&grade=): a typed address is asked as it is, and a range across years is the server's to refuse. */
export const classReportAddress = z.object({ classId, range, student });
export const classReportForm = classReportAddress.extend({ year }).refine(inYear, inYearRule);

/** The alerts report's range may be of any length (its query's own `dateRange`). */
export const alertsReportForm = z.object({ range: rangeField(AlertReportQuerySchema.shape.dateRange) });

export type GroupReportFilters = z.output<typeof groupReportForm>;
export type SuperReportFilters = z.output<typeof superReportForm>;
export type MoodReportFilters = z.output<typeof moodReportForm>;
export type ClassReportFilters = z.output<typeof classReportAddress>;

/** The reach and givers reports: a range of at most a year. */
export const reachReportForm = z.object({ range });
