import type { ComponentType } from 'react';
import type { AppPath } from './paths';

/** One screen of an area, loaded on first visit so the first bundle stays small. */
export interface AreaRoute {
  path: AppPath;
  load: () => Promise<{ default: ComponentType }>;
}
