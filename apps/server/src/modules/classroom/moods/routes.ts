import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerMoodRoutes(app: FastifyInstance) {
  route(app, e.moodSettings, ({ db, user }) => s.moodSettings(db, user));
  route(app, e.moodMine, ({ db, services, user }) => s.myMoods(db, services, user));
  route(app, e.moodCheckIn, ({ db, services, user, body }) => s.checkIn(db, services, user, body));
  route(app, e.moodStudentHistory, ({ db, services, user, params, query }) => s.studentMoodHistory(db, services, user, params.studentId, query.dateRange));
  route(app, e.moodAcknowledge, ({ db, services, user, params }) => s.acknowledgeEmergency(db, services, user, params.studentId));
}
