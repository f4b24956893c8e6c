import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor, superAdminActor } from '../../../policies/actors.js';
import { approveTeacher, inviteStaff, inviteUnregistered, listUsers, makeAdmin, makeTeacher, rejectTeacher, removeAdmin, revertToStaff } from './service.js';

export function registerUserRoutes(app: FastifyInstance) {
  // School admins act on their current school only.
  route(app, adminEndpoints.users, async ({ db, user, query }) => listUsers(db, user.id, schoolAdminActor(user).schoolId, query.role));
  route(app, adminEndpoints.makeAdmin, async ({ db, services, user, params }) => makeAdmin(db, services, schoolAdminActor(user), params.userId));
  route(app, adminEndpoints.removeAdmin, async ({ db, services, user, params }) => removeAdmin(db, services, schoolAdminActor(user), params.userId));
  route(app, adminEndpoints.makeTeacher, async ({ db, services, user, params }) => makeTeacher(db, services, schoolAdminActor(user), params.userId));
  route(app, adminEndpoints.revertToStaff, async ({ db, services, user, params }) => revertToStaff(db, services, schoolAdminActor(user), params.userId));
  route(app, adminEndpoints.approveTeacher, async ({ db, services, user, params }) => approveTeacher(db, services, schoolAdminActor(user), params.userId));
  route(app, adminEndpoints.rejectTeacher, async ({ db, services, user, params }) => rejectTeacher(db, services, schoolAdminActor(user), params.userId));
  route(app, adminEndpoints.inviteStaff, async ({ db, services, user, body }) => inviteStaff(db, services, schoolAdminActor(user), body));
  route(app, adminEndpoints.inviteUnregistered, async ({ db, services, user, body }) => inviteUnregistered(db, services, schoolAdminActor(user), body.userIds));

  // Super admins choose the school.
  route(app, adminEndpoints.superUsers, async ({ db, user, params, query }) =>
    listUsers(db, user.id, (await superAdminActor(db, user, params.schoolId)).schoolId, query.role),
  );
  route(app, adminEndpoints.superMakeAdmin, async ({ db, services, user, params }) =>
    makeAdmin(db, services, await superAdminActor(db, user, params.schoolId), params.userId),
  );
  route(app, adminEndpoints.superRemoveAdmin, async ({ db, services, user, params }) =>
    removeAdmin(db, services, await superAdminActor(db, user, params.schoolId), params.userId),
  );
}
