import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { giversReport, reachReport } from './service.js';

export function registerReachRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.reachReport, async ({ db, services, user, query }) => reachReport(db, services, schoolAdminActor(user), query.range));
  route(app, adminEndpoints.giversReport, async ({ db, services, user, query }) => giversReport(db, services, schoolAdminActor(user), query.range));
}
