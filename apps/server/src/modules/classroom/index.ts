import type { FastifyInstance } from 'fastify';

/** Registers every route of the classroom area. */
export function registerClassroomRoutes(_app: FastifyInstance) {}
