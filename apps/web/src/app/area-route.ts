import type { ComponentType } from 'react';
import type { AppPath } from './paths';

/** One screen of an area, loaded on first visit so the first bundle stays small. */
export interface AreaRoute {
  path: AppPath;
  load: () => Promise<{ default: ComponentType }>;
  /** Catalog namespaces the screen needs beyond those every signed-in screen loads (lib/i18n.ts). */
  namespaces?: readonly string[];
}
