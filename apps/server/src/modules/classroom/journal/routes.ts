import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerJournalRoutes(app: FastifyInstance) {
  route(app, e.journalList, ({ db, user, query }) => s.list(db, user, query.dateRange));
  route(app, e.journalCreate, ({ db, services, user, body }) => s.create(db, services, user, body));
  route(app, e.journalUpdate, ({ db, services, user, params, body }) => s.update(db, services, user, params.entryId, body));
  route(app, e.journalDelete, ({ db, user, params }) => s.remove(db, user, params.entryId));
}
