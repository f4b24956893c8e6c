// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { districtViewEndpoints } from '../district-view.js';

export const districtViewApi: ApiRoutes<typeof districtViewEndpoints> = {
  districtStudents: { id: 'districtView.districtStudents', method: 'GET', path: '/super/districts/:districtId/students' },
  districtStudentsCsv: { id: 'districtView.districtStudentsCsv', method: 'GET', path: '/super/districts/:districtId/students.csv' },
  districtReport: { id: 'districtView.districtReport', method: 'GET', path: '/super/districts/:districtId/reports/summary' },
  schoolYears: { id: 'districtView.schoolYears', method: 'GET', path: '/super/schools/:schoolId/school-years' },
};
