import { classroomEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import * as s from './service.js';

export function registerSeatingRoutes(app: FastifyInstance) {
  route(app, e.seating, ({ db, services, user, params }) => s.seatingData(db, services, user, params.classId));
  route(app, e.seatingMoods, ({ db, services, user, params }) => s.seatingMoods(db, services, user, params.classId));
  route(app, e.seatingPreset, ({ db, user, params, query }) => s.preset(db, user, params.classId, query));
  route(app, e.seatingCreate, ({ db, services, user, params, body }) => s.createChart(db, services, user, params.classId, body));
  route(app, e.seatingUpdate, ({ db, services, user, params, body }) => s.updateChart(db, services, user, params.classId, params.chartId, body));
  route(app, e.seatingDelete, ({ db, user, params }) => s.deleteChart(db, user, params.classId, params.chartId));
  route(app, e.attendanceToday, ({ db, services, user, params }) => s.attendanceToday(db, services, user, params.classId));
  route(app, e.attendanceSave, ({ db, services, user, params, body }) => s.saveAttendance(db, services, user, params.classId, body));
  route(app, e.attendanceExport, ({ db, user, params, query }) => s.exportAttendance(db, user, params.classId, query.dateRange));
}
