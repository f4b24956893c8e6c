import { classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../lib/api-client';
import { api, classroomKeys } from '../api';

/** The student's trusted adults. */
export const useTrustedAdults = () => useQuery({ queryKey: classroomKeys.trustedAdults(), queryFn: () => api(classroomApi.trustedAdults) });

/** Adults of the school the student may add, found by `search`. */
export const useTrustedAdultCandidates = (search: string) =>
  useQuery({
    queryKey: classroomKeys.trustedAdultCandidates(search),
    queryFn: () => api(classroomApi.trustedAdultCandidates, { query: search ? { search } : {} }),
  });

/** After a change the cached list is the one the server answers, and the candidates reload (awaited). */
function useChanged() {
  const queryClient = useQueryClient();
  return (list: ResponseOf<typeof classroomApi.trustedAdults>) => {
    queryClient.setQueryData(classroomKeys.trustedAdults(), list);
    return queryClient.invalidateQueries({ queryKey: ['classroom', 'trustedAdultCandidates'] });
  };
}

export function useAddTrustedAdult() {
  const changed = useChanged();
  return useMutation({ mutationFn: (adult: { id: string }) => api(classroomApi.trustedAdultsAdd, { body: { adultIds: [adult.id] } }), onSuccess: changed });
}

export function useRemoveTrustedAdult() {
  const changed = useChanged();
  return useMutation({ mutationFn: (adult: { id: string }) => api(classroomApi.trustedAdultsRemove, { params: { adultId: adult.id } }), onSuccess: changed });
}
