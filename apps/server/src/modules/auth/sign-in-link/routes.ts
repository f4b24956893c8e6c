import { authEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { requestSignInLink, sendSignInLink, SIGN_IN_LINK_JOB, signInWithLink } from './service.js';

/** One-time sign-in links for an account held at 429 (docs/decisions/0541). */
export function registerSignInLinkRoutes(app: FastifyInstance) {
  const limits = app.authLimits;
  app.services.jobs.register(SIGN_IN_LINK_JOB, (payload) => sendSignInLink(app.services, String(payload.login)));

  route(app, authEndpoints.requestSignInLink, async ({ body, db, services, request, reply }) =>
    requestSignInLink({ db, services, request, reply, limits }, body.login),
  );

  route(app, authEndpoints.signInWithLink, async ({ body, db, services, request, reply }) =>
    signInWithLink({ db, services, request, reply, limits }, body.token),
  );
}
