import { authApi } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';

/** Registers a teacher (with a school) or a student (with a class code). */
export function useSignUp() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.signUp>) => api(authApi.signUp, { body }) });
}
