import { authEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { requestPasswordReset, resetPassword, resetWithLink } from './service.js';

/** Forgot password: an e-mailed 6-digit code, then a new password. */
export function registerPasswordResetRoutes(app: FastifyInstance) {
  const limits = app.authLimits;

  route(app, authEndpoints.forgotPassword, async ({ body, db, services, request, reply }) =>
    requestPasswordReset({ db, services, request, reply, limits }, body.email),
  );

  route(app, authEndpoints.resetPassword, async ({ body, db, services, request, reply }) =>
    resetPassword({ db, services, request, reply, limits }, body.email, body.code, body.newPassword),
  );

  route(app, authEndpoints.resetWithLink, async ({ body, db, services, request, reply }) =>
    resetWithLink({ db, services, request, reply, limits }, body.token, body.newPassword),
  );
}
