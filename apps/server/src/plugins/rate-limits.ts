import { allEndpoints, type Endpoint } from '@high5/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RateRule } from '../services/rate-limits.js';

/**
 * The limit every write has, all write endpoints together (docs/decisions/0171): per user when
 * signed in, per address otherwise. An address often stands for a whole school (one NAT), so its
 * budget is a flood guard sized for a school signing in at once, not for one person.
 */
export const WRITE_LIMITS = {
  user: { max: 600, perSeconds: 600 },
  address: { max: 3000, perSeconds: 600 },
} as const satisfies Record<string, RateRule>;

/** The names under which services.rateLimits counts writes (tests lower them with `override`). */
export const WRITE_LIMIT_NAMES = { user: 'writes.user', address: 'writes.address', endpoint: (id: string) => `writes.${id}` } as const;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const byId = new Map((Object.values(allEndpoints) as Endpoint[]).map((e) => [e.id, e]));

/** Who a write counts against: the signed-in user, else the address (as TRUST_PROXY lets Fastify read it). */
export const writeLimitKey = (request: FastifyRequest) => (request.user ? `u:${request.user.id}` : `ip:${request.ip}`);

/**
 * Puts a rate limit on every write route, at one place: an `onRoute` hook adds it to each
 * POST, PUT, PATCH and DELETE route registered after it, contract endpoint or not, and a
 * contract endpoint's own `rateLimit` counts on top. It runs as the route's first step after
 * the session is read, before the body is parsed or an upload read.
 */
export function registerWriteLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const endpoint = route.config?.endpointId ? byId.get(route.config.endpointId) : undefined;
    const limit: onRequestHookHandler = async function (request) {
      if (!WRITE_METHODS.has(request.method)) return;
      const limits = app.services.rateLimits;
      const key = writeLimitKey(request);
      if (request.user) await limits.hit(WRITE_LIMIT_NAMES.user, WRITE_LIMITS.user, key);
      else await limits.hit(WRITE_LIMIT_NAMES.address, WRITE_LIMITS.address, key);
      if (endpoint?.rateLimit) await limits.hit(WRITE_LIMIT_NAMES.endpoint(endpoint.id), endpoint.rateLimit, key);
    };
    route.onRequest = [limit, ...([] as onRequestHookHandler[]).concat(route.onRequest ?? [])];
  });
}
