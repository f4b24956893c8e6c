import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { addCategory, getCategories, updateCategories } from './service.js';

export function registerCategoryRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.categories, async ({ db, user, params }) => getCategories(db, schoolAdminActor(user).schoolId, params.kind));
  route(app, adminEndpoints.updateCategories, async ({ db, services, user, params, body }) =>
    updateCategories(db, services, schoolAdminActor(user), params.kind, body.items),
  );
  route(app, adminEndpoints.addCategory, async ({ db, services, user, params, body }) => addCategory(db, services, schoolAdminActor(user), params.kind, body));
}
