import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../../apps/server/src/test/factories.js';

/** The sign-in form's fields, by what they are rather than by their (translated) labels. */
export const signInForm = (page: Page) => ({
  login: page.locator('input[autocomplete="username"]'),
  password: page.locator('input[autocomplete="current-password"]'),
  submit: page.locator('form button[type="submit"]'),
});

/**
 * Signs in through the real sign-in screen (`/`), as a person would. Waits until the
 * browser has left `/` unless `expectToStay` (wrong password, throttling, the
 * new-password challenge).
 */
export async function signInThroughForm(page: Page, login: string, password: string = TEST_PASSWORD, options: { expectToStay?: boolean } = {}) {
  if (new URL(page.url() === 'about:blank' ? 'http://x/none' : page.url()).pathname !== '/') await page.goto('/');
  const form = signInForm(page);
  await form.login.fill(login);
  await form.password.fill(password);
  // Staying on the page, wait for the server's answer: the next attempt must not be typed while
  // this one is in flight (its failure clears the password field when it arrives).
  const answered = options.expectToStay ? page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/auth/sign-in') : null;
  await form.submit.click();
  if (answered) await answered;
  else await page.waitForURL((url) => url.pathname !== '/');
}
