import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor, superAdminActor } from '../../../policies/actors.js';
import { classReportCsv, groupReportCsv, moodReportCsv, sendCsv } from './report-csv.js';
import {
  adminMoodReport,
  classMoodReport,
  classRecognitionReport,
  getMoodReportSettings,
  groupReport,
  putMoodReportSettings,
  schoolClasses,
  userReport,
  visibleClasses,
} from './service.js';

export function registerReportRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.classes, async ({ db, services, user }) => schoolClasses(db, services, schoolAdminActor(user).schoolId));
  route(app, adminEndpoints.groupReport, async ({ db, services, user, query }) => groupReport(db, services, schoolAdminActor(user), query));
  route(app, adminEndpoints.userReport, async ({ db, services, user, params, query }) =>
    userReport(db, services, schoolAdminActor(user), params.userId, query.range),
  );
  route(app, adminEndpoints.moodReport, async ({ db, services, user, query }) => adminMoodReport(db, services, schoolAdminActor(user), query));
  route(app, adminEndpoints.groupReportCsv, async ({ db, services, user, query, reply }) =>
    sendCsv(reply, await groupReportCsv(db, services, schoolAdminActor(user), user, query)),
  );
  route(app, adminEndpoints.moodReportCsv, async ({ db, services, user, query, reply }) =>
    sendCsv(reply, await moodReportCsv(db, services, schoolAdminActor(user), user, query)),
  );
  route(app, adminEndpoints.moodReportSettings, async ({ db, user }) => getMoodReportSettings(db, schoolAdminActor(user).schoolId));
  route(app, adminEndpoints.saveMoodReportSettings, async ({ db, services, user, body }) => putMoodReportSettings(db, services, schoolAdminActor(user), body));

  route(app, adminEndpoints.reportClasses, async ({ db, services, user }) => visibleClasses(db, services, user));
  route(app, adminEndpoints.classRecognitionReport, async ({ db, services, user, query }) => classRecognitionReport(db, services, user, query));
  route(app, adminEndpoints.classMoodReport, async ({ db, services, user, query }) => classMoodReport(db, services, user, query));
  route(app, adminEndpoints.classRecognitionReportCsv, async ({ db, services, user, query, reply }) =>
    sendCsv(reply, await classReportCsv(db, services, user, query, 'recognition')),
  );
  route(app, adminEndpoints.classMoodReportCsv, async ({ db, services, user, query, reply }) =>
    sendCsv(reply, await classReportCsv(db, services, user, query, 'mood')),
  );

  route(app, adminEndpoints.superClasses, async ({ db, services, user, params }) =>
    schoolClasses(db, services, (await superAdminActor(db, user, params.schoolId)).schoolId),
  );
  route(app, adminEndpoints.superGroupReport, async ({ db, services, user, params, query }) =>
    groupReport(db, services, await superAdminActor(db, user, params.schoolId), query),
  );
  route(app, adminEndpoints.superGroupReportCsv, async ({ db, services, user, params, query, reply }) =>
    sendCsv(reply, await groupReportCsv(db, services, await superAdminActor(db, user, params.schoolId), user, query)),
  );
}
