import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD } from '../../apps/server/src/modules/auth/test-factories.js';
import { buildSchool, buildUser, TEST_PASSWORD } from '../../apps/server/src/test/factories.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../apps/server/src/test/smtp-catcher.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { signInThroughForm } from '../support/sign-in';

let h: Harness;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  h = await startHarness({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

/** Sends the queued mail through the real SMTP server and reads the code from it. */
async function codeFor(email: string) {
  await h.app.services.jobs.runDue();
  const mail = await smtp.next(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return { code, mail };
}

describe('forgot password (/forgotpassword)', () => {
  it('e-mails a code, checks the new password, resets it and returns to sign-in after 5 s', async () => {
    const school = await buildSchool(h.app);
    const user = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Rosa' });
    const { context, page } = await h.newPage({ locale: 'en-US' });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await expectNoAxeViolations(page);

    const send = page.getByRole('button', { name: 'Send code' });
    await send.click();
    await page.getByText('Please enter your e-mail address.').waitFor();
    await page.getByLabel('E-mail address').fill(user.email!);
    await send.click();
    await page.getByText(`If ${user.email} has a High5 account, a 6-digit code is on its way.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    const { code, mail } = await codeFor(user.email!);
    expect(mail.subject).toBe('Your High5 verification code');
    expect(mail.text).toContain('Rosa');

    await page.getByLabel('Verification code').fill(code);
    await page.locator('input[autocomplete="new-password"]').nth(0).fill(NEW_PASSWORD);
    await page.locator('input[autocomplete="new-password"]').nth(1).fill('Something-else1!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('reset-error').getByText('The passwords do not match.').waitFor();
    await page.locator('input[autocomplete="new-password"]').nth(1).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('reset-success').getByText('Your password has been changed.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgotpassword');
    await page.clock.fastForward(5000);
    await page.waitForURL((url) => url.pathname === '/');

    await signInThroughForm(page, user.email!, TEST_PASSWORD, { expectToStay: true });
    await page.getByTestId('sign-in-error').waitFor();
    await signInThroughForm(page, user.email!, NEW_PASSWORD);
    await context.close();
  });

  it('answers the same for an unknown address, and refuses a wrong code (in Spanish)', async () => {
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await page.goto('/forgotpassword');
    await page.getByLabel('Correo electrónico').fill('not.a.user@example.test');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('Si not.a.user@example.test tiene una cuenta de High5', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Código de verificación').fill('123456');
    await page.locator('input[autocomplete="new-password"]').nth(0).fill(NEW_PASSWORD);
    await page.locator('input[autocomplete="new-password"]').nth(1).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.getByTestId('reset-error').getByText('El código de verificación no es válido', { exact: false }).waitFor();
    await context.close();
  });
});
