import { adminApi } from '@high5/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../api';
import { rangeParam } from '../lib/dates';

/** The reach report of a range (every read is audited on the server). */
export const useReachReport = (range: DateRange) =>
  useQuery({
    queryKey: adminKeys.report('reach', range),
    queryFn: () => api(adminApi.reachReport, { query: { range: rangeParam(range) } }),
    placeholderData: keepPreviousData,
  });

/** The givers report of the same range. */
export const useGiversReport = (range: DateRange) =>
  useQuery({
    queryKey: adminKeys.report('givers', range),
    queryFn: () => api(adminApi.giversReport, { query: { range: rangeParam(range) } }),
    placeholderData: keepPreviousData,
  });
