import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { addDistrict, getDistricts } from './service.js';

export function registerDistrictRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.superDistricts, async ({ db }) => getDistricts(db));
  route(app, adminEndpoints.addDistrict, async ({ db, services, user, body }) => addDistrict(db, services, user.id, body));
}
