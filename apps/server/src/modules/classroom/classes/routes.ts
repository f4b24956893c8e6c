import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerClassRoutes(app: FastifyInstance) {
  route(app, e.classList, ({ db, user }) => s.listClasses(db, user));
  route(app, e.classCreate, ({ db, user, body }) => s.createClass(db, user, body.name));
  route(app, e.classRename, ({ db, user, params, body }) => s.renameClass(db, user, params.classId, body.name));
  route(app, e.classDelete, ({ db, user, params }) => s.deleteClass(db, user, params.classId));
  route(app, e.classStudents, ({ db, user, params }) => s.classStudents(db, user, params.classId));
  route(app, e.classStudentCandidates, ({ db, user, params, query }) => s.studentCandidates(db, user, params.classId, query.search));
  route(app, e.classEnrol, ({ db, user, params, body }) => s.enrolStudents(db, user, params.classId, body.studentIds));
  route(app, e.classRemoveStudent, ({ db, user, params }) => s.removeStudent(db, user, params.classId, params.studentId));
  route(app, e.classRequests, ({ db, user, params }) => s.listRequests(db, user, params.classId));
  route(app, e.classDecideRequests, ({ db, user, params, body }) => s.decideRequests(db, user, params.classId, body.studentIds, body.enroll));
  route(app, e.classTeachers, ({ db, user, params }) => s.listTeachers(db, user, params.classId));
  route(app, e.classTeacherCandidates, ({ db, user, params, query }) => s.teacherCandidates(db, user, params.classId, query.search));
  route(app, e.classAddTeacher, ({ db, user, params, body }) => s.addSubstitute(db, user, params.classId, body.teacherId));
  route(app, e.classRemoveTeacher, ({ db, user, params }) => s.removeSubstitute(db, user, params.classId, params.teacherId));
}
