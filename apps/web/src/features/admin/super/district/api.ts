import { districtViewApi, type DistrictStudentsQuery } from '@high5/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableState } from '../../../../components/ui/data-table';
import { api, buildUrl } from '../../../../lib/api-client';
import { fileParams, usePagedReport, useReportFile } from '../../api';
import { rangeParam, type YearSpan } from '../../lib/dates';
import { pageParams } from '../../lib/report-csv';

type Sort = NonNullable<DistrictStudentsQuery['sort']>;

/** A district's students across its schools (paged on the server), and their CSV file, which the server writes (docs/decisions/0610). */
export function useDistrictStudents(districtId: string, table: TableState) {
  const report = usePagedReport('districtStudents', districtId, table, (id: string, state) =>
    api(districtViewApi.districtStudents, { params: { districtId: id }, query: pageParams<Sort>(state) }),
  );
  const file = useReportFile();
  const download = () => file.mutate(buildUrl(districtViewApi.districtStudentsCsv, { params: { districtId }, query: fileParams<Sort>(table) }));
  return { report, download, downloading: file.isPending };
}

/** A district's figures per school over the range run (none before one is run). */
export const useDistrictReport = (districtId: string, range: YearSpan | null) =>
  useQuery({
    queryKey: ['admin', 'report', 'district', districtId, range],
    queryFn: () => api(districtViewApi.districtReport, { params: { districtId }, query: { range: rangeParam(range!) } }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
