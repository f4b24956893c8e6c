import type { FastifyInstance } from 'fastify';

/** Registers every route of the recognition area. */
export function registerRecognitionRoutes(_app: FastifyInstance) {}
