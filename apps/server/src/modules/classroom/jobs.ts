import type { Services } from '../../services/index.js';
import { ALERT_TICK, runAlertTick } from './alerts/service.js';

/** The classroom area's background work (docs/decisions/0611). */
export function registerClassroomJobs(services: Services) {
  // Every minute: each well-being alert whose next step (escalation, reminder) is due.
  services.jobs.register(ALERT_TICK, async () => {
    await runAlertTick(services);
  });
  services.jobs.schedule({ name: ALERT_TICK, kind: ALERT_TICK, everyMinutes: 1 });
}
