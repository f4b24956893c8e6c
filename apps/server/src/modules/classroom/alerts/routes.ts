import { alertEndpoints as e } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/routes.js';
import { schoolAdminActor } from '../../../policies/actors.js';
import { myChildrenConsents, schoolConsents, setConsent } from './consent.js';
import * as q from './queries.js';
import { actOnAlert, alertDetail, correctOnAlert, myAlerts, reopenOnAlert, studentAlerts } from './reads.js';
import { alertReport } from './report.js';
import { getAlertSettings, updateAlertSettings } from './settings.js';

/** The alert routes, and the tick that sends due notices and escalations (once across processes). */
export function registerAlertRoutes(app: FastifyInstance) {
  route(app, e.alertsMine, ({ db, services, user }) => myAlerts(db, services, user));
  route(app, e.alertDetail, ({ db, services, user, params }) => alertDetail(db, services, user, params.alertId));
  route(app, e.alertAct, ({ db, services, user, params, body }) => actOnAlert(db, services, user, params.alertId, body));
  route(app, e.alertCorrect, ({ db, services, user, params, body }) => correctOnAlert(db, services, user, params.alertId, params.actionId, body));
  route(app, e.alertReopen, ({ db, services, user, params, body }) => reopenOnAlert(db, services, user, params.alertId, body));
  route(app, e.alertsOfStudent, ({ db, services, user, params }) => studentAlerts(db, services, user, params.studentId));
  route(app, e.alertSettings, ({ db, user }) => getAlertSettings(db, schoolAdminActor(user).schoolId));
  route(app, e.alertSettingsUpdate, ({ db, services, user, body }) => updateAlertSettings(db, services, schoolAdminActor(user), body));
  route(app, e.alertAdults, ({ db, user }) => q.schoolAdults(db, schoolAdminActor(user).schoolId));
  route(app, e.alertReport, ({ db, services, user, query }) => alertReport(db, services, schoolAdminActor(user), query.dateRange));
  route(app, e.moodConsents, ({ db, user }) => myChildrenConsents(db, user));
  route(app, e.moodConsentSet, ({ db, services, user, params, body }) => setConsent(db, services, user, params.studentId, body.status));
  route(app, e.schoolMoodConsents, ({ db, user }) => schoolConsents(db, schoolAdminActor(user).schoolId));
}
