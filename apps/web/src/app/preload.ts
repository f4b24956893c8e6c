import { recognitionRoutes } from '../features/recognition/routes';
import { loadNamespaces } from '../lib/i18n';
import { shellScreen, type LazyScreen } from './area-route';
import { paths } from './paths';

let asked = false;

/**
 * Downloads the signed-in shell and the dashboard, where most people land, while someone types on
 * the sign-in page, so Sign in has only the session and the dashboard's data left to wait for
 * (docs/decisions/0618). Once per page; a failed download is asked for again on navigation.
 */
export function preloadSignedIn() {
  if (asked) return;
  asked = true;
  const dashboard = recognitionRoutes.find((r) => r.path === paths.dashboard);
  for (const screen of [shellScreen, dashboard].filter((s): s is LazyScreen => s !== undefined)) {
    void screen.load().catch(() => undefined);
    void loadNamespaces(screen.namespaces).catch(() => undefined);
  }
}
