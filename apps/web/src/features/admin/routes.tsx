import type { AreaRoute } from '../../app/area-route';

/** The admin area's screens inside the signed-in shell. */
export const adminRoutes: AreaRoute[] = [];
