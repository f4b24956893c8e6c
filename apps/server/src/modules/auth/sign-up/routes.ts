import { authEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { districtSchools, districts, setup, signUp, verifyEmail } from './service.js';

/** Sign-up, e-mail confirmation, the district and school pickers, and the initial setup. */
export function registerSignUpRoutes(app: FastifyInstance) {
  const limits = app.authLimits;

  route(app, authEndpoints.districts, async ({ db }) => districts(db));

  route(app, authEndpoints.districtSchools, async ({ params, db }) => districtSchools(db, params.districtId));

  route(app, authEndpoints.signUp, async ({ body, db, services, request, reply }) => signUp({ db, services, request, reply, limits }, body));

  route(app, authEndpoints.verifyEmail, async ({ body, db, services, request, reply }) => verifyEmail({ db, services, request, reply, limits }, body.token));

  route(app, authEndpoints.setup, async ({ body, user, db, services, request, reply }) => setup({ db, services, request, reply, limits }, user, body));
}
