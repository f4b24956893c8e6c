import { adminApi, type MoodReportSettings, type MoodReportSort } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { studentFilterParams } from '../../../components/student-filter/student-filter-fields';
import type { TableState } from '../../../components/ui/data-table';
import { api, buildUrl } from '../../../lib/api-client';
import { adminKeys, fileParams, moodSettingsQuery, usePagedReport, useReportFile } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { MoodReportFilters } from '../lib/report-forms';

/** docs/rules/administration.md#mood-meter-report: the report is fetched again 2 seconds after a Run. */
const REFETCH_AFTER_MS = 2000;

/** The report's filters as query parameters. */
const filterQuery = (f: MoodReportFilters) => ({
  role: f.role,
  range: rangeParam(f.range),
  minLow: f.minLow,
  filters: f.filters.join(','),
  ...(f.classId ? { classId: f.classId } : {}),
  ...studentFilterParams(f.student),
});

/**
 * The mood meter report (docs/rules/administration.md#mood-meter-report): a page, always fresh, and its CSV file (with each
 * row's low-enjoyment check-ins), which the server writes from the database in the table's search and
 * order (docs/decisions/0612). Each Run (a new `filters`) fetches it again 2 seconds later.
 */
export function useMoodReport(filters: MoodReportFilters | null, table: TableState) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!filters) return;
    const timer = setTimeout(() => void queryClient.refetchQueries({ queryKey: adminKeys.report('mood', filters) }), REFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [filters, queryClient]);
  const report = usePagedReport(
    'mood',
    filters,
    table,
    (f: MoodReportFilters, state) => api(adminApi.moodReport, { query: { ...filterQuery(f), ...pageParams<MoodReportSort>(state) } }),
    { fresh: true },
  );
  const file = useReportFile();
  const download = () => file.mutate(buildUrl(adminApi.moodReportCsv, { query: { ...filterQuery(filters!), ...fileParams<MoodReportSort>(table) } }));
  return { report, download, downloading: file.isPending };
}

/** Keeps the filters of a students' run as the school's report settings; the cached settings become the saved ones. */
export function useSaveMoodReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoodReportSettings) => api(adminApi.saveMoodReportSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(moodSettingsQuery.queryKey, saved),
  });
}
