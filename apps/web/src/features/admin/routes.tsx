import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** An admin screen: it loads the admin catalog (no other screen needs it) and any other its code uses. */
const adminScreen = (path: AreaRoute['path'], load: AreaRoute['load'], also: AreaRoute['namespaces'] = []): AreaRoute => ({
  path,
  load,
  namespaces: ['admin', ...also],
});

/** The admin area's screens inside the signed-in shell (docs/rules/administration.md). */
export const adminRoutes: AreaRoute[] = [
  // its student list opens the student detail (profile, classroom) and the give dialogs (recognition)
  adminScreen(paths.admin, () => import('./dashboard/admin-dashboard-screen'), ['classroom', 'profile', 'recognition']),
  adminScreen(paths.report, () => import('./class-report/report-screen')),
  adminScreen(paths.teacherReport, () => import('./class-report/teacher-report-screen')),
  // the roster run report names grades as schools write them (recognition's TK and K)
  adminScreen(paths.adminUsers, () => import('./users/admin-users-screen')),
  adminScreen(paths.superAdminReport, () => import('./super/super-report-screen')),
  adminScreen(paths.makeAdmin, () => import('./super/make-admin-screen')),
  adminScreen(paths.addDistrict, () => import('./super/add-district-screen')),
  adminScreen(paths.settings, () => import('./super/settings-screen')),
];
