import {
  adminApi,
  districtViewApi,
  superEditApi,
  type SuperPending,
  type AddDistrict,
  type AdminUser,
  type StaffGroup,
  type Backup,
  type BackupOptions,
  type AddSchool,
  type DeleteSchool,
  type ReportSort,
  type Restore,
  type UpdateDistrict,
  type UpdateSchool,
} from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { TableState } from '../../../components/ui/data-table';
import { api, ApiError, buildUrl } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { adminKeys, fileParams, usePagedReport, useReportFile } from '../api';
import { rangeParam } from '../lib/dates';
import { pageParams } from '../lib/report-csv';
import type { SuperReportFilters } from '../lib/report-forms';

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
const isRunningRestore = (r: Restore) => r.status === 'queued' || r.status === 'checking' || r.status === 'restoring';

const restoreTargetsKey = ['admin', 'restoreTargets'] as const;
/** The schools a restore may go into (the server's rule: nothing in them yet), read afresh each time the dialog opens. */
export const useRestoreTargets = (enabled: boolean) =>
  useQuery({ queryKey: restoreTargetsKey, queryFn: () => api(adminApi.restoreTargets), enabled, staleTime: 0 });

/** The last restore the super admin hid, in this browser. */
const HIDDEN_RESTORE = 'high5.hiddenRestore';

/**
 * The latest restore while it runs and for a day after, unless hidden once it ended (the restores
 * are refreshed every second while one runs). Once it is done, every admin list reloads: the
 * restored school now has people and activity.
 */
export function useLatestRestore() {
  const queryClient = useQueryClient();
  const restores = useQuery({
    queryKey: restoresKey,
    queryFn: () => api(adminApi.restores),
    refetchInterval: (query) => (query.state.data?.some(isRunningRestore) ? 1000 : false),
  });
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDDEN_RESTORE));
  const first = restores.data?.[0];
  const latest =
    first && first.id !== hidden && (isRunningRestore(first) || Date.now() - Date.parse(first.finishedAt ?? first.createdAt) < 86_400_000) ? first : undefined;
  const doneId = latest?.status === 'done' ? latest.id : null;
  useEffect(() => {
    if (doneId) void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  }, [doneId, queryClient]);
  const hide = useCallback((restore: Restore) => {
    localStorage.setItem(HIDDEN_RESTORE, restore.id);
    setHidden(restore.id);
  }, []);
  return { latest, hide };
}

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
      void queryClient.invalidateQueries({ queryKey: restoreTargetsKey });
    },
  });
}

/** Every school's backups (the super admin's list), newest first. */
export const useBackups = () => useQuery({ queryKey: adminKeys.backups(null), queryFn: () => api(adminApi.backups, { query: {} }) });

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

/** A school's classes, for the super admin's report (none asked for without a school, or when `enabled` is false). */
export const useSuperClasses = (schoolId: string, enabled = true) =>
  useQuery({ queryKey: adminKeys.superClasses(schoolId), queryFn: () => api(adminApi.superClasses, { params: { schoolId } }), enabled: !!schoolId && enabled });

/** Any school's years, for the super admin's year pickers (decision 0604). */
export const useSuperSchoolYears = (schoolId: string | undefined) =>
  useQuery({
    queryKey: ['admin', 'superSchoolYears', schoolId],
    queryFn: () => api(districtViewApi.schoolYears, { params: { schoolId: schoolId! } }),
    enabled: !!schoolId,
    staleTime: 5 * 60_000,
  });

const superQuery = (f: SuperReportFilters) => ({ role: f.role, range: rangeParam(f.range), ...(f.classId ? { classId: f.classId } : {}) });

/** Any school's group report (docs/rules/administration.md#super-admin-report): students of one class or all; a page, and its CSV file. */
export function useSuperGroupReport(filters: SuperReportFilters | null, table: TableState) {
  const report = usePagedReport('super', filters, table, (f: SuperReportFilters, state) =>
    api(adminApi.superGroupReport, { params: { schoolId: f.schoolId }, query: { ...superQuery(f), ...pageParams<ReportSort>(state) } }),
  );
  const file = useReportFile();
  const download = () =>
    file.mutate(
      buildUrl(adminApi.superGroupReportCsv, { params: { schoolId: filters!.schoolId }, query: { ...superQuery(filters!), ...fileParams<ReportSort>(table) } }),
    );
  return { report, download, downloading: file.isPending };
}

/** A school's teachers or staff, for making admins (none before a school is picked). */
export const useSuperUsers = (schoolId: string | undefined, role: StaffGroup) =>
  useQuery({
    queryKey: adminKeys.superUsers(schoolId ?? '', role),
    queryFn: () => api(adminApi.superUsers, { params: { schoolId: schoolId! }, query: { role } }),
    enabled: !!schoolId,
  });

/** Makes someone of a school an admin or not; that school's lists refresh. */
export function useSuperAdminFlag(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, make }: { user: AdminUser; make: boolean }) =>
      api(make ? adminApi.superMakeAdmin : adminApi.superRemoveAdmin, { params: { schoolId, userId: user.id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'superUsers', schoolId] }),
  });
}

/** Schools founded in an existing district, and teachers or staff of any school, waiting for approval (decision 0157). */
export const useSuperPending = () => useQuery({ queryKey: adminKeys.superPending, queryFn: () => api(adminApi.superPending) });

/** Approving a school, or approving or declining a person. */
export type PendingDecision = { kind: 'school'; id: string; name: string } | { kind: 'person'; person: SuperPending['people'][number]; approve: boolean };

/** Decides one; the cached list becomes the one the server answers and the other admin lists reload (awaited). */
export function useDecidePending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: PendingDecision) =>
      d.kind === 'school'
        ? api(adminApi.superApproveSchool, { params: { schoolId: d.id }, body: {} })
        : api(d.approve ? adminApi.superApproveMember : adminApi.superRejectMember, {
            params: { schoolId: d.person.schoolId, userId: d.person.userId },
            body: {},
          }),
    onSuccess: async (rest) => {
      queryClient.setQueryData(adminKeys.superPending, rest);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'superPending' });
    },
  });
}
