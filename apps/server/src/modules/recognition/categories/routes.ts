import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { listCategories } from './service.js';
import { currentSchool } from '../../../lib/current-school.js';

export function registerCategoryRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.categories, async ({ db, user, query }) =>
    listCategories(db, currentSchool(user).schoolId, query.kind, query.language ?? user.language),
  );
}
