import { profileEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { inviteParent, myParents } from './service.js';

export function registerFamilyRoutes(app: FastifyInstance) {
  route(app, profileEndpoints.inviteParent, ({ db, services, user, body }) => inviteParent(db, services, user, body));
  route(app, profileEndpoints.myParents, ({ db, user }) => myParents(db, user));
}
