import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** The recognition area's screens inside the signed-in shell (docs/rules/recognition.md). */
export const recognitionRoutes: AreaRoute[] = [
  // giving, dashboard and reports
  {
    path: paths.dashboard,
    load: () => import('./dashboard/dashboard-screen'),
    namespaces: ['recognition'],
    prefetch: (queryClient) => import('./dashboard/api').then((m) => queryClient.prefetchQuery(m.dashboardQuery(null))),
  },
  { path: paths.high5, load: () => import('./give/high5-screen'), namespaces: ['recognition'] },
  { path: paths.positiveVibes, load: () => import('./give/vibes-screen'), namespaces: ['recognition'] },
  { path: paths.high5Report, load: () => import('./reports/high5-report-screen'), namespaces: ['recognition'] },
  { path: paths.vibeReport, load: () => import('./reports/vibe-report-screen'), namespaces: ['recognition'] },
  // profile
  { path: paths.profile, load: () => import('./profile/profile-screen'), namespaces: ['profile', 'recognition'] },
  // a student's request to be their parent, opened from its e-mail (docs/decisions/0155)
  { path: paths.familyRequests, load: () => import('./family/family-requests-screen'), namespaces: ['profile', 'recognition'] },
];
