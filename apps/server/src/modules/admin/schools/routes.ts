import { adminEndpoints, superEditEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { addSchool, deleteSchool, getSchools, updateSchool } from './service.js';

export function registerSchoolRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.superSchools, async ({ db }) => getSchools(db));
  route(app, adminEndpoints.addSchool, async ({ db, services, user, body }) => addSchool(db, services, user.id, body));
  route(app, adminEndpoints.deleteSchool, async ({ db, services, user, params, body }) => deleteSchool(db, services, user.id, params.schoolId, body));
  route(app, superEditEndpoints.updateSchool, async ({ db, services, user, params, body }) => updateSchool(db, services, user.id, params.schoolId, body));
}
