import type { FastifyInstance, FastifyReply } from 'fastify';
import { setStateCookie, signInThroughProvider, withinStartLimit } from '../provider/sign-in.js';
import { claimState, readState, safeReturnTo, type ProviderState } from '../provider/state.js';
import { findCleverPerson, type CleverRefusal } from './queries.js';
import { cleverIdentity, COOKIE_PATH, startCleverSignIn, STATE_COOKIE, STATE_PURPOSE } from './service.js';

type CleverFailure = CleverRefusal | 'CLEVER_FAILED' | 'RATE_LIMITED' | 'ACCOUNT_INACTIVE';

/** Back to the sign-in page, with a code the web app translates. */
const fail = (reply: FastifyReply, code: CleverFailure) => reply.redirect(`/?error=${code}`);

const notConfigured = (reply: FastifyReply) =>
  reply.status(404).send({ ErrorCode: 'CLEVER_NOT_CONFIGURED', ResponseData: null, body: 'CLEVER_NOT_CONFIGURED' });

/**
 * Log in with Clever (docs/decisions/0550): Clever's OAuth 2 authorization code flow, then its
 * `/me` identity call, matched to the rostered person by Clever id. Browser navigations, not
 * JSON endpoints: both answer with redirects.
 */
export function registerCleverRoutes(app: FastifyInstance) {
  const { services } = app;

  app.get<{ Querystring: { returnTo?: string } }>(COOKIE_PATH, async (request, reply) => {
    const clever = services.config.clever;
    if (!clever) return notConfigured(reply);
    if (!(await withinStartLimit(app, request, 'clever'))) return fail(reply, 'RATE_LIMITED');
    const { url, cookie } = startCleverSignIn(services, clever, safeReturnTo(request.query.returnTo));
    setStateCookie(request, reply, STATE_COOKIE, COOKIE_PATH, cookie);
    return reply.redirect(url.href);
  });

  // Info-level request logs would hold the one-time code and state of the query string.
  app.get<{ Querystring: { code?: unknown; state?: unknown; error?: unknown } }>(`${COOKIE_PATH}/callback`, { logLevel: 'warn' }, async (request, reply) => {
    const clever = services.config.clever;
    if (!clever) return notConfigured(reply);
    const { code, state: returned, error } = request.query;
    // From the Clever Portal or an Instant Login link: a code without a state, which this browser
    // never asked for. It is not redeemed; the sign-in starts again here, with a state, and Clever
    // (already signed in) answers at once.
    if (returned === undefined && error === undefined) return reply.redirect(COOKIE_PATH);
    const state = readState<ProviderState>(services.secret, STATE_PURPOSE, request.cookies[STATE_COOKIE], services.clock.now());
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    if (!state || !(await claimState(services.db, state, returned, services.clock.now()))) return fail(reply, 'CLEVER_FAILED');
    if (error !== undefined || typeof code !== 'string' || code.length === 0 || code.length > 500) return fail(reply, 'CLEVER_FAILED');
    let identity;
    try {
      identity = await cleverIdentity(services, clever, code);
    } catch (failure) {
      request.log.warn({ reason: (failure as Error).message }, 'clever sign-in failed');
      return fail(reply, 'CLEVER_FAILED');
    }
    const refused = await signInThroughProvider(app, request, reply, (db) => findCleverPerson(db, identity.district, identity.id));
    if (refused) {
      request.log.warn({ reason: refused, type: identity.type }, 'clever sign-in refused');
      return fail(reply, refused);
    }
    return reply.redirect(state.returnTo);
  });
}
