import type { Services } from '../../services/index.js';
import { ROSTER_NIGHTLY_TICK, runNightlyTick } from './nightly.js';
import { executeRun, ROSTER_SYNC_JOB } from './runs.js';

/** Rostering's background work (docs/decisions/0611). */
export function registerRosteringJobs(services: Services) {
  // Queued by "Sync now", an upload or the nightly tick: one roster run.
  services.jobs.register(ROSTER_SYNC_JOB, async (payload) => executeRun(services, String(payload.runId)));
  // Every 5 minutes: districts whose nightly time has come get their run (not in a summer pause).
  services.jobs.register(ROSTER_NIGHTLY_TICK, async () => {
    await runNightlyTick(services);
  });
  services.jobs.schedule({ name: ROSTER_NIGHTLY_TICK, kind: ROSTER_NIGHTLY_TICK, everyMinutes: 5 });
}
