import type { FastifyInstance, FastifyReply } from 'fastify';
import { inTransaction } from '../../../db/database.js';
import { AppError } from '../../../lib/errors.js';
import { isSecure } from '../../../plugins/session.js';
import { isInactiveOnly, recordSignInSuccess } from '../account/queries.js';
import { signInAs } from '../session/service.js';
import { accountForGoogle, finishGoogleSignIn, readState, safeReturnTo, startGoogleSignIn, STATE_COOKIE, STATE_MAX_AGE_S, type GoogleState } from './service.js';

const COOKIE_PATH = '/v1/auth/google';

/** Back to the screen the person came from, with a code the web app translates. */
function fail(reply: FastifyReply, intent: GoogleState['intent'] | undefined, code: 'GOOGLE_FAILED' | 'RATE_LIMITED' | 'GOOGLE_ACCOUNT_LINKED' | 'ACCOUNT_INACTIVE') {
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
    try {
      await app.authLimits.hit('google', request.ip);
    } catch (error) {
      if (error instanceof AppError) return fail(reply, intent, 'RATE_LIMITED');
      throw error;
    }
    try {
      const { url, cookie } = await startGoogleSignIn(services, google, intent, safeReturnTo(request.query.returnTo));
      reply.setCookie(STATE_COOKIE, cookie, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure(request), maxAge: STATE_MAX_AGE_S });
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
    const state = readState(services.secret, request.cookies[STATE_COOKIE], services.clock.now());
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    if (!state) return fail(reply, undefined, 'GOOGLE_FAILED');
    const queryAt = request.url.indexOf('?');
    let claims;
    try {
      claims = await finishGoogleSignIn(services, google, queryAt >= 0 ? request.url.slice(queryAt) : '', state);
    } catch (error) {
      request.log.warn({ reason: (error as Error).name }, 'google sign-in failed');
      return fail(reply, state.intent, 'GOOGLE_FAILED');
    }
    const refused = await inTransaction(services.db, async (db) => {
      const now = services.clock.now();
      const userId = await accountForGoogle(db, claims, now);
      if (!userId) return 'GOOGLE_ACCOUNT_LINKED' as const;
      // Deactivated by every school (rostering): refused as the password sign-in refuses them.
      if (await isInactiveOnly(db, userId)) return 'ACCOUNT_INACTIVE' as const;
      await recordSignInSuccess(db, userId, now);
      await signInAs({ db, services, request, reply, limits: app.authLimits }, userId);
      return null;
    });
    if (refused) return fail(reply, state.intent, refused);
    return reply.redirect(state.returnTo);
  });
}
