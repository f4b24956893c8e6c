import { schoolYearApi, type RolloverInput } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolYearsKey } from '../../../lib/school-years';

const adminKey = ['schoolYears', 'admin'] as const;

/** The rollover screen's state: the years, the grade rule, the last rollover. */
export const useSchoolYearAdmin = () => useQuery({ queryKey: adminKey, queryFn: () => api(schoolYearApi.admin) });

/** Every change a rollover would make. */
export const usePreviewRollover = () => useMutation({ mutationFn: (body: RolloverInput) => api(schoolYearApi.preview, { body }) });

/** Applies a rollover, or undoes the last one; every year picker and class list reads again. */
function useChange<T>(fn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: schoolYearsKey });
      void queryClient.invalidateQueries();
    },
  });
}
export const useApplyRollover = () => useChange((body: RolloverInput) => api(schoolYearApi.rollover, { body }));
export const useUndoRollover = () => useChange(() => api(schoolYearApi.undo, { body: {} }));
