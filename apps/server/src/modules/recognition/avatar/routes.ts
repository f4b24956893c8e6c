import { profileEndpoints } from '@high5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertAccess, route } from '../../../plugins/routes.js';
import { avatarOf, avatarsOf, myAvatar, readAvatarImage, saveAvatar } from './service.js';

const images = new WeakMap<FastifyRequest, Buffer>();

export function registerAvatarRoutes(app: FastifyInstance) {
  route(app, profileEndpoints.myAvatar, ({ db, services, user }) => myAvatar(db, services, user));
  // The image is checked and re-encoded before the request's transaction opens, so a decode
  // (or the wait for a decode slot) never holds the database.
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      assertAccess(profileEndpoints.saveAvatar, request.user);
      const body = profileEndpoints.saveAvatar.body!.safeParse(request.body);
      // An invalid body is refused by route() with its field issues.
      if (body.success) images.set(request, await readAvatarImage(body.data.image));
    });
    route(scope, profileEndpoints.saveAvatar, ({ db, services, user, body, request }) =>
      saveAvatar(db, services, user, { image: images.get(request)!, colourInfo: body.colourInfo }),
    );
  });
  route(app, profileEndpoints.avatars, ({ db, services, user, query }) => avatarsOf(db, services, user, query.userIds));
  route(app, profileEndpoints.userAvatar, ({ db, services, user, params }) => avatarOf(db, services, user, params.userId));
}
