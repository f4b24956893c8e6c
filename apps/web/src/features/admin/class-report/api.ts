import { adminApi, type MoodReportSort, type ReportSort } from '@high5/contract';
import { studentFilterParams } from '../../../components/student-filter/student-filter-fields';
import type { TableState } from '../../../components/ui/data-table';
import { api, buildUrl } from '../../../lib/api-client';
import { fileParams, usePagedReport, useReportFile } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { ClassReportFilters } from '../lib/report-forms';

const query = (f: ClassReportFilters) => ({ range: rangeParam(f.range), ...(f.classId ? { classId: f.classId } : {}), ...studentFilterParams(f.student) });

/** The class report's High 5 tab (docs/rules/administration.md#reports): a page. */
export const useClassRecognitionReport = (filters: ClassReportFilters | null, table: TableState, enabled: boolean) =>
  usePagedReport(
    'class-recognition',
    filters,
    table,
    (f: ClassReportFilters, state) => api(adminApi.classRecognitionReport, { query: { ...query(f), ...pageParams<ReportSort>(state) } }),
    { enabled },
  );

/** The class report's mood meter tab: a page, always fresh. */
export const useClassMoodReport = (filters: ClassReportFilters | null, table: TableState, enabled: boolean) =>
  usePagedReport(
    'class-mood',
    filters,
    table,
    (f: ClassReportFilters, state) => api(adminApi.classMoodReport, { query: { ...query(f), ...pageParams<MoodReportSort>(state) } }),
    { enabled, fresh: true },
  );

/** The CSV file of the tab shown, written by the server in the table's search and order. */
export function useClassReportFile(filters: ClassReportFilters | null, table: TableState, tab: 'report' | 'mood') {
  const file = useReportFile();
  const download = () =>
    file.mutate(
      tab === 'report'
        ? buildUrl(adminApi.classRecognitionReportCsv, { query: { ...query(filters!), ...fileParams<ReportSort>(table) } })
        : buildUrl(adminApi.classMoodReportCsv, { query: { ...query(filters!), ...fileParams<MoodReportSort>(table) } }),
    );
  return { download, downloading: file.isPending };
}
