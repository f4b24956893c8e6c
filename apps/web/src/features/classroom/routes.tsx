import type { AreaRoute } from '../../app/area-route';

/** The classroom area's screens inside the signed-in shell. */
export const classroomRoutes: AreaRoute[] = [];
