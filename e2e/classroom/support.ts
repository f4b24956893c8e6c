import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, type Harness } from '../support/harness.js';

/** Axe on the whole page, once transitions have finished (the shared check). */
export const expectAccessible = expectNoAxeViolations;

export type Lang = 'en' | 'es';

/** A signed-in page for `userId` in `lang` (the app speaks the user's saved language). */
export async function openAs(
  h: Harness,
  userId: string,
  path: string,
  options: { lang?: Lang; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
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

export { shot } from '../support/shot.js';
