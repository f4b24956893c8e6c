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
export * from './api-route.js';
export * from './api-routes.js';
export * from './rostering.js';

import { systemEndpoints } from './system.js';
import { authEndpoints } from './auth.js';
import { recognitionEndpoints } from './recognition.js';
import { profileEndpoints } from './profile.js';
import { classroomEndpoints } from './classroom.js';
import { adminEndpoints } from './admin.js';
import { alertEndpoints } from './alerts.js';
import { superEditEndpoints } from './super-edit.js';
import { rosteringEndpoints } from './rostering.js';

import type { Endpoint } from './core.js';

/**
 * Every endpoint of the API by its id, for the OpenAPI document, the rate limits and the
 * authorization matrix. Keyed by id, not by each area's property name: spreading the areas
 * let `adminEndpoints.categories` hide `recognitionEndpoints.categories` (issue 12).
 */
export const allEndpoints: Record<string, Endpoint> = Object.fromEntries(
  [systemEndpoints, authEndpoints, recognitionEndpoints, profileEndpoints, classroomEndpoints, adminEndpoints, alertEndpoints, superEditEndpoints, rosteringEndpoints].flatMap((area) =>
    (Object.values(area) as Endpoint[]).map((e) => [e.id, e]),
  ),
);
