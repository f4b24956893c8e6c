// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { systemEndpoints } from '../system.js';

export const systemApi: ApiRoutes<typeof systemEndpoints> = {
  health: { id: 'system.health', method: 'GET', path: '/health' },
  ready: { id: 'system.ready', method: 'GET', path: '/health/ready' },
  high5Count: { id: 'system.high5Count', method: 'GET', path: '/high5s/count' },
};
