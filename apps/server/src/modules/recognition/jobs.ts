import type { Services } from '../../services/index.js';
import { NOT_YET_MAIL_TICK, runNotYetMailTick } from './not-yet/mail.js';

/** The recognition area's background work (docs/decisions/0611). */
export function registerRecognitionJobs(services: Services) {
  // Every 15 minutes: on the first school days of a month, each teacher's "not yet" e-mail (docs/decisions/0568).
  services.jobs.register(NOT_YET_MAIL_TICK, async () => {
    await runNotYetMailTick(services);
  });
  services.jobs.schedule({ name: NOT_YET_MAIL_TICK, kind: NOT_YET_MAIL_TICK, everyMinutes: 15 });
}
