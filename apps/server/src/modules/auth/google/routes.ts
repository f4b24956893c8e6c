import type { FastifyInstance, FastifyReply } from 'fastify';
import { setStateCookie, signInThroughProvider, withinStartLimit } from '../provider/sign-in.js';
import { claimState, readState, safeReturnTo } from '../provider/state.js';
import { accountForGoogle, finishGoogleSignIn, startGoogleSignIn, STATE_COOKIE, STATE_PURPOSE, type GoogleState } from './service.js';

const COOKIE_PATH = '/v1/auth/google';

/** Back to the screen the person came from, with a code the web app translates. */
function fail(
  reply: FastifyReply,
  intent: GoogleState['intent'] | undefined,
  code: 'GOOGLE_FAILED' | 'RATE_LIMITED' | 'GOOGLE_ACCOUNT_LINKED' | 'ACCOUNT_INACTIVE',
) {
  return reply.redirect(`${intent === 'signup' ? '/signup' : '/'}?error=${code}`);
}

/**
 * Google sign-in (OpenID Connect authorization code flow with PKCE, state and nonce). These
 * are browser navigations, not JSON endpoints: both answer with redirects.
 */
export function registerGoogleRoutes(app: FastifyInstance) {
  const { services } = app;

  app.get<{ Querystring: { intent?: string; returnTo?: string } }>('/v1/auth/google', async (request, reply) => {
    const google = services.config.google;
    if (!google) {
      return reply.status(404).send({ ErrorCode: 'GOOGLE_NOT_CONFIGURED', ResponseData: null, body: 'GOOGLE_NOT_CONFIGURED' });
    }
    const intent = request.query.intent === 'signup' ? 'signup' : 'signin';
    if (!(await withinStartLimit(app, request, 'google'))) return fail(reply, intent, 'RATE_LIMITED');
    try {
      const { url, cookie } = await startGoogleSignIn(services, google, intent, safeReturnTo(request.query.returnTo));
      setStateCookie(request, reply, STATE_COOKIE, COOKIE_PATH, cookie);
      return reply.redirect(url.href);
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'google sign-in could not start');
      return fail(reply, intent, 'GOOGLE_FAILED');
    }
  });

  // Info-level request logs would hold the one-time code and state of the query string.
  app.get('/v1/auth/google/callback', { logLevel: 'warn' }, async (request, reply) => {
    const google = services.config.google;
    if (!google) {
      return reply.status(404).send({ ErrorCode: 'GOOGLE_NOT_CONFIGURED', ResponseData: null, body: 'GOOGLE_NOT_CONFIGURED' });
    }
    const state = readState<GoogleState>(services.secret, STATE_PURPOSE, request.cookies[STATE_COOKIE], services.clock.now());
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    if (!state) return fail(reply, undefined, 'GOOGLE_FAILED');
    const queryAt = request.url.indexOf('?');
    const query = queryAt >= 0 ? request.url.slice(queryAt) : '';
    if (!(await claimState(services.db, state, new URLSearchParams(query).get('state'), services.clock.now())))
      return fail(reply, state.intent, 'GOOGLE_FAILED');
    let claims;
    try {
      claims = await finishGoogleSignIn(services, google, query, state);
    } catch (error) {
      request.log.warn({ reason: (error as Error).name }, 'google sign-in failed');
      return fail(reply, state.intent, 'GOOGLE_FAILED');
    }
    const refused = await signInThroughProvider<'GOOGLE_ACCOUNT_LINKED'>(app, request, reply, async (db, now) => {
      const userId = await accountForGoogle(db, claims, now);
      return userId ? { userId } : { refused: 'GOOGLE_ACCOUNT_LINKED' };
    });
    if (refused) return fail(reply, state.intent, refused);
    return reply.redirect(state.returnTo);
  });
}
