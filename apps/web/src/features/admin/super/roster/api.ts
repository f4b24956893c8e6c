import { ONEROSTER_UPLOAD_MAX_BYTES, rosteringApi, type RosterRun, type RosterSettings } from '@high5/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError, type BodyOf } from '../../../../lib/api-client';
import { uploadFile } from '../../../../lib/upload';
import { adminKeys } from '../../api';

/** A run still waiting or working: its screen polls until it ends. */
export const isOpenRun = (run: RosterRun) => run.status === 'queued' || run.status === 'running';

const rosterKeys = {
  district: (districtId: string) => ['admin', 'roster', districtId] as const,
  school: ['admin', 'roster', 'school'] as const,
};

/**
 * A district's roster settings and last runs, refreshed every second while a run is open. When no run
 * is open (one just ended), the super admin's school list reloads: a run may have added schools.
 */
export function useDistrictRoster(districtId: string) {
  const queryClient = useQueryClient();
  const roster = useQuery({
    queryKey: rosterKeys.district(districtId),
    queryFn: () => api(rosteringApi.rosterRuns, { params: { districtId } }),
    refetchInterval: (query) => (query.state.data?.runs.some(isOpenRun) ? 1000 : false),
  });
  const running = !!roster.data?.runs.some(isOpenRun);
  useEffect(() => {
    if (!running) void queryClient.invalidateQueries({ queryKey: adminKeys.superSchools });
  }, [running, queryClient]);
  return roster;
}

const schoolRosterRunsQuery = queryOptions({
  queryKey: rosterKeys.school,
  queryFn: () => api(rosteringApi.schoolRosterRuns),
  refetchInterval: (query) => (query.state.data?.some(isOpenRun) ? 1000 : false),
});

/** The school admin's own uploads, refreshed every second while one is read. */
export const useSchoolRosterRuns = () => useQuery(schoolRosterRunsQuery);

/** A new run shows at once at the top of its list (district or school), which then reloads; a school's run may change every admin list. */
function useRunStarted(districtId: string | undefined) {
  const queryClient = useQueryClient();
  return (run: RosterRun) => {
    if (districtId) {
      queryClient.setQueryData(rosterKeys.district(districtId), (old: { runs: RosterRun[] } | undefined) =>
        old ? { ...old, runs: [run, ...old.runs.filter((r) => r.id !== run.id)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: rosterKeys.district(districtId) });
    } else {
      queryClient.setQueryData(schoolRosterRunsQuery.queryKey, (old) => [run, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    }
  };
}

/** "Sync now": a run from the district's SIS. */
export function useSyncNow(districtId: string) {
  const started = useRunStarted(districtId);
  return useMutation({ mutationFn: () => api(rosteringApi.rosterSyncNow, { params: { districtId }, body: {} }), onSuccess: started });
}

/** A OneRoster zip for a run to read: a district's (the super admin), or the caller's own school's (`districtId` absent). */
export function useRosterUpload(districtId: string | undefined) {
  const started = useRunStarted(districtId);
  return useMutation({
    mutationFn: (zip: File) => {
      if (zip.size > ONEROSTER_UPLOAD_MAX_BYTES) throw new ApiError(413, 'PAYLOAD_TOO_LARGE');
      return districtId
        ? uploadFile(rosteringApi.rosterUpload, { params: { districtId } }, 'roster', zip, zip.name)
        : uploadFile(rosteringApi.schoolRosterUpload, {}, 'roster', zip, zip.name);
    },
    onSuccess: started,
  });
}

/** "Test connection" (decision 0480): what the district's SIS answers with the stored credentials. */
export const useTestConnection = (districtId: string) =>
  useMutation({ mutationFn: () => api(rosteringApi.rosterTestConnection, { params: { districtId }, body: {} }) });

/** Applies a held run as shown; its district's runs reload. */
export function useApproveRun(run: RosterRun) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(rosteringApi.rosterApprove, { params: { runId: run.id }, body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rosterKeys.district(run.districtId) }),
  });
}

/** Sets a held run aside (nothing of it applied); its district's runs reload. */
export function useDiscardRun(run: RosterRun) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(rosteringApi.rosterDiscard, { params: { runId: run.id }, body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rosterKeys.district(run.districtId) }),
  });
}

/** Saves a district's roster settings; the cached roster gets them and the district list reloads (it shows test mode). */
export function useSaveRosterSettings(districtId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof rosteringApi.rosterSettings>) => api(rosteringApi.rosterSettings, { params: { districtId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(rosterKeys.district(districtId), (old: { settings: RosterSettings } | undefined) => (old ? { ...old, settings: saved } : old));
      void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
    },
  });
}

/** The report's three headline figures: people added, changed, removed (people, not memberships, when the run counted them). */
export function headline(run: Pick<RosterRun, 'counts' | 'people'>) {
  const c = run.counts;
  if (run.people) return { added: run.people.added + run.people.reactivated, changed: run.people.updated, removed: run.people.deactivated };
  return {
    added: (c.created ?? 0) + (c.reactivated ?? 0),
    changed: c.updated ?? 0,
    removed: c.deactivated ?? 0,
  };
}

export const warningCount = (run: RosterRun) => run.schools.reduce((n, s) => n + s.warnings.length, 0);
