import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOutboxId, outbox } from '../../apps/server/src/modules/auth/test-factories.js';
import { buildSchool, buildUser, TEST_PASSWORD } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { signInThroughForm } from '../support/sign-in';

// A teacher kept out of a new browser (docs/decisions/0541): someone on the same network
// keeps the teacher's right password at 429; the sign-in screen offers a one-time e-mailed link.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A teacher whose password a pupil on the same address has failed until it waits. */
async function heldTeacher(language: 'en' | 'es') {
  const school = await buildSchool(h.app);
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', language });
  for (let i = 0; i < 12; i++) await h.call('POST', '/v1/auth/sign-in', { body: { login: teacher.email, password: 'Wrong-pass1!' } });
  return teacher;
}

/** The token of the newest sign-in link in the dev outbox for `to`. */
async function linkToken(to: string, since: number) {
  const [mail] = await outbox(h.app, to, { since });
  const token = /\/sign-in-link#([A-Za-z0-9_-]{43})/.exec(mail?.bodyText ?? '')?.[1];
  if (!token) throw new Error(`no sign-in link for ${to}`);
  return token;
}

describe('the sign-in link offered on 429', () => {
  it('offers the link when the password is held, e-mails it, and the link signs this browser in once (English)', async () => {
    const teacher = await heldTeacher('en');
    const { context, page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    await signInThroughForm(page, teacher.email!, TEST_PASSWORD, { expectToStay: true });
    await page.getByTestId('sign-in-error').getByText('Too many failed attempts.', { exact: false }).waitFor();
    const offer = page.getByTestId('sign-in-link-offer');
    await offer.getByText('Is this your account?', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    const since = await lastOutboxId(h.app);
    await offer.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await offer.getByRole('status').getByText(`If ${teacher.email} belongs to an account`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    const token = await linkToken(teacher.email!, since);
    await page.goto(`/sign-in-link#${token}`);
    await page.getByRole('heading', { level: 1, name: 'Sign in with your link' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in-link' && url.pathname !== '/');
    await expect
      .poll(
        async () =>
          (await h.call('GET', '/v1/auth/me', { cookie: `high5_session=${(await context.cookies()).find((c) => c.name === 'high5_session')?.value}` })).status,
      )
      .toBe(200);
    await context.close();

    // Used once: another browser with the same link is told to ask again.
    const second = await h.newPage({ locale: 'en-US' });
    await second.page.goto(`/sign-in-link#${token}`);
    await second.page.getByRole('button', { name: 'Sign in' }).click();
    await second.page.getByText('This link no longer works', { exact: false }).waitFor();
    await second.page.getByRole('link', { name: 'Go to sign in' }).waitFor();
    await expectNoAxeViolations(second.page);
    await second.context.close();
  });

  it('works the same in Spanish on a 360 px screen, by keyboard', async () => {
    const teacher = await heldTeacher('es');
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await page.goto('/');
    await signInThroughForm(page, teacher.email!, TEST_PASSWORD, { expectToStay: true });
    await page.getByTestId('sign-in-error').waitFor();
    const button = page.getByTestId('sign-in-link-offer').getByRole('button', { name: 'Envíame un enlace para iniciar sesión' });
    await expectNoAxeViolations(page);
    const since = await lastOutboxId(h.app);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`Si ${teacher.email} pertenece a una cuenta`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    const token = await linkToken(teacher.email!, since);
    await page.goto(`/sign-in-link#${token}`);
    await page.getByRole('heading', { level: 1, name: 'Inicia sesión con tu enlace' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Iniciar sesión' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/sign-in-link' && url.pathname !== '/');
    await context.close();

    const dead = await h.newPage({ locale: 'es-ES', width: 360 });
    await dead.page.goto('/sign-in-link#not-a-token');
    await dead.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await dead.page.getByText('Este enlace ya no funciona', { exact: false }).waitFor();
    await expectNoAxeViolations(dead.page);
    await dead.context.close();
  });
});
