import type { FastifyInstance } from 'fastify';

/** Registers every route of the auth area. */
export function registerAuthRoutes(_app: FastifyInstance) {}
