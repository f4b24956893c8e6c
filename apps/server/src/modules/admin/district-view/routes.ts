import { districtViewEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { superAdminActor } from '../../../policies/actors.js';
import { sendCsv } from '../reports/report-csv.js';
import { districtReport, districtStudentsCsv, listDistrictStudents, superSchoolYears } from './service.js';

export function registerDistrictViewRoutes(app: FastifyInstance) {
  route(app, districtViewEndpoints.districtStudents, async ({ db, params, query }) => listDistrictStudents(db, params.districtId, query));
  route(app, districtViewEndpoints.districtStudentsCsv, async ({ db, services, user, params, query, reply }) =>
    sendCsv(reply, await districtStudentsCsv(db, services, user, params.districtId, query)),
  );
  route(app, districtViewEndpoints.districtReport, async ({ db, services, params, query }) => districtReport(db, services, params.districtId, query.range));
  route(app, districtViewEndpoints.schoolYears, async ({ db, services, user, params }) =>
    superSchoolYears(db, services, (await superAdminActor(db, user, params.schoolId)).schoolId),
  );
}
