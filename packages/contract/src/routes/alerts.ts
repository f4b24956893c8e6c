// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { alertEndpoints } from '../alerts.js';

export const alertApi: ApiRoutes<typeof alertEndpoints> = {
  alertsMine: { id: 'alerts.mine', method: 'GET', path: '/alerts' },
  alertDetail: { id: 'alerts.detail', method: 'GET', path: '/alerts/:alertId' },
  alertAct: { id: 'alerts.act', method: 'POST', path: '/alerts/:alertId/actions' },
  alertCorrect: { id: 'alerts.correct', method: 'POST', path: '/alerts/:alertId/actions/:actionId/correction' },
  alertReopen: { id: 'alerts.reopen', method: 'POST', path: '/alerts/:alertId/reopen' },
  alertsOfStudent: { id: 'alerts.ofStudent', method: 'GET', path: '/alerts/students/:studentId' },
  alertSettings: { id: 'alerts.settings', method: 'GET', path: '/admin/alerts/settings' },
  alertSettingsUpdate: { id: 'alerts.settingsUpdate', method: 'PATCH', path: '/admin/alerts/settings' },
  alertAdults: { id: 'alerts.adults', method: 'GET', path: '/admin/alerts/adults' },
  alertReport: { id: 'alerts.report', method: 'GET', path: '/admin/alerts/report' },
  moodConsents: { id: 'alerts.moodConsents', method: 'GET', path: '/family/mood-consents' },
  moodConsentSet: { id: 'alerts.moodConsentSet', method: 'PUT', path: '/family/mood-consents/:studentId' },
  schoolMoodConsents: { id: 'alerts.schoolMoodConsents', method: 'GET', path: '/admin/mood-consents' },
};
