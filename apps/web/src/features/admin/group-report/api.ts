import { adminApi, type ReportSort } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { studentFilterParams } from '../../../components/student-filter/student-filter-fields';
import type { TableState } from '../../../components/ui/data-table';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { api, buildUrl } from '../../../lib/api-client';
import { adminKeys, fileParams, usePagedReport, useReportFile } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { GroupReportFilters } from '../lib/report-forms';

const filterQuery = (f: GroupReportFilters) => ({ role: f.role, range: rangeParam(f.range), ...studentFilterParams(f.student) });

/** The group report (docs/rules/administration.md#group-report): a page of one user group's counts, and its CSV file. */
export function useGroupReport(filters: GroupReportFilters | null, table: TableState) {
  const report = usePagedReport('group', filters, table, (f: GroupReportFilters, state) =>
    api(adminApi.groupReport, { query: { ...filterQuery(f), ...pageParams<ReportSort>(state) } }),
  );
  const file = useReportFile();
  const download = () => file.mutate(buildUrl(adminApi.groupReportCsv, { query: { ...filterQuery(filters!), ...fileParams<ReportSort>(table) } }));
  return { report, download, downloading: file.isPending };
}

/** One person's High 5 and Vibe reports in the range (the group report's Reports dialog). */
export const useUserReport = (userId: string, range: DateRange) =>
  useQuery({
    queryKey: adminKeys.report('user', userId, range),
    queryFn: () => api(adminApi.userReport, { params: { userId }, query: { range: rangeParam(range) } }),
  });
