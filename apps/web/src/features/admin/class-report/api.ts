import { adminApi, type MoodReportSort, type ReportSort } from '@high5/contract';
import { studentFilterParams } from '../../../components/student-filter/student-filter-fields';
import type { TableState } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import { usePagedReport } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { ClassReportFilters } from '../lib/report-forms';

const query = (f: ClassReportFilters) => ({ range: rangeParam(f.range), ...(f.classId ? { classId: f.classId } : {}), ...studentFilterParams(f.student) });

/** The class report's High 5 tab (docs/rules/administration.md#reports): a page, and its CSV download. */
export const useClassRecognitionReport = (filters: ClassReportFilters | null, table: TableState, enabled: boolean) =>
  usePagedReport(
    'class-recognition',
    filters,
    table,
    (f: ClassReportFilters, state) => api(adminApi.classRecognitionReport, { query: { ...query(f), ...pageParams<ReportSort>(state) } }),
    { enabled },
  );

/** The class report's mood meter tab: a page, always fresh, and its CSV download. */
export const useClassMoodReport = (filters: ClassReportFilters | null, table: TableState, enabled: boolean) =>
  usePagedReport(
    'class-mood',
    filters,
    table,
    (f: ClassReportFilters, state) => api(adminApi.classMoodReport, { query: { ...query(f), ...pageParams<MoodReportSort>(state) } }),
    { enabled, fresh: true },
  );
