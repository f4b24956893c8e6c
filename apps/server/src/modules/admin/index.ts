import type { FastifyInstance } from 'fastify';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerConfigurationRoutes } from './configuration/routes.js';
import { registerDistrictRoutes } from './districts/routes.js';
import { ensureMoodReportTick, MOOD_REPORT_TICK, runMoodReportTick } from './mood-mail/service.js';
import { registerReportRoutes } from './reports/routes.js';
import { registerSchoolRoutes } from './schools/routes.js';
import { DELETE_OBJECTS_JOB, deleteObjects } from './schools/service.js';
import { registerUserRoutes } from './users/routes.js';

/** Registers every route of the admin area, and the daily mood meter report job. */
export function registerAdminRoutes(app: FastifyInstance) {
  registerUserRoutes(app);
  registerConfigurationRoutes(app);
  registerCategoryRoutes(app);
  registerReportRoutes(app);
  registerDistrictRoutes(app);
  registerSchoolRoutes(app);

  app.services.jobs.register(MOOD_REPORT_TICK, async () => {
    await runMoodReportTick(app.services);
  });
  app.services.jobs.register(DELETE_OBJECTS_JOB, async (payload) => {
    await deleteObjects(app.services, (payload.keys as string[] | undefined) ?? []);
  });
  app.addHook('onReady', async () => {
    await ensureMoodReportTick(app.services);
  });
}
