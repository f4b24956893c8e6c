import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes, openRoutes, setupRoutes, signedOutRoutes } from '../features/auth/routes';
import { classroomRoutes } from '../features/classroom/routes';
import { recognitionRoutes } from '../features/recognition/routes';
import { shellScreen, type AreaRoute, type LazyScreen } from './area-route';
import { loadNamespaces } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { FullPageLoading, PublicOnlyRoute, RootLayout, RouteError, SetupRoute, SignInRoute } from './guards';
import { paths, type AppPath } from './paths';

export interface ShellHandle {
  /** The shell path this route serves; the guard checks it against the user's route table. */
  shellPath: AppPath;
}

// A screen's code and its namespaces load together; only the sign-in page is in the first load.
const lazyScreen =
  ({ load, namespaces }: LazyScreen) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
const page = (r: AreaRoute): RouteObject => ({
  path: r.path,
  lazy: lazyScreen(r),
  // Starts the data request and returns at once: navigation waits for the code, never for this.
  ...(r.prefetch ? { loader: () => (void r.prefetch!(queryClient).catch(() => undefined), null) } : {}),
});

/** Each area's screens (every shell path is one of them). */
export function shellChildren(areas: AreaRoute[]): RouteObject[] {
  return areas.map((r): RouteObject => ({ ...page(r), handle: { shellPath: r.path } satisfies ShellHandle }));
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads.
    HydrateFallback: FullPageLoading,
    children: [
      { path: paths.signIn, element: <SignInRoute /> },
      { element: <PublicOnlyRoute />, children: signedOutRoutes.map(page) },
      ...openRoutes.map(page),
      { element: <SetupRoute />, children: setupRoutes.map(page) },
      { lazy: lazyScreen(shellScreen), children: shellChildren([...authRoutes, ...recognitionRoutes, ...classroomRoutes, ...adminRoutes]) },
      // Unknown paths: to `/`, which sends a signed-in user on to their landing screen.
      { path: '*', element: <Navigate to={paths.signIn} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
