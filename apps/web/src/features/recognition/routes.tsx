import type { AreaRoute } from '../../app/area-route';

/** The recognition area's screens inside the signed-in shell. */
export const recognitionRoutes: AreaRoute[] = [];
