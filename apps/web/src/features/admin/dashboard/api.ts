import { adminApi, type InviteStaff } from '@high5/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /admin/staff-invitations: the invited person appears in the users list once they sign in. */
export const useInviteStaff = () => useMutation({ mutationFn: (body: InviteStaff) => api(adminApi.inviteStaff, { body }) });
