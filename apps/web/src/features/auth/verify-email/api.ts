import { authApi } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Confirms an address with the single-use token of the sign-up e-mail. */
export const useVerifyEmail = () => useMutation({ mutationFn: (token: string) => api(authApi.verifyEmail, { body: { token } }) });
