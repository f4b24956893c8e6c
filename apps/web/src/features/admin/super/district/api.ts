import { districtViewApi, type DistrictStudent, type DistrictStudentsQuery } from '@high5/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNotify } from '../../../../components/ui/notifications';
import { useErrorText } from '../../../../lib/use-error-text';
import type { TableState } from '../../../../components/ui/data-table';
import { api } from '../../../../lib/api-client';
import { usePagedReport } from '../../api';
import { rangeParam, type YearSpan } from '../../lib/dates';
import { loadAllRows, pageParams } from '../../lib/report-csv';

type Sort = NonNullable<DistrictStudentsQuery['sort']>;

/**
 * A district's students across its schools (paged on the server), and their CSV download, which
 * reads every page in the table's search and order and hands the rows to the screen's writer (the
 * reports' files are the server's, docs/decisions/0610).
 */
export function useDistrictStudents(districtId: string, table: TableState) {
  const notify = useNotify();
  const errorText = useErrorText('admin');
  const page = (state: TableState) => api(districtViewApi.districtStudents, { params: { districtId }, query: pageParams<Sort>(state) });
  const report = usePagedReport('districtStudents', districtId, table, (_id: string, state) => page(state));
  const download = useMutation({
    mutationFn: async (write: (rows: DistrictStudent[]) => void) => write(await loadAllRows((n, pageSize) => page({ ...table, page: n, pageSize }))),
    onError: (error) => notify('error', errorText(error)),
  });
  return { report, download };
}

/** A district's figures per school over the range run (none before one is run). */
export const useDistrictReport = (districtId: string, range: YearSpan | null) =>
  useQuery({
    queryKey: ['admin', 'report', 'district', districtId, range],
    queryFn: () => api(districtViewApi.districtReport, { params: { districtId }, query: { range: rangeParam(range!) } }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
