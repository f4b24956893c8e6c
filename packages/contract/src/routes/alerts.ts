// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { alertEndpoints } from '../alerts.js';

export const alertApi: ApiRoutes<typeof alertEndpoints> = {
  alertsMine: { id: 'alerts.alertsMine', method: 'GET', path: '/alerts' },
  alertDetail: { id: 'alerts.alertDetail', method: 'GET', path: '/alerts/:alertId' },
  alertAct: { id: 'alerts.alertAct', method: 'POST', path: '/alerts/:alertId/actions' },
  alertCorrect: { id: 'alerts.alertCorrect', method: 'POST', path: '/alerts/:alertId/actions/:actionId/correction' },
  alertReopen: { id: 'alerts.alertReopen', method: 'POST', path: '/alerts/:alertId/reopen' },
  alertsOfStudent: { id: 'alerts.alertsOfStudent', method: 'GET', path: '/alerts/students/:studentId' },
  alertSettings: { id: 'alerts.alertSettings', method: 'GET', path: '/admin/alerts/settings' },
  alertSettingsUpdate: { id: 'alerts.alertSettingsUpdate', method: 'PATCH', path: '/admin/alerts/settings' },
  alertAdults: { id: 'alerts.alertAdults', method: 'GET', path: '/admin/alerts/adults' },
  alertReport: { id: 'alerts.alertReport', method: 'GET', path: '/admin/alerts/report' },
  moodConsents: { id: 'alerts.moodConsents', method: 'GET', path: '/family/mood-consents' },
  moodConsentSet: { id: 'alerts.moodConsentSet', method: 'PUT', path: '/family/mood-consents/:studentId' },
  schoolMoodConsents: { id: 'alerts.schoolMoodConsents', method: 'GET', path: '/admin/mood-consents' },
};
