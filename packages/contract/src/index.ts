export * from './core.js';
export * from './limits.js';
export * from './csv.js';
export * from './dates.js';
export * from './system.js';
export * from './auth.js';
export * from './recognition.js';
export * from './profile.js';
export * from './classroom.js';
export * from './admin.js';
export * from './alerts.js';
export * from './super-edit.js';

import { systemEndpoints } from './system.js';
import { authEndpoints } from './auth.js';
import { recognitionEndpoints } from './recognition.js';
import { profileEndpoints } from './profile.js';
import { classroomEndpoints } from './classroom.js';
import { adminEndpoints } from './admin.js';
import { alertEndpoints } from './alerts.js';
import { superEditEndpoints } from './super-edit.js';

/** Every endpoint of the API, for the OpenAPI document and the route-coverage test. */
export const allEndpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...recognitionEndpoints,
  ...profileEndpoints,
  ...classroomEndpoints,
  ...adminEndpoints,
  ...alertEndpoints,
  ...superEditEndpoints,
};
