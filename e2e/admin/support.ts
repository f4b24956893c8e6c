import type { Locator, Page } from 'playwright-core';
import { shot as baseShot } from '../support/shot.js';

/** A screenshot of an admin screen to look at by eye (support/shot.ts). */
export const shot = (target: Page | Locator, name: string) => baseShot(target, `admin-${name}`);

/** A catalog text with its `{{values}}` filled in, as i18next shows it. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k]));
