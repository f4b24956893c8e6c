import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD } from '../../apps/server/src/modules/auth/test-factories.js';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
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

const passwords = (page: import('playwright-core').Page) => ({
  password: page.locator('input[autocomplete="new-password"]').nth(0),
  confirm: page.locator('input[autocomplete="new-password"]').nth(1),
});

describe('sign-up (/signup)', () => {
  it('a teacher signs up with a new district and school, confirms the e-mail by its link, and signs in', async () => {
    const email = `nora.${Date.now()}@riverbend.example.test`;
    const { context, page } = await h.newPage({ locale: 'en-US' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Continue with e-mail/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Who are you?' }).waitFor();
    await page.getByRole('button', { name: /I'm a teacher/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Teacher sign-up' }).waitFor();

    const submit = page.getByRole('button', { name: 'Create account' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByTestId('accept-terms').check();
    await submit.click();
    await page.getByTestId('signup-error').getByText('Please fill in all the required fields.').waitFor();
    await expectNoAxeViolations(page);

    // A district that is not in the list: cancel clears it, confirm keeps it as new.
    const district = page.getByTestId('district-input');
    await district.fill('Riverbend Unified');
    await district.press('Enter');
    await page.getByRole('dialog', { name: 'Add “Riverbend Unified” as a new district?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(district.inputValue()).resolves.toBe('');
    await district.fill('Riverbend Unified');
    await district.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
    await page.getByText('New district: Riverbend Unified').waitFor();
    const school = page.getByTestId('school-input');
    await school.fill('Lakeside Middle');
    await school.press('Enter');
    await page.getByRole('dialog', { name: 'Add “Lakeside Middle” as a new school?' }).getByRole('button', { name: 'Add' }).click();
    await page.getByText('New school: Lakeside Middle').waitFor();

    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('E-mail address').fill(email);
    const { password, confirm } = passwords(page);
    await password.fill(NEW_PASSWORD);
    await confirm.fill('Not-the-same1!');
    await submit.click();
    await page.getByTestId('signup-error').getByText('Password and confirm password must be the same.').waitFor();
    await confirm.fill(NEW_PASSWORD);
    await submit.click();

    const result = page.getByTestId('signup-result');
    await result.getByText('We sent you an e-mail', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await result.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Not confirmed yet: sign-in answers as for a wrong password (no account enumeration).
    await signInThroughForm(page, email, NEW_PASSWORD, { expectToStay: true });
    await page.getByTestId('sign-in-error').waitFor();

    await h.app.services.jobs.runDue();
    const mail = await smtp.next(email);
    const link = /(\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Your e-mail is confirmed' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to sign in' }).click();

    await signInThroughForm(page, email, NEW_PASSWORD);
    // The founder of a new school runs it: a teacher with the admin flag and no classes yet.
    expect(new URL(page.url()).pathname).toBe('/teacher-classes');
    await expect(page.getByTestId('school-name').textContent()).resolves.toBe('Lakeside Middle');
    await expect(page.getByTestId('role-label').textContent()).resolves.toBe('Teacher · Admin');
    await context.close();
  });

  it('a student signs up with a class code and an e-mail (in Spanish, on a phone)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id });
    const email = `sofia.${Date.now()}@example.test`;
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await page.goto('/signup');
    await page.getByRole('button', { name: /Continuar con correo electrónico/ }).click();
    await page.getByRole('button', { name: /Soy estudiante/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro de estudiantes' }).waitFor();

    await page.getByLabel('Código de clase').fill(cls.joiningCode.toLowerCase());
    await page.getByLabel(/^Nombre/).fill('Sofía');
    await page.getByLabel('Apellido').fill('Reyes');
    await page.getByLabel('Correo o nombre de usuario').fill(email);
    await passwords(page).password.fill(NEW_PASSWORD);
    await passwords(page).confirm.fill(NEW_PASSWORD);
    await page.getByTestId('accept-terms').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    const result = page.getByTestId('signup-result');
    await result.getByText('Te enviamos un correo', { exact: false }).waitFor();
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await h.app.services.jobs.runDue();
    expect((await smtp.next(email)).subject.length).toBeGreaterThan(0);
    await context.close();
  });

  it('a student with a username is told about an unknown class code, then signed in at once', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id });
    const username = `tomas.${school.id.slice(0, 6)}`;
    const { context, page } = await h.newPage({ locale: 'es-ES' });
    await page.goto('/signup');
    await page.getByRole('button', { name: /Continuar con correo electrónico/ }).click();
    await page.getByRole('button', { name: /Soy estudiante/ }).click();

    await page.getByLabel('Código de clase').fill('NOPE42');
    await page.getByLabel(/^Nombre/).fill('Tomás');
    await page.getByLabel('Apellido').fill('Ruiz');
    await page.getByLabel('Correo o nombre de usuario').fill('tomás ruiz');
    await passwords(page).password.fill(NEW_PASSWORD);
    await passwords(page).confirm.fill(NEW_PASSWORD);
    await page.getByTestId('accept-terms').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Un nombre de usuario tiene de 3 a 64 letras', { exact: false }).waitFor();

    await page.getByLabel('Correo o nombre de usuario').fill(username);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('No encontramos ninguna clase con este código.', { exact: false }).waitFor();

    await page.getByLabel('Código de clase').fill(cls.joiningCode);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const result = page.getByTestId('signup-result');
    await result.getByText('Ya estás registrado y con la sesión iniciada', { exact: false }).waitFor();
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL('**/dashboard');

    const enrolled = await h.app.services.db
      .selectFrom('enrolments')
      .innerJoin('users', 'users.id', 'enrolments.studentId')
      .select('users.username')
      .where('enrolments.classId', '=', cls.id)
      .execute();
    expect(enrolled.map((r) => r.username)).toEqual([username]);
    await context.close();
  });
});
