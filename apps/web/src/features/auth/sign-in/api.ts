import { authApi } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../app/session';
import { api, type BodyOf } from '../../../lib/api-client';

/**
 * Signs in with an e-mail or username and the password. A first-time password must be replaced first:
 * the session may then only set a new one, `me` says so (reloaded here) and the screen switches.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.signIn>) => api(authApi.signIn, { body }),
    onSuccess: (result) => {
      if (result.status === 'new_password_required') void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

/** The first-time new-password challenge; the caller starts the session with the `me` it answers. */
export function useCompleteNewPassword() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.completeNewPassword>) => api(authApi.completeNewPassword, { body }) });
}
