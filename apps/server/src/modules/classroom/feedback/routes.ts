import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerFeedbackRoutes(app: FastifyInstance) {
  route(app, e.myStudents, ({ db, user, query }) => s.myStudents(db, user, query.search));
  route(app, e.studentHigh5s, ({ db, user, params, query }) => s.studentHigh5s(db, user, params.studentId, query.dateRange));
  route(app, e.feedbackGive, ({ db, services, user, body }) => s.giveFeedback(db, services, user, body.high5Id, body.comment));
  route(app, e.feedbackList, ({ db, user, query }) => s.feedbackList(db, user, query.dateRange));
}
