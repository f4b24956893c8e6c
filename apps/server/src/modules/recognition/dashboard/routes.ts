import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { dashboard } from './service.js';

export function registerDashboardRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.dashboard, async ({ db, services, user, query }) => dashboard(db, services, user, query));
}
