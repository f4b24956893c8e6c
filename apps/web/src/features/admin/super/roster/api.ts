import { rosteringApi, type RosterRun } from '@high5/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** A run still waiting or working: its screen polls until it ends. */
export const isOpenRun = (run: RosterRun) => run.status === 'queued' || run.status === 'running';

export const rosterKeys = {
  district: (districtId: string) => ['admin', 'roster', districtId] as const,
  school: ['admin', 'roster', 'school'] as const,
};

/** A district's roster settings and last runs, refreshed every second while a run is open. */
export const districtRosterQuery = (districtId: string) =>
  queryOptions({
    queryKey: rosterKeys.district(districtId),
    queryFn: () => api(rosteringApi.rosterRuns, { params: { districtId } }),
    refetchInterval: (query) => (query.state.data?.runs.some(isOpenRun) ? 1000 : false),
  });

/** The school admin's own uploads. */
export const schoolRosterRunsQuery = queryOptions({
  queryKey: rosterKeys.school,
  queryFn: () => api(rosteringApi.schoolRosterRuns),
  refetchInterval: (query) => (query.state.data?.some(isOpenRun) ? 1000 : false),
});

/** The report's three headline figures: people added, changed, removed. */
export function headline(run: Pick<RosterRun, 'counts'>) {
  const c = run.counts;
  return {
    added: (c.created ?? 0) + (c.reactivated ?? 0),
    changed: c.updated ?? 0,
    removed: c.deactivated ?? 0,
  };
}

export const warningCount = (run: RosterRun) => run.schools.reduce((n, s) => n + s.warnings.length, 0);
