import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerStudentClassRoutes(app: FastifyInstance) {
  route(app, e.studentClasses, ({ db, user, query }) => s.studentClasses(db, user, query.enrolled));
  route(app, e.studentClassmates, ({ db, user, params }) => s.classmates(db, user, params.classId));
  route(app, e.studentRequestEnrolment, ({ db, user, params }) => s.requestEnrolment(db, user, params.classId));
}
