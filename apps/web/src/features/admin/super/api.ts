import { adminApi, superEditApi, type AddDistrict, type AdminUser, type StaffGroup, type Backup, type BackupOptions, type AddSchool, type DeleteSchool, type Restore, type UpdateDistrict, type UpdateSchool } from '@high5/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { adminKeys } from '../api';

/** Districts and schools are listed together (a school's district, a district's school count): a change refreshes both. */
function useRefreshSchools() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
    void queryClient.invalidateQueries({ queryKey: adminKeys.superSchools });
  };
}

export function useAddDistrict() {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: AddDistrict) => api(adminApi.addDistrict, { body }), onSuccess: refresh });
}

export function useAddSchool() {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: AddSchool) => api(adminApi.addSchool, { body }), onSuccess: refresh });
}

export function useUpdateDistrict(districtId: string) {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: UpdateDistrict) => api(superEditApi.updateDistrict, { params: { districtId }, body }), onSuccess: refresh });
}

export function useDeleteDistrict(districtId: string) {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: () => api(superEditApi.deleteDistrict, { params: { districtId }, body: {} }), onSuccess: refresh });
}

export function useUpdateSchool(schoolId: string) {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: UpdateSchool) => api(superEditApi.updateSchool, { params: { schoolId }, body }), onSuccess: refresh });
}

/** Deletes a school (a backup first when asked): the lists and the backups change. */
export function useDeleteSchool() {
  const refresh = useRefreshSchools();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, body }: { schoolId: string; body: DeleteSchool }) => api(adminApi.deleteSchool, { params: { schoolId }, body }),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'backups'] });
    },
  });
}

const restoresKey = ['admin', 'restores'] as const;
const running = (r: Restore) => r.status === 'queued' || r.status === 'checking' || r.status === 'restoring';
export const isRunningRestore = running;

/** The restores, newest first, refreshed every second while one runs. */
export const restoresQuery = queryOptions({
  queryKey: restoresKey,
  queryFn: () => api(adminApi.restores),
  refetchInterval: (query) => (query.state.data?.some(running) ? 1000 : false),
});

/** Starts a restore of a listed backup, or of an uploaded backup file, into an empty school; it shows at once in the progress. */
export function useStartRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ backupId, targetSchoolId, file }: { backupId: string | null; targetSchoolId: string; file: File | null }) => {
      if (backupId) return api(adminApi.startRestore, { body: { backupId, targetSchoolId } });
      if (!file) throw new ApiError(400, 'VALIDATION_FAILED');
      return uploadFile(adminApi.uploadRestore, { query: { targetSchoolId } }, 'backup', file, file.name);
    },
    onSuccess: (restore) => {
      queryClient.setQueryData(restoresKey, (list: Restore[] | undefined) => [restore, ...(list ?? [])]);
      void queryClient.invalidateQueries({ queryKey: restoresKey });
    },
  });
}

/** Every school's backups (the super admin's list), newest first. */
export const backupsQuery = queryOptions({ queryKey: adminKeys.backups(null), queryFn: () => api(adminApi.backups, { query: {} }) });

export function useBackupSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, body }: { schoolId: string; body: BackupOptions }) => api(adminApi.backupSchool, { params: { schoolId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'backups'] }),
  });
}

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backup: Backup) => api(adminApi.deleteBackup, { params: { backupId: backup.id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'backups'] }),
  });
}

/** A school's classes, for the super admin's report. */
export const superClassesQuery = (schoolId: string) => queryOptions({ queryKey: adminKeys.superClasses(schoolId), queryFn: () => api(adminApi.superClasses, { params: { schoolId } }) });

/** A school's teachers or staff, for making admins. */
export const superUsersQuery = (schoolId: string, role: StaffGroup) =>
  queryOptions({ queryKey: adminKeys.superUsers(schoolId, role), queryFn: () => api(adminApi.superUsers, { params: { schoolId }, query: { role } }) });

/** Makes someone of a school an admin or not; that school's lists refresh. */
export function useSuperAdminFlag(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, make }: { user: AdminUser; make: boolean }) => api(make ? adminApi.superMakeAdmin : adminApi.superRemoveAdmin, { params: { schoolId, userId: user.id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'superUsers', schoolId] }),
  });
}
