import { adminEndpoints } from './admin.js';
import { alertEndpoints } from './alerts.js';
import { authEndpoints } from './auth.js';
import { classroomEndpoints } from './classroom.js';
import { districtViewEndpoints } from './district-view.js';
import type { Endpoint } from './core.js';
import { profileEndpoints } from './profile.js';
import { recognitionEndpoints } from './recognition.js';
import { rosteringEndpoints } from './rostering.js';
import { schoolYearEndpoints } from './school-years.js';
import { superEditEndpoints } from './super-edit.js';
import { systemEndpoints } from './system.js';

/**
 * THE list of the contract's areas: `allEndpoints` and the client route table
 * (api-routes.ts, written by api-routes.test.ts) are both made from it, so an area added here is
 * everywhere. `name` names the route table (`<name>Api`) and the endpoints' export
 * (`<name>Endpoints`); `module` is the file that exports them.
 */
export const endpointAreas = [
  { name: 'system', module: './system.js', endpoints: systemEndpoints },
  { name: 'auth', module: './auth.js', endpoints: authEndpoints },
  { name: 'recognition', module: './recognition.js', endpoints: recognitionEndpoints },
  { name: 'profile', module: './profile.js', endpoints: profileEndpoints },
  { name: 'classroom', module: './classroom.js', endpoints: classroomEndpoints },
  { name: 'admin', module: './admin.js', endpoints: adminEndpoints },
  { name: 'alert', module: './alerts.js', endpoints: alertEndpoints },
  { name: 'superEdit', module: './super-edit.js', endpoints: superEditEndpoints },
  { name: 'rostering', module: './rostering.js', endpoints: rosteringEndpoints },
  { name: 'schoolYear', module: './school-years.js', endpoints: schoolYearEndpoints },
  { name: 'districtView', module: './district-view.js', endpoints: districtViewEndpoints },
] as const satisfies readonly { name: string; module: string; endpoints: Record<string, Endpoint> }[];
