import { adminApi, alertApi, type AdminUser, type FamilyLink, type StaffGroup } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meKey } from '../../../app/session';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../api';

/** The school's teachers or staff (user management). */
export const useSchoolUsers = (group: StaffGroup) =>
  useQuery({ queryKey: adminKeys.users(group), queryFn: () => api(adminApi.users, { query: { role: group } }) });

/** What an admin may do to a teacher or staff member (docs/rules/administration.md#user-management). */
export type UserAction = 'makeAdmin' | 'removeAdmin' | 'makeTeacher' | 'revertToStaff' | 'approve' | 'reject';

const endpoints = {
  makeAdmin: adminApi.makeAdmin,
  removeAdmin: adminApi.removeAdmin,
  makeTeacher: adminApi.makeTeacher,
  revertToStaff: adminApi.revertToStaff,
  approve: adminApi.approveTeacher,
  reject: adminApi.rejectTeacher,
};

/** Does `action` to `user`; both lists reload, and `me` when the admin changed their own flag (what they may open). */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, user }: { action: UserAction; user: AdminUser }): Promise<unknown> =>
      api(endpoints[action], { params: { userId: user.id }, body: {} }),
    onSuccess: async (_data, { user }) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      if (user.isSelf) await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

/** E-mails unregistered teachers or staff a temporary password (decision 0537); the lists reload. */
export function useInviteUnregistered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: AdminUser[]) => api(adminApi.inviteUnregistered, { body: { userIds: users.map((u) => u.id) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

/** The school's family links and requests. */
export const useFamilyLinks = () => useQuery({ queryKey: adminKeys.familyLinks, queryFn: () => api(adminApi.familyLinks) });

/** Removes a family link or request; the cached list becomes the one the server answers. */
export function useRemoveFamilyLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: FamilyLink) => api(adminApi.removeFamilyLink, { params: { parentId: link.parentId, studentId: link.studentId }, body: {} }),
    onSuccess: (rest) => {
      queryClient.setQueryData(adminKeys.familyLinks, rest);
      // A removed parent's consent no longer counts.
      void queryClient.invalidateQueries({ queryKey: adminKeys.moodConsents });
    },
  });
}

/** Confirms a parent link (the school knows this parent): their mood consent counts from then on. */
export function useConfirmFamilyLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: FamilyLink) => api(adminApi.confirmFamilyLink, { params: { parentId: link.parentId, studentId: link.studentId }, body: {} }),
    onSuccess: (rest) => {
      queryClient.setQueryData(adminKeys.familyLinks, rest);
      void queryClient.invalidateQueries({ queryKey: adminKeys.moodConsents });
    },
  });
}

/** The recorded mood check-in consents of the school's students, with who gave them. */
export const useSchoolMoodConsents = () => useQuery({ queryKey: adminKeys.moodConsents, queryFn: () => api(alertApi.schoolMoodConsents) });
