import type { namespaces } from '@high5/i18n';

/** A catalog namespace (packages/i18n: one per area, plus the shared ones). */
export type Namespace = (typeof namespaces)[number];

/**
 * The namespaces loaded before the first screen renders (the sign-in page's, lib/i18n.ts), so
 * every screen has them. Any other namespace is loaded by the route or part of a screen that
 * uses it, as it declares (app/area-route.ts; checked by app/route-namespaces.test.ts).
 */
export const firstLoadNamespaces = ['common', 'errors', 'auth'] as const satisfies readonly Namespace[];
