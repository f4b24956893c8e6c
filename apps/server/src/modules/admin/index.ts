import type { FastifyInstance } from 'fastify';

/** Registers every route of the admin area. */
export function registerAdminRoutes(_app: FastifyInstance) {}
