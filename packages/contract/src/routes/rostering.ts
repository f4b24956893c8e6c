// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { rosteringEndpoints } from '../rostering.js';

export const rosteringApi: ApiRoutes<typeof rosteringEndpoints> = {
  rosterRuns: { id: 'super.rosterRuns', method: 'GET', path: '/super/districts/:districtId/roster' },
  rosterRun: { id: 'super.rosterRun', method: 'GET', path: '/super/roster-runs/:runId' },
  rosterSyncNow: { id: 'super.rosterSyncNow', method: 'POST', path: '/super/districts/:districtId/roster/sync' },
  rosterTestConnection: { id: 'super.rosterTestConnection', method: 'POST', path: '/super/districts/:districtId/roster/test-connection' },
  rosterApprove: { id: 'super.rosterApprove', method: 'POST', path: '/super/roster-runs/:runId/approve' },
  rosterDiscard: { id: 'super.rosterDiscard', method: 'POST', path: '/super/roster-runs/:runId/discard' },
  rosterSettings: { id: 'super.rosterSettings', method: 'PATCH', path: '/super/districts/:districtId/roster' },
  rosterUpload: { id: 'super.rosterUpload', method: 'POST', path: '/super/districts/:districtId/roster/upload' },
  schoolRosterUpload: { id: 'admin.rosterUpload', method: 'POST', path: '/admin/roster/upload' },
  schoolRosterRuns: { id: 'admin.rosterRuns', method: 'GET', path: '/admin/roster/runs' },
};
