import { schoolYearApi } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const schoolYearsKey = ['schoolYears'] as const;

/** The caller's school's years (the current one and the past ones), for every year picker. */
export const useSchoolYears = (enabled = true) =>
  useQuery({ queryKey: schoolYearsKey, queryFn: () => api(schoolYearApi.years), enabled, staleTime: 5 * 60_000 });
