import { profileEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { acceptFamilyRequest, declineFamilyRequest, familyRequests, inviteParent, myParents } from './service.js';

export function registerFamilyRoutes(app: FastifyInstance) {
  route(app, profileEndpoints.inviteParent, ({ db, services, user, body }) => inviteParent(db, services, user, body));
  route(app, profileEndpoints.myParents, ({ db, user }) => myParents(db, user));
  route(app, profileEndpoints.familyRequests, ({ db, user }) => familyRequests(db, user));
  route(app, profileEndpoints.acceptFamilyRequest, ({ db, services, user, params }) => acceptFamilyRequest(db, services, user, params.requestId));
  route(app, profileEndpoints.declineFamilyRequest, ({ db, user, params }) => declineFamilyRequest(db, user, params.requestId));
}
