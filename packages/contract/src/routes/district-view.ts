// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { districtViewEndpoints } from '../district-view.js';

export const districtViewApi: ApiRoutes<typeof districtViewEndpoints> = {
  districtStudents: { id: 'super.districtStudents', method: 'GET', path: '/super/districts/:districtId/students' },
  districtReport: { id: 'super.districtReport', method: 'GET', path: '/super/districts/:districtId/reports/summary' },
  schoolYears: { id: 'super.schoolYears', method: 'GET', path: '/super/schools/:schoolId/school-years' },
};
