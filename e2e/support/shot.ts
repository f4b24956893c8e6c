import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/**
 * A screenshot to look at by eye: saved as $SCREENSHOTS_DIR/<name>.png when SCREENSHOTS_DIR is set,
 * skipped otherwise (encoding full pages costs every run time). A failed test's page is kept anyway
 * (harness.ts).
 */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const path = `${dir}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}
