import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../lib/api-client';
import { api, classroomKeys, e } from '../api';

/** The student's trusted adults. */
export const useTrustedAdults = () => useQuery({ queryKey: classroomKeys.trustedAdults(), queryFn: () => api(e.trustedAdults) });

/** Adults of the school the student may add, found by `search`. */
export const useTrustedAdultCandidates = (search: string) =>
  useQuery({ queryKey: classroomKeys.trustedAdultCandidates(search), queryFn: () => api(e.trustedAdultCandidates, { query: search ? { search } : {} }) });

/** After a change the cached list is the one the server answers, and the candidates reload (awaited). */
function useChanged() {
  const queryClient = useQueryClient();
  return (list: ResponseOf<typeof e.trustedAdults>) => {
    queryClient.setQueryData(classroomKeys.trustedAdults(), list);
    return queryClient.invalidateQueries({ queryKey: ['classroom', 'trustedAdultCandidates'] });
  };
}

export function useAddTrustedAdult() {
  const changed = useChanged();
  return useMutation({ mutationFn: (adult: { id: string }) => api(e.trustedAdultsAdd, { body: { adultIds: [adult.id] } }), onSuccess: changed });
}

export function useRemoveTrustedAdult() {
  const changed = useChanged();
  return useMutation({ mutationFn: (adult: { id: string }) => api(e.trustedAdultsRemove, { params: { adultId: adult.id } }), onSuccess: changed });
}
