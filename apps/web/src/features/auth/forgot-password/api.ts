import { authApi } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';

/** E-mails a 6-digit code (the same answer whether the account exists or not). */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.forgotPassword>) => api(authApi.forgotPassword, { body }) });
}

/** Sets the new password with the e-mailed code. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.resetPassword>) => api(authApi.resetPassword, { body }) });
}
