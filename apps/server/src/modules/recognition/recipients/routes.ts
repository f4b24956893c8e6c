import { recognitionEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { listRecipients } from './service.js';

export function registerRecipientRoutes(app: FastifyInstance) {
  route(app, recognitionEndpoints.recipients, async ({ db, user, query }) => listRecipients(db, user, query));
}
