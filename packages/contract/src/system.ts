import { z } from 'zod';
import { endpoint } from './core.js';

export const HealthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), driver: z.enum(['pglite', 'postgres']) });

export const systemEndpoints = {
  health: endpoint({
    id: 'system.health',
    method: 'GET',
    path: '/health',
    summary: 'Reports whether the server and its database are up.',
    access: 'public',
    response: HealthSchema,
  }),
  high5Count: endpoint({
    id: 'system.high5Count',
    method: 'GET',
    path: '/high5s/count',
    summary: 'Total number of High 5s given on High5, shown in the footer.',
    access: 'session',
    response: z.object({ high5sCount: z.number().int().nonnegative() }),
  }),
};
