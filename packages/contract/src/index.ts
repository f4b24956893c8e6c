export * from './core.js';
export * from './limits.js';
export * from './csv.js';
export * from './year-data.js';
export * from './dates.js';
export * from './system.js';
export * from './auth.js';
export * from './recognition.js';
export * from './profile.js';
export * from './classroom.js';
export * from './class-cards.js';
export * from './admin.js';
export * from './alerts.js';
export * from './super-edit.js';
export * from './district-view.js';
export * from './api-route.js';
export * from './api-routes.js';
export * from './rostering.js';
export * from './school-years.js';
export * from './student-filters.js';
export * from './areas.js';

import { endpointAreas } from './areas.js';
import type { Endpoint } from './core.js';

/**
 * Every endpoint of the API by its id, for the OpenAPI document, the rate limits and the
 * authorization matrix. Keyed by id, not by each area's property name: spreading the areas
 * let `adminEndpoints.categories` hide `recognitionEndpoints.categories`.
 */
export const allEndpoints: Record<string, Endpoint> = Object.fromEntries(
  endpointAreas.flatMap((area) => (Object.values(area.endpoints) as Endpoint[]).map((e) => [e.id, e])),
);
