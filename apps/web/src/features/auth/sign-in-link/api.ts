import { authApi } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../app/session';
import { api, type BodyOf } from '../../../lib/api-client';

/** E-mails a one-time sign-in link (the same answer whether the account exists or not). */
export function useRequestSignInLink() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.requestSignInLink>) => api(authApi.requestSignInLink, { body }) });
}

/** Signs in with the link; an account that must change its password gets the challenge (`me` reloaded). */
export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.signInWithLink>) => api(authApi.signInWithLink, { body }),
    onSuccess: (result) => {
      if (result.status === 'new_password_required') void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
