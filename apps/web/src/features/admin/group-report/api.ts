import { adminApi, type ReportSort } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { studentFilterParams } from '../../../components/student-filter/student-filter-fields';
import type { TableState } from '../../../components/ui/data-table';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { adminKeys, usePagedReport } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { GroupReportFilters } from '../lib/report-forms';

/** The group report (docs/rules/administration.md#group-report): a page of one user group's counts, and its CSV download. */
export const useGroupReport = (filters: GroupReportFilters | null, table: TableState) =>
  usePagedReport('group', filters, table, (f: GroupReportFilters, state) =>
    api(adminApi.groupReport, { query: { role: f.role, range: rangeParam(f.range), ...studentFilterParams(f.student), ...pageParams<ReportSort>(state) } }),
  );

/** One person's High 5 and Vibe reports in the range (the group report's Reports dialog). */
export const useUserReport = (userId: string, range: DateRange) =>
  useQuery({
    queryKey: adminKeys.report('user', userId, range),
    queryFn: () => api(adminApi.userReport, { params: { userId }, query: { range: rangeParam(range) } }),
  });
