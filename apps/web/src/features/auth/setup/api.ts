import { authApi } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';

/** Gives a signed-in user without a role their role (a school, or a class by its code); answers the new `me`. */
export function useSetup() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.setup>) => api(authApi.setup, { body }) });
}
