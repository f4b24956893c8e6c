import { profileEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { photoUploadRoute } from '../photo/upload.js';
import {
  addStudentNote,
  assertCanChangeStudentPhoto,
  changeStudentPhoto,
  changeStudentFlags,
  getStudentAttendance,
  getStudentDetails,
  getStudentMoods,
  getStudentNotes,
} from './service.js';

export function registerStudentDetailsRoutes(app: FastifyInstance) {
  const e = profileEndpoints;
  route(app, e.studentDetails, ({ db, services, user, params }) => getStudentDetails(db, services, user, params.studentId));
  route(app, e.updateStudentFlags, ({ db, services, user, params, body }) => changeStudentFlags(db, services, user, params.studentId, body));
  route(app, e.studentAttendance, ({ db, services, user, params, query }) => getStudentAttendance(db, services, user, params.studentId, query.range));
  route(app, e.studentMoods, ({ db, services, user, params, query }) => getStudentMoods(db, services, user, params.studentId, query.range));
  route(app, e.studentNotes, ({ db, services, user, params }) => getStudentNotes(db, services, user, params.studentId));
  route(app, e.addStudentNote, ({ db, services, user, params, body }) => addStudentNote(db, services, user, params.studentId, body.body));

  photoUploadRoute(
    app,
    e.uploadStudentPhoto,
    ({ user, params, services }) => assertCanChangeStudentPhoto(services.db, user, params.studentId),
    ({ db, services, user, params, photo }) => changeStudentPhoto(db, services, user, params.studentId, photo),
  );
}
