import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { classroomRoutes } from '../features/classroom/routes';
import { recognitionRoutes } from '../features/recognition/routes';
import type { AreaRoute } from './area-route';
import { loadAreaNamespaces } from '../lib/i18n';
import { FullPageLoading, PublicOnlyRoute, RootLayout, RouteError, SetupRoute, SignInRoute } from './guards';
import { paths, type AppPath } from './paths';

export interface ShellHandle {
  /** The shell path this route serves; the guard checks it against the user's route table. */
  shellPath: AppPath;
}

// A screen's code and its namespaces load together; only the sign-in page is in the first load.
const screen = (load: AreaRoute['load'], namespaces?: AreaRoute['namespaces']) => async () => {
  const [module] = await Promise.all([load(), loadAreaNamespaces(namespaces)]);
  return { Component: module.default };
};
const shellRoute = async () => {
  const [module] = await Promise.all([import('./shell-route'), loadAreaNamespaces()]);
  return { Component: module.ShellRoute };
};

/** Each area's screens (every shell path is one of them). */
export function shellChildren(areas: AreaRoute[]): RouteObject[] {
  return areas.map((r): RouteObject => ({ path: r.path, lazy: screen(r.load, r.namespaces), handle: { shellPath: r.path } satisfies ShellHandle }));
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads.
    HydrateFallback: FullPageLoading,
    children: [
      { path: paths.signIn, element: <SignInRoute /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: paths.signUp, lazy: screen(() => import('../features/auth/sign-up/sign-up-screen')) },
          { path: paths.forgotPassword, lazy: screen(() => import('../features/auth/forgot-password/forgot-password-screen')) },
        ],
      },
      { path: paths.verifyEmail, lazy: screen(() => import('../features/auth/verify-email/verify-email-screen')) },
      { path: paths.resetLink, lazy: screen(() => import('../features/auth/reset-link/reset-link-screen')) },
      { path: paths.terms, lazy: screen(() => import('../features/auth/legal/terms-screen')) },
      { path: paths.help, lazy: screen(() => import('../features/auth/legal/help-screen')) },
      { path: paths.privacy, lazy: screen(() => import('../features/auth/legal/privacy-screen')) },
      {
        element: <SetupRoute />,
        children: [{ path: paths.userInformation, lazy: screen(() => import('../features/auth/setup/setup-screen')) }],
      },
      { lazy: shellRoute, children: shellChildren([...authRoutes, ...recognitionRoutes, ...classroomRoutes, ...adminRoutes]) },
      // Unknown paths: to `/`, which sends a signed-in user on to their landing screen.
      { path: '*', element: <Navigate to={paths.signIn} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
