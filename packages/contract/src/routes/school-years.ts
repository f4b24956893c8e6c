// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { schoolYearEndpoints } from '../school-years.js';

export const schoolYearApi: ApiRoutes<typeof schoolYearEndpoints> = {
  years: { id: 'schoolYears.years', method: 'GET', path: '/school-years' },
  admin: { id: 'schoolYears.admin', method: 'GET', path: '/admin/school-years' },
  preview: { id: 'schoolYears.preview', method: 'POST', path: '/admin/school-years/preview' },
  rollover: { id: 'schoolYears.rollover', method: 'POST', path: '/admin/school-years/rollover' },
  undo: { id: 'schoolYears.undo', method: 'POST', path: '/admin/school-years/rollover/undo' },
};
