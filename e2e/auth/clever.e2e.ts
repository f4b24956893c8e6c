import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCleverDistrict, buildCleverPerson, freePort } from '../../apps/server/src/modules/auth/test-factories.js';
import { startCleverIdentity, type CleverIdentityFake } from '../../apps/server/src/test/fakes/clever-identity.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
let clever: CleverIdentityFake;
const CLEVER_DISTRICT = '5f1a0000000000000000d001';

beforeAll(async () => {
  // Clever sends the browser back to PUBLIC_URL: the server must listen exactly there.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  clever = await startCleverIdentity({ redirectUri: `${publicUrl}/v1/auth/clever/callback` });
  h = await startHarness({
    port,
    env: {
      PUBLIC_URL: publicUrl,
      CLEVER_CLIENT_ID: clever.clientId,
      CLEVER_CLIENT_SECRET: clever.clientSecret,
      CLEVER_OAUTH_URL: clever.baseUrl,
      CLEVER_API_URL: clever.baseUrl,
    },
  });
});
afterAll(async () => {
  await h?.close();
  await clever?.close();
});

/** Plays the child at Clever's (the stand-in's) sign-in page. */
async function passClever(page: Page, cleverId: string) {
  await page.waitForURL((url) => url.href.startsWith(clever.baseUrl));
  await page.getByLabel('Clever ID').fill(cleverId);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('Log in with Clever', () => {
  it('the button shows only once a district is rostered from Clever; a rostered student signs in through Clever (English)', { timeout: 150_000 }, async () => {
    const { context, page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    await page
      .getByRole('link', { name: 'Login with Google' })
      .or(page.getByRole('button', { name: 'Login with Google' }))
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Log in with Clever' }).count()).toBe(0);

    const district = await buildCleverDistrict(h.app, CLEVER_DISTRICT);
    const student = await buildCleverPerson(h.app, district, '5f1a00000000000000000a01', { firstName: 'Nora', lastName: 'Quinn' });
    clever.setUser('5f1a00000000000000000a01', { district: CLEVER_DISTRICT, type: 'student' });
    await page.reload();
    const button = page.getByRole('link', { name: 'Log in with Clever' });
    await button.waitFor();
    await expectNoAxeViolations(page);
    await button.click();
    await passClever(page, '5f1a00000000000000000a01');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Student');
    await expectNoAxeViolations(page);
    const me = await page.evaluate(async () => (await (await fetch('/v1/auth/me')).json()) as { ResponseData: { id: string } });
    expect(me.ResponseData.id).toBe(student.id);
    await context.close();
  });

  it('a Clever user nobody rostered is told why on the sign-in page, then a rostered one signs in (Spanish, 360 px)', { timeout: 150_000 }, async () => {
    const district = await buildCleverDistrict(h.app, '5f1a0000000000000000d002');
    await buildCleverPerson(h.app, district, '5f1a00000000000000000b01', { firstName: 'Lucía', language: 'es' });
    clever.setUser('5f1a00000000000000000b01', { district: '5f1a0000000000000000d002', type: 'student' });
    clever.setUser('5f1a00000000000000000b99', { district: '5f1a0000000000000000d002', type: 'student' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await page.goto('/');
    const button = page.getByRole('link', { name: 'Iniciar sesión con Clever' });
    await button.waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'clever-sign-in-es-360');
    await button.click();
    await passClever(page, '5f1a00000000000000000b99');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('error') === 'CLEVER_NOT_ROSTERED');
    await page.getByTestId('sign-in-error').getByText('Tu cuenta de Clever todavía no está configurada en High5', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'clever-refused-es-360');

    // The same browser: Clever remembers who signed in there, so another child signs in at Clever first.
    await context.clearCookies();
    await page.goto('/');
    await page.getByRole('link', { name: 'Iniciar sesión con Clever' }).click();
    await passClever(page, '5f1a00000000000000000b01');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Estudiante');
    await context.close();
  });

  it('the English sign-in page at 360 px with the button, and the refusal for a district not connected', { timeout: 150_000 }, async () => {
    clever.setUser('5f1a00000000000000000c01', { district: '5f1a0000000000000000dfff', type: 'teacher' });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 360 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in with Clever' }).waitFor();
    await shot(page, 'clever-sign-in-en-360');
    await page.getByRole('link', { name: 'Log in with Clever' }).click();
    await passClever(page, '5f1a00000000000000000c01');
    await page.getByTestId('sign-in-error').getByText('Your school district does not use High5 through Clever yet', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
