import { z } from 'zod';
import { endpoint } from './core.js';

export const HealthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), driver: z.enum(['pglite', 'postgres']) });
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  /** Migration files this server has that the database has not applied yet (null while the database is down). */
  pendingMigrations: z.number().int().nonnegative().nullable(),
});

export const systemEndpoints = {
  health: endpoint({
    id: 'system.health',
    method: 'GET',
    path: '/health',
    summary: 'Liveness: answers 200 while the process serves requests, saying whether its database answers.',
    access: 'public',
    response: HealthSchema,
  }),
  ready: endpoint({
    id: 'system.ready',
    method: 'GET',
    path: '/health/ready',
    summary: 'Readiness: 200 when the database answers and every migration is applied, else 503 (send no traffic here yet).',
    access: 'public',
    response: ReadinessSchema,
  }),
  high5Count: endpoint({
    id: 'system.high5Count',
    allowWhilePending: true,
    method: 'GET',
    path: '/high5s/count',
    summary: 'Total number of High 5s given on High5, shown in the footer.',
    access: 'session',
    response: z.object({ high5sCount: z.number().int().nonnegative() }),
  }),
};
