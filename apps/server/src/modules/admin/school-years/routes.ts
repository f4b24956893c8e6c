import { schoolYearEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { adminState, applyRollover, previewRollover, undoRollover, yearsForPicker } from './service.js';

export function registerSchoolYearRoutes(app: FastifyInstance) {
  route(app, schoolYearEndpoints.years, async ({ db, services, user }) => yearsForPicker(db, services, user));
  route(app, schoolYearEndpoints.admin, async ({ db, services, user }) => adminState(db, services, schoolAdminActor(user)));
  route(app, schoolYearEndpoints.preview, async ({ db, services, user, body }) => previewRollover(db, services, schoolAdminActor(user), body));
  route(app, schoolYearEndpoints.rollover, async ({ db, services, user, body }) => applyRollover(db, services, schoolAdminActor(user), body));
  route(app, schoolYearEndpoints.undo, async ({ db, services, user }) => undoRollover(db, services, schoolAdminActor(user)));
}
