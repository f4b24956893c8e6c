import { districtViewApi, type DistrictStudentsQuery } from '@high5/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableState } from '../../../../components/ui/data-table';
import { api } from '../../../../lib/api-client';
import { usePagedReport } from '../../api';
import { rangeParam, type YearSpan } from '../../lib/dates';
import { pageParams } from '../../lib/report-csv';

/** A district's students across its schools (paged on the server), and their CSV download. */
export const useDistrictStudents = (districtId: string, table: TableState) =>
  usePagedReport('districtStudents', districtId, table, (id: string, state) =>
    api(districtViewApi.districtStudents, { params: { districtId: id }, query: pageParams<NonNullable<DistrictStudentsQuery['sort']>>(state) }),
  );

/** A district's figures per school over the range run (none before one is run). */
export const useDistrictReport = (districtId: string, range: YearSpan | null) =>
  useQuery({
    queryKey: ['admin', 'report', 'district', districtId, range],
    queryFn: () => api(districtViewApi.districtReport, { params: { districtId }, query: { range: rangeParam(range!) } }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
