import { adminEndpoints } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../actors.js';
import { sendMoodReportNow } from '../mood-mail/service.js';
import { getConfiguration, updateConfiguration, updateNotificationEmails } from './service.js';

export function registerConfigurationRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.configuration, async ({ db, user }) => getConfiguration(db, schoolAdminActor(user).schoolId));
  route(app, adminEndpoints.updateConfiguration, async ({ db, services, user, body }) => updateConfiguration(db, services, schoolAdminActor(user), body));
  route(app, adminEndpoints.updateNotificationEmails, async ({ db, services, user, body }) => updateNotificationEmails(db, services, schoolAdminActor(user), body));
  route(app, adminEndpoints.sendMoodReport, async ({ db, services, user }) => sendMoodReportNow(db, services, schoolAdminActor(user)));
}
