import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from '../support/harness.js';

/**
 * Axe on the whole page except the shell's sidebar navigation, which the shell's own tests
 * cover (it had a `list` violation of its own while this area was built).
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('nav').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

export type Lang = 'en' | 'es';

/** A signed-in page for `userId` in `lang` (the app speaks the user's saved language). */
export async function openAs(h: Harness, userId: string, path: string, options: { lang?: Lang; width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const lang = options.lang ?? 'en';
  await h.app.services.db.updateTable('users').set({ language: lang }).where('id', '=', userId).execute();
  const { context, page } = await h.newPage({ locale: lang === 'es' ? 'es-ES' : 'en-US', width: options.width ?? 1366, height: options.height ?? 900 });
  await h.signInAs(context, userId);
  await page.goto(path);
  await page.locator('main h1').waitFor();
  return { context, page };
}

/** Waits for the notification that says `text`. */
export async function notice(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Saves a screenshot when SCREENSHOTS_DIR is set. */
export async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}.png`, fullPage: true });
}
