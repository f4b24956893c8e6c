import type { FastifyInstance } from 'fastify';
import { registerBackupRoutes } from './backups/routes.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerConfigurationRoutes } from './configuration/routes.js';
import { registerDistrictRoutes } from './districts/routes.js';
import { registerDistrictViewRoutes } from './district-view/routes.js';
import { registerFamilyLinkRoutes } from './family-links/routes.js';
import { registerPendingRoutes } from './pending/routes.js';
import { registerReachRoutes } from './reach/routes.js';
import { registerReportRoutes } from './reports/routes.js';
import { registerRetentionRoutes } from './retention/routes.js';
import { registerSchoolYearRoutes } from './school-years/routes.js';
import { registerSchoolRoutes } from './schools/routes.js';
import { registerUserRoutes } from './users/routes.js';

/** Registers every route of the admin area, and the daily mood meter report job. */
export function registerAdminRoutes(app: FastifyInstance) {
  registerUserRoutes(app);
  registerConfigurationRoutes(app);
  registerCategoryRoutes(app);
  registerReportRoutes(app);
  registerReachRoutes(app);
  registerDistrictRoutes(app);
  registerDistrictViewRoutes(app);
  registerSchoolRoutes(app);
  registerBackupRoutes(app);
  registerFamilyLinkRoutes(app);
  registerPendingRoutes(app);
  registerSchoolYearRoutes(app);
  registerRetentionRoutes(app);
}

/** What the rostering area may call: a rostered school's new year comes from its SIS (docs/decisions/0570). */
export { rollOverForRoster } from './school-years/service.js';
