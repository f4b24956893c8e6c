import { authEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { requestSignInLink, signInWithLink } from './service.js';

/** One-time sign-in links for an account held at 429 (docs/decisions/0541). */
export function registerSignInLinkRoutes(app: FastifyInstance) {
  const limits = app.authLimits;

  route(app, authEndpoints.requestSignInLink, async ({ body, db, services, request, reply }) =>
    requestSignInLink({ db, services, request, reply, limits }, body.login),
  );

  route(app, authEndpoints.signInWithLink, async ({ body, db, services, request, reply }) =>
    signInWithLink({ db, services, request, reply, limits }, body.token),
  );
}
