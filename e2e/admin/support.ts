import type { Page } from 'playwright-core';

/** Where screenshots go when SCREENSHOTS_DIR is set (to look at the screens by eye). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/admin-${name}.png`, fullPage: true });
}

/** A catalog text with its `{{values}}` filled in, as i18next shows it. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k]));
