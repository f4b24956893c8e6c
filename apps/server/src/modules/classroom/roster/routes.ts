import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerRosterRoutes(app: FastifyInstance) {
  route(app, e.roster, ({ db, services, user, query }) => s.roster(db, services, user, query));
  route(app, e.rosterResetPassword, ({ db, services, user, params }) => s.resetPassword(db, services, user, params.studentId));
  route(app, e.rosterClassInvite, ({ db, services, user, params }) => s.inviteClass(db, services, user, params.classId));
  route(app, e.rosterInvite, ({ db, services, user, body }) => s.inviteUnregistered(db, services, user, body.studentIds));
}
