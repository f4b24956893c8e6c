import { profileApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';

const parentsKey = ['family', 'parents'] as const;

/** The student's parents (linked, or asked and waiting). */
export function useMyParents(enabled: boolean) {
  return useQuery({ queryKey: parentsKey, queryFn: () => api(profileApi.myParents), enabled });
}

/** A student invites a parent; the list of parents then reloads. */
export function useInviteParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof profileApi.inviteParent>) => api(profileApi.inviteParent, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentsKey }),
  });
}
