import { authEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { hasCleverDistrict } from '../clever/queries.js';
import { changePassword, completeNewPassword, lock, meOf, saveLanguage, signIn, signOut, signOutEverywhere, switchSchool, unlock } from './service.js';

/** Sign-in, the signed-in user, sign-out, the idle-lock unlock, school and language choice. */
export function registerSessionRoutes(app: FastifyInstance) {
  const limits = app.authLimits;

  route(app, authEndpoints.config, async ({ services, db }) => ({
    googleEnabled: !!services.config.google,
    cleverEnabled: !!services.config.clever && (await hasCleverDistrict(db)),
    links: services.config.links,
  }));

  route(app, authEndpoints.signIn, async ({ body, db, services, request, reply }) =>
    signIn({ db, services, request, reply, limits }, body.login, body.password),
  );

  route(app, authEndpoints.completeNewPassword, async ({ body, user, db, services, request, reply }) =>
    completeNewPassword({ db, services, request, reply, limits }, user, body.newPassword),
  );

  route(app, authEndpoints.me, async ({ user, db }) => meOf(db, user));

  route(app, authEndpoints.signOut, async ({ user, db, services, request, reply }) => signOut({ db, services, request, reply, limits }, user));

  route(app, authEndpoints.signOutEverywhere, async ({ user, db, services, request, reply }) =>
    signOutEverywhere({ db, services, request, reply, limits }, user),
  );

  route(app, authEndpoints.changePassword, async ({ body, user, db, services, request, reply }) =>
    changePassword({ db, services, request, reply, limits }, user, body.currentPassword, body.newPassword),
  );

  route(app, authEndpoints.lock, async ({ user, db, services, request, reply }) => lock({ db, services, request, reply, limits }, user));

  route(app, authEndpoints.unlock, async ({ body, user, db, services, request, reply }) =>
    unlock({ db, services, request, reply, limits }, user, body.password),
  );

  route(app, authEndpoints.switchSchool, async ({ body, user, db, services, request, reply }) =>
    switchSchool({ db, services, request, reply, limits }, user, body.schoolId),
  );

  route(app, authEndpoints.setLanguage, async ({ body, user, db, services, request, reply }) =>
    saveLanguage({ db, services, request, reply, limits }, user, body.language),
  );
}
