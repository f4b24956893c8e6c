import { profileEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { avatarOf, avatarsOf, myAvatar, saveAvatar } from './service.js';

export function registerAvatarRoutes(app: FastifyInstance) {
  route(app, profileEndpoints.myAvatar, ({ db, services, user }) => myAvatar(db, services, user));
  route(app, profileEndpoints.saveAvatar, ({ db, services, user, body }) => saveAvatar(db, services, user, body));
  route(app, profileEndpoints.avatars, ({ db, services, user, query }) => avatarsOf(db, services, user, query.userIds));
  route(app, profileEndpoints.userAvatar, ({ db, services, user, params }) => avatarOf(db, services, user, params.userId));
}
