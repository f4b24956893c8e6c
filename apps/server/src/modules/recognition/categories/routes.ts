import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { currentMembership } from '../recipients/service.js';
import { listCategories } from './service.js';

export function registerCategoryRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.categories, async ({ db, user, query }) =>
    listCategories(db, currentMembership(user).schoolId, query.kind, query.language ?? user.language),
  );
}
