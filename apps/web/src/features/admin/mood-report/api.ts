import { adminApi, type MoodReportSettings, type MoodReportSort } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TableState } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import { adminKeys, moodSettingsQuery, usePagedReport } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { MoodReportFilters } from '../lib/report-forms';

/** Spec 003 section 4: the report is fetched again 2 seconds after a Run. */
const REFETCH_AFTER_MS = 2000;

/**
 * The mood meter report (spec 003 section 2.9): a page, always fresh, and its CSV download (with each
 * row's low-enjoyment check-ins). Each Run (a new `filters`) fetches it again 2 seconds later.
 */
export function useMoodReport(filters: MoodReportFilters | null, table: TableState) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!filters) return;
    const timer = setTimeout(() => void queryClient.refetchQueries({ queryKey: adminKeys.report('mood', filters) }), REFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [filters, queryClient]);
  return usePagedReport(
    'mood',
    filters,
    table,
    (f: MoodReportFilters, state, csv) =>
      api(adminApi.moodReport, {
        query: {
          entries: csv ? 'true' : 'false',
          role: f.role,
          range: rangeParam(f.range),
          minLow: f.minLow,
          filters: f.filters.join(','),
          ...(f.classId ? { classId: f.classId } : {}),
          ...pageParams<MoodReportSort>(state),
        },
      }),
    { fresh: true },
  );
}

/** Keeps the filters of a students' run as the school's report settings; the cached settings become the saved ones. */
export function useSaveMoodReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoodReportSettings) => api(adminApi.saveMoodReportSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(moodSettingsQuery.queryKey, saved),
  });
}
