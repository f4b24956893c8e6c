import type { FastifyInstance } from 'fastify';
import { registerRosteringRoutes } from './routes.js';

/** Registers the rostering area: its routes, the sync job and the nightly schedule (docs/architecture.md). */
export function registerRostering(app: FastifyInstance) {
  registerRosteringRoutes(app);
}
