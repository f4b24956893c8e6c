import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { receivedReport } from './service.js';

export function registerReportRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.received, async ({ db, services, user, query }) => receivedReport(db, services, user, query));
}
