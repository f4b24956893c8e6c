import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { allowance, give, giveOptions } from './service.js';

export function registerGiveRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.allowance, async ({ db, services, user }) => allowance(db, services, user));
  route(app, recognitionEndpoints.giveOptions, async ({ db, services, user, query }) => giveOptions(db, services, user, query));
  route(app, recognitionEndpoints.give, async ({ db, services, user, body }) => give(db, services, user, body));
}
