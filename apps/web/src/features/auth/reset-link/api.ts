import { authApi } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';

/** Sets the new password with a school admin's one-time link. */
export function useResetWithLink() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.resetWithLink>) => api(authApi.resetWithLink, { body }) });
}
