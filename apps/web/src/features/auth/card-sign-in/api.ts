import { authApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../app/session';
import { api, type BodyOf } from '../../../lib/api-client';

/** Whether a teacher opened a class on this device (docs/decisions/0553). */
export function useClassDevice() {
  return useQuery({ queryKey: ['auth', 'class-device'], queryFn: () => api(authApi.classDevice) });
}

/** Signs a student in with their card's code on this device. */
export function useCardSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.cardSignIn>) => api(authApi.cardSignIn, { body }),
    onSuccess: (result) => {
      if (result.status === 'new_password_required') void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
