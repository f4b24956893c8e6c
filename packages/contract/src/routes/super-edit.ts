// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { superEditEndpoints } from '../super-edit.js';

export const superEditApi: ApiRoutes<typeof superEditEndpoints> = {
  updateDistrict: { id: 'superEdit.updateDistrict', method: 'PATCH', path: '/super/districts/:districtId' },
  deleteDistrict: { id: 'superEdit.deleteDistrict', method: 'DELETE', path: '/super/districts/:districtId' },
  updateSchool: { id: 'superEdit.updateSchool', method: 'PATCH', path: '/super/schools/:schoolId' },
};
