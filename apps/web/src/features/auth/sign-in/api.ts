import { authApi } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';

/** The first-time new-password challenge; the caller starts the session with the `me` it answers. */
export function useCompleteNewPassword() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.completeNewPassword>) => api(authApi.completeNewPassword, { body }) });
}
