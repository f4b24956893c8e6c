import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerSignInCardRoutes(app: FastifyInstance) {
  route(app, e.classSignInCards, ({ db, services, user, params, body }) => s.issueCards(db, services, user, params.classId, body.studentIds));
  route(app, e.classDeviceSessions, ({ db, services, user, request, params }) => s.listDeviceSessions(db, services, user, request, params.classId));
  route(app, e.classDeviceOpen, ({ db, services, user, request, reply, params, body }) =>
    s.openDeviceSession(db, services, user, request, reply, params.classId, body.hours),
  );
  route(app, e.classDeviceClose, ({ db, services, user, params }) => s.closeDeviceSession(db, services, user, params.classId, params.deviceSessionId));
}
