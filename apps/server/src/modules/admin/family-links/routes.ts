import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { confirmFamilyLink, listFamilyLinks, removeFamilyLink } from './service.js';

export function registerFamilyLinkRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.familyLinks, async ({ db, user }) => listFamilyLinks(db, schoolAdminActor(user)));
  route(app, adminEndpoints.confirmFamilyLink, async ({ db, services, user, params }) =>
    confirmFamilyLink(db, services, schoolAdminActor(user), params.parentId, params.studentId),
  );
  route(app, adminEndpoints.removeFamilyLink, async ({ db, services, user, params }) =>
    removeFamilyLink(db, services, schoolAdminActor(user), params.parentId, params.studentId),
  );
}
