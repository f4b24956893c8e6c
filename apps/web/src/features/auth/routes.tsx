import type { AreaRoute } from '../../app/area-route';

/** The auth area's screens inside the signed-in shell. */
export const authRoutes: AreaRoute[] = [];
