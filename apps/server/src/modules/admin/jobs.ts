import type { Services } from '../../services/index.js';
import { RESTORE_JOB, runRestore } from './backups/restore.js';
import { BACKUP_SWEEP_JOB, DELETE_OBJECTS_JOB, deleteObjects, sweepBackups } from './backups/service.js';
import { MOOD_REPORT_TICK, runMoodReportTick } from './mood-mail/service.js';
import { RETENTION_TICK, runRetentionTick } from './retention/service.js';

/** The admin area's background work (docs/decisions/0611). */
export function registerAdminJobs(services: Services) {
  // Queued by a request: a restore, and the stored files a deleted school leaves.
  services.jobs.register(RESTORE_JOB, async (payload, stopping) => runRestore(services, String(payload.restoreId), stopping));
  services.jobs.register(DELETE_OBJECTS_JOB, async (payload) => deleteObjects(services, (payload.keys as string[] | undefined) ?? []));
  // Every hour: backups older than BACKUP_RETENTION_DAYS go, file and all.
  services.jobs.register(BACKUP_SWEEP_JOB, () => sweepBackups(services));
  services.jobs.schedule({ name: BACKUP_SWEEP_JOB, kind: BACKUP_SWEEP_JOB, everyMinutes: 60 });
  // Every minute: each school's daily mood report e-mail, once its time has come.
  services.jobs.register(MOOD_REPORT_TICK, async () => {
    await runMoodReportTick(services);
  });
  services.jobs.schedule({ name: MOOD_REPORT_TICK, kind: MOOD_REPORT_TICK, everyMinutes: 1 });
  // Every 15 minutes: at each school's night, the years its retention rule no longer keeps are deleted.
  services.jobs.register(RETENTION_TICK, async () => {
    await runRetentionTick(services);
  });
  services.jobs.schedule({ name: RETENTION_TICK, kind: RETENTION_TICK, everyMinutes: 15 });
}
