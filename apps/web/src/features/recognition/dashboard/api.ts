import { recognitionApi } from '@high5/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { recognitionKeys } from '../../../components/give/query-keys';
import { api } from '../../../lib/api-client';

/** Everything the dashboard shows for a school year (null: the current one), in one request (docs/rules/recognition.md#dashboard). */
export const dashboardQuery = (year: string | null) =>
  queryOptions({ queryKey: [...recognitionKeys.dashboard(), year], queryFn: () => api(recognitionApi.dashboard, { query: year ? { year } : {} }) });
export const useDashboard = (year: string | null = null) => useQuery(dashboardQuery(year));
