import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { superApproveSchool, superDecideMember, superPending } from './service.js';

export function registerPendingRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.superPending, async ({ db }) => superPending(db));
  route(app, adminEndpoints.superApproveSchool, async ({ db, services, user, params }) => superApproveSchool(db, services, user, params.schoolId));
  route(app, adminEndpoints.superApproveMember, async ({ db, services, user, params }) =>
    superDecideMember(db, services, user, params.schoolId, params.userId, true),
  );
  route(app, adminEndpoints.superRejectMember, async ({ db, services, user, params }) =>
    superDecideMember(db, services, user, params.schoolId, params.userId, false),
  );
}
