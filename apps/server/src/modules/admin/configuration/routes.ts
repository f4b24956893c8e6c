import { adminEndpoints } from '@high5/contract';
import { serverT } from '@high5/i18n';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { hashToken } from '../../../plugins/session.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { sendMoodReportNow } from '../mood-mail/service.js';
import { confirmNotificationEmail } from './queries.js';
import { getConfiguration, resendNotificationConfirmation, updateConfiguration, updateNotificationEmails } from './service.js';

export function registerConfigurationRoutes(app: FastifyInstance) {
  route(app, adminEndpoints.configuration, async ({ db, user }) => getConfiguration(db, schoolAdminActor(user).schoolId));
  route(app, adminEndpoints.updateConfiguration, async ({ db, services, user, body }) => updateConfiguration(db, services, schoolAdminActor(user), body));
  route(app, adminEndpoints.updateNotificationEmails, async ({ db, services, user, body }) =>
    updateNotificationEmails(db, services, schoolAdminActor(user), body),
  );
  // The link e-mailed to a new notification address (decision 0154): opening it is the
  // confirmation that the mailbox is real and its owner agreed. A page, in English and Spanish.
  app.get<{ Querystring: { token?: string } }>('/v1/notification-emails/confirm', async (request, reply) => {
    const token = String(request.query.token ?? '');
    const ok = /^[A-Za-z0-9_-]{20,100}$/.test(token) && (await confirmNotificationEmail(app.services.db, hashToken(token), app.services.clock.now()));
    const key = ok ? 'confirmed' : 'invalid';
    const [en, es] = (['en', 'es'] as const).map((lang) => serverT(lang)(`admin:mail.notificationConfirm.${key}`));
    return reply
      .status(ok ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>High5</title></head><body><main><h1>High5</h1><p>${en}</p><p lang="es">${es}</p></main></body></html>`,
      );
  });
  route(app, adminEndpoints.resendNotificationConfirmation, async ({ db, services, user, body }) =>
    resendNotificationConfirmation(db, services, schoolAdminActor(user), body.email),
  );
  route(app, adminEndpoints.sendMoodReport, async ({ db, services, user }) => sendMoodReportNow(db, services, schoolAdminActor(user)));
}
