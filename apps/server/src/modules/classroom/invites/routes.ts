import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { inviteToClass } from './service.js';

export function registerInviteRoutes(app: FastifyInstance) {
  route(app, e.classInvite, ({ db, services, user, params, body }) =>
    inviteToClass(
      db,
      services,
      user,
      params.classId,
      body.students.map((s) => ({ email: s.email, firstName: s.firstName ?? '', lastName: s.lastName ?? '' })),
    ),
  );
}
