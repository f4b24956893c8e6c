import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** An admin screen: it also loads the admin catalog, which no other screen needs. */
const adminScreen = (path: AreaRoute['path'], load: AreaRoute['load']): AreaRoute => ({ path, load, namespaces: ['admin'] });

/** The admin area's screens inside the signed-in shell (spec 003). */
export const adminRoutes: AreaRoute[] = [
  adminScreen(paths.admin, () => import('./dashboard/admin-dashboard-screen')),
  adminScreen(paths.report, () => import('./class-report/report-screen')),
  adminScreen(paths.teacherReport, () => import('./class-report/teacher-report-screen')),
  adminScreen(paths.adminUsers, () => import('./users/admin-users-screen')),
  adminScreen(paths.superAdminReport, () => import('./super/super-report-screen')),
  adminScreen(paths.makeAdmin, () => import('./super/make-admin-screen')),
  adminScreen(paths.addDistrict, () => import('./super/add-district-screen')),
  adminScreen(paths.settings, () => import('./super/settings-screen')),
];
