import { profileApi, type FamilyRequest } from '@high5/contract';
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

const requestsKey = ['family', 'requests'] as const;

/** Students who asked the signed-in account to be their parent (decision 0155). */
export const useFamilyRequests = () => useQuery({ queryKey: requestsKey, queryFn: () => api(profileApi.familyRequests) });

/**
 * Accepts or declines a request; the cached list becomes the one the server answers. Accepting adds a
 * school and a child: the session and every other list reload.
 */
export function useAnswerFamilyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, accept }: { request: FamilyRequest; accept: boolean }) =>
      api(accept ? profileApi.acceptFamilyRequest : profileApi.declineFamilyRequest, { params: { requestId: request.id }, body: {} }),
    onSuccess: (rest, { accept }) => {
      queryClient.setQueryData(requestsKey, rest);
      if (accept) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'family' });
    },
  });
}
