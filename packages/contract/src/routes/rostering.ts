// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { rosteringEndpoints } from '../rostering.js';

export const rosteringApi: ApiRoutes<typeof rosteringEndpoints> = {
  rosterRuns: { id: 'rostering.rosterRuns', method: 'GET', path: '/super/districts/:districtId/roster' },
  rosterRun: { id: 'rostering.rosterRun', method: 'GET', path: '/super/roster-runs/:runId' },
  rosterSyncNow: { id: 'rostering.rosterSyncNow', method: 'POST', path: '/super/districts/:districtId/roster/sync' },
  rosterTestConnection: { id: 'rostering.rosterTestConnection', method: 'POST', path: '/super/districts/:districtId/roster/test-connection' },
  rosterApprove: { id: 'rostering.rosterApprove', method: 'POST', path: '/super/roster-runs/:runId/approve' },
  rosterDiscard: { id: 'rostering.rosterDiscard', method: 'POST', path: '/super/roster-runs/:runId/discard' },
  rosterSettings: { id: 'rostering.rosterSettings', method: 'PATCH', path: '/super/districts/:districtId/roster' },
  rosterUpload: { id: 'rostering.rosterUpload', method: 'POST', path: '/super/districts/:districtId/roster/upload' },
  schoolRosterUpload: { id: 'rostering.schoolRosterUpload', method: 'POST', path: '/admin/roster/upload' },
  schoolRosterRuns: { id: 'rostering.schoolRosterRuns', method: 'GET', path: '/admin/roster/runs' },
};
