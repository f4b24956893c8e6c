import type { Page } from 'playwright-core';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as the browser sees it (same machine, same time zone), `yyyy-MM-dd`. */
export function localToday(offsetDays = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Where screenshots go when SCREENSHOTS_DIR is set (to look at the screens by eye). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/admin-${name}.png`, fullPage: true });
}

/** A catalog text with its `{{values}}` filled in, as i18next shows it. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k]));
