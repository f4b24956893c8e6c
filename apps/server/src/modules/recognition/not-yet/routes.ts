import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { notYet } from './service.js';

export function registerNotYetRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.notYet, async ({ db, services, user, query }) => notYet(db, services, user, query.classId));
}
