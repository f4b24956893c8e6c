import { adminEndpoints, superEditEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { addDistrict, deleteDistrict, getDistricts, updateDistrict } from './service.js';

export function registerDistrictRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.superDistricts, async ({ db }) => getDistricts(db));
  route(app, adminEndpoints.addDistrict, async ({ db, services, user, body }) => addDistrict(db, services, user.id, body));
  route(app, superEditEndpoints.updateDistrict, async ({ db, services, user, params, body }) => updateDistrict(db, services, user.id, params.districtId, body));
  route(app, superEditEndpoints.deleteDistrict, async ({ db, services, user, params }) => deleteDistrict(db, services, user.id, params.districtId));
}
