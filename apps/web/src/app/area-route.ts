import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Namespace } from '../lib/namespaces';
import type { AppPath } from './paths';

/** Code loaded on first use, with the catalog namespaces it renders with (both awaited together). */
export interface LazyScreen {
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Every namespace its code uses beyond the first load's (lib/namespaces.ts), and no other: a
   * screen never downloads a catalog it does not show. app/route-namespaces.test.ts reads the
   * screen's code and fails when this list is wrong.
   */
  namespaces: readonly Namespace[];
}

/** One screen of an area, loaded on first visit so the first bundle stays small. */
export interface AreaRoute extends LazyScreen {
  path: AppPath;
  /**
   * Asks for the screen's first data as navigation starts, beside its code, instead of after the
   * code has run (a landing screen after sign-in; docs/decisions/0618). Loaded lazily itself.
   */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
}

/** The signed-in shell (header, sidebar, footer, idle lock) around every area screen. */
export const shellScreen: LazyScreen = {
  load: () => import('./shell-route').then((m) => ({ default: m.ShellRoute })),
  namespaces: [],
};
