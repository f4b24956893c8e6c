import { profileEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../lib/errors.js';
import { route } from '../../../plugins/routes.js';
import { photoUploadRoute } from '../photo/upload.js';
import { storePhoto } from '../photo/service.js';
import { canChangeOwnPhoto } from '../../../policies/user.js';
import { currentSchool } from '../../../lib/current-school.js';
import { getProfile, updateProfile } from './service.js';

export function registerProfileRoutes(app: FastifyInstance) {
  route(app, profileEndpoints.getProfile, ({ db, services, user }) => getProfile(db, services, user));
  route(app, profileEndpoints.updateProfile, ({ db, services, user, body }) => updateProfile(db, services, user, body));

  photoUploadRoute(
    app,
    profileEndpoints.uploadPhoto,
    async ({ user }) => {
      if (!canChangeOwnPhoto(user)) throw forbidden('PHOTO_CHANGE_NOT_ALLOWED');
    },
    async ({ db, services, user, photo }) => {
      const school = currentSchool(user);
      return storePhoto(db, services, { userId: user.id, schoolId: school.schoolId, role: school.role, isAdmin: user.isAdmin }, photo);
    },
  );
}
