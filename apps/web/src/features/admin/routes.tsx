import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** The admin area's screens inside the signed-in shell (spec 003). */
export const adminRoutes: AreaRoute[] = [
  { path: paths.admin, load: () => import('./dashboard/admin-dashboard-screen') },
  { path: paths.report, load: () => import('./class-report/report-screen') },
  { path: paths.teacherReport, load: () => import('./class-report/teacher-report-screen') },
  { path: paths.adminUsers, load: () => import('./users/admin-users-screen') },
  { path: paths.superAdminReport, load: () => import('./super/super-report-screen') },
  { path: paths.makeAdmin, load: () => import('./super/make-admin-screen') },
  { path: paths.addDistrict, load: () => import('./super/add-district-screen') },
  { path: paths.settings, load: () => import('./super/settings-screen') },
];
