import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { addSchool, backupSchool, deleteSchool, getBackups, getSchools, readBackup } from './service.js';

export function registerSchoolRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.superSchools, async ({ db }) => getSchools(db));
  route(app, adminEndpoints.addSchool, async ({ db, services, user, body }) => addSchool(db, services, user.id, body));
  route(app, adminEndpoints.backups, async ({ db, query }) => getBackups(db, query.schoolId));
  route(app, adminEndpoints.backupSchool, async ({ db, services, user, params }) => backupSchool(db, services, user.id, params.schoolId));
  route(app, adminEndpoints.deleteSchool, async ({ db, services, user, params, body }) => deleteSchool(db, services, user.id, params.schoolId, body));
  route(app, adminEndpoints.downloadBackup, async ({ db, services, user, params, reply }) => {
    const { bytes, fileName } = await readBackup(db, services, user.id, params.backupId);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
