import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/modules/auth/test-factories.js';
import { buildClass, buildDistrict, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startFakeGoogle, type FakeGoogle } from '../../apps/server/src/test/fake-google.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';

let h: Harness;
let google: FakeGoogle;
beforeAll(async () => {
  // Google sends the browser back to PUBLIC_URL: the server must listen exactly there.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  google = await startFakeGoogle({ redirectUri: `${publicUrl}/v1/auth/google/callback` });
  h = await startHarness({
    port,
    env: { PUBLIC_URL: publicUrl, GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret },
  });
});
afterAll(async () => {
  await h?.close();
  await google?.close();
});

/** Plays the person at Google's (the stand-in's) sign-in and consent pages, in the browser. */
async function passGoogle(page: Page, sub: string) {
  await page.waitForURL((url) => url.href.startsWith(google.issuer) && url.pathname.includes('/interaction/'));
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('anything');
  // Sign in, then consent: each step is a form that moves the browser on.
  for (let step = 0; step < 3 && page.url().startsWith(google.issuer); step++) {
    const here = page.url();
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => url.href !== here);
  }
}

describe('Google sign-in and initial setup', () => {
  it('a new Google user lands on /user-information, joins a class as a student and reaches the dashboard', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id });
    google.setAccount('g-ava', { email: `ava.${Date.now()}@gmail.example`, email_verified: true, given_name: 'Ava', family_name: 'Stone' });
    const { context, page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Login with Google' }).click();
    await passGoogle(page, 'g-ava');

    await page.waitForURL('**/user-information');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ava!' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('setup-error').getByText('Please choose whether you are a student or a teacher.').waitFor();
    await page.getByRole('button', { name: "I'm a student" }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('setup-error').getByText('Please enter the class code your teacher gave you.').waitFor();
    await page.getByLabel('Class code').fill('WRONG1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('We could not find a class with this code.', { exact: false }).first().waitFor();
    await page.getByLabel('Class code').fill(cls.joiningCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByTestId('role-label').textContent()).resolves.toBe('Student');
    await context.close();
  });

  it('a teacher whose verified Google e-mail matches their account lands on their classes with the create-class prompt', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', email: `kim.${Date.now()}@school.example` });
    google.setAccount('g-kim', { email: teacher.email!, email_verified: true, given_name: 'Kim', family_name: 'Lee' });
    const { context, page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Login with Google' }).click();
    await passGoogle(page, 'g-kim');
    await page.waitForURL('**/teacher-classes');
    // Set to 'true' for the classes screen, which opens its create-class dialog once and resets it to 'false'.
    await expect(page.evaluate(() => sessionStorage.getItem('showCreateClassPopup'))).resolves.not.toBeNull();
    await context.close();
  });

  it('a new Google teacher picks an existing district and school and waits for the admin (in Spanish)', async () => {
    const district = await buildDistrict(h.app, { name: `Distrito Sol ${Date.now()}` });
    await buildSchool(h.app, { districtId: district.id, name: 'Escuela Luna' });
    google.setAccount('g-luis', { email: `luis.${Date.now()}@gmail.example`, email_verified: true, given_name: 'Luis', family_name: 'Vega', locale: 'es' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await page.goto('/signup');
    await page.getByRole('link', { name: /Regístrate con Google/ }).click();
    await passGoogle(page, 'g-luis');

    await page.waitForURL('**/user-information');
    await page.getByRole('heading', { level: 1, name: '¡Te damos la bienvenida, Luis!' }).waitFor();
    await page.getByRole('button', { name: 'Soy docente' }).click();
    await page.getByTestId('district-input').fill(district.name.slice(0, 12));
    await page.getByRole('option', { name: district.name }).click();
    await page.getByTestId('school-input').click();
    await page.getByRole('option', { name: 'Escuela Luna' }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // A teacher joining an existing school without a whitelisted domain waits for approval.
    await page.waitForURL('**/teacher-classes');
    await page.getByText('El administrador de tu escuela todavía tiene que aprobar tu cuenta', { exact: false }).waitFor();
    await context.close();
  });
});
