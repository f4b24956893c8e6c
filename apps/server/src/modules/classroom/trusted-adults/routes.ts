import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerTrustedAdultRoutes(app: FastifyInstance) {
  route(app, e.trustedAdults, ({ db, user }) => s.list(db, user));
  route(app, e.trustedAdultCandidates, ({ db, user, query }) => s.candidates(db, user, query.search));
  route(app, e.trustedAdultsAdd, ({ db, user, body }) => s.add(db, user, body.adultIds));
  route(app, e.trustedAdultsRemove, ({ db, user, params }) => s.remove(db, user, params.adultId));
}
