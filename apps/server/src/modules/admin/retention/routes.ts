import { adminEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { getDataSettings, updateDataSettings } from './service.js';

export function registerRetentionRoutes(app: FastifyInstance) {
  route(app, e.dataSettings, ({ db, services, user }) => getDataSettings(db, services, schoolAdminActor(user)));
  route(app, e.updateDataSettings, ({ db, services, user, body }) => updateDataSettings(db, services, schoolAdminActor(user), body));
}
