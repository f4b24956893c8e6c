import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { shot as baseShot } from '../support/shot.js';

/** A screenshot of an admin screen to look at by eye (support/shot.ts). */
export const shot = (target: Page | Locator, name: string) => baseShot(target, `admin-${name}`);

/** A catalog text with its `{{values}}` filled in, as i18next shows it. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k]));

/** Clicks `button` and reads the CSV file it downloads: its name, and its records without the byte-order mark. */
export async function downloadCsv(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await download.path(), 'utf8');
  return {
    name: download.suggestedFilename(),
    lines: text
      .replace(/^\uFEFF/, '')
      .replace(/\r\n$/, '')
      .split('\r\n'),
  };
}
