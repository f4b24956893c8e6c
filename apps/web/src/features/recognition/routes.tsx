import type { AreaRoute } from '../../app/area-route';

/** The recognition area's screens inside the signed-in shell (spec 001). */
export const recognitionRoutes: AreaRoute[] = [
  // giving, dashboard and reports
  // profile
];
