import type { FastifyInstance } from 'fastify';
import { registerAvatarRoutes } from './avatar/routes.js';
import { registerFamilyRoutes } from './family/routes.js';
import { registerProfileRoutes } from './profile/routes.js';
import { registerStudentDetailsRoutes } from './student-details/routes.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerDashboardRoutes } from './dashboard/routes.js';
import { registerGiveRoutes } from './give/routes.js';
import { registerNotYetRoutes } from './not-yet/routes.js';
import { registerRecipientRoutes } from './recipients/routes.js';
import { registerReportRoutes } from './reports/routes.js';
import { registerYearExportRoutes } from './year-export/routes.js';

/** Registers every route of the recognition area, and the monthly "not yet" e-mail job. */
export function registerRecognitionRoutes(app: FastifyInstance) {
  registerRecipientRoutes(app);
  registerCategoryRoutes(app);
  registerGiveRoutes(app);
  registerDashboardRoutes(app);
  registerNotYetRoutes(app);
  registerReportRoutes(app);
  registerProfileRoutes(app);
  registerAvatarRoutes(app);
  registerFamilyRoutes(app);
  registerStudentDetailsRoutes(app);
  registerYearExportRoutes(app);
}
