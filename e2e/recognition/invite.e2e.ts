import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Delivers the queued mail and returns the newest message to `to` from the dev outbox. */
async function lastMailTo(to: string) {
  await h.app.services.jobs.runDue();
  return h.app.services.db.selectFrom('devOutbox').selectAll().where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
}

const cases = [
  {
    locale: 'en-US',
    width: 1280,
    lang: 'en',
    t: {
      invite: 'Invite a parent',
      email: "Parent's e-mail",
      first: "Parent's first name",
      last: "Parent's last name",
      send: 'Send invitation',
      required: 'Please enter the e-mail, first name and last name.',
      sent: 'Invitation sent. Your parent will get an e-mail.',
      passwordLine: /Temporary password: (\S+)/,
      login: 'E-mail or username',
      password: 'Password',
      signIn: 'Sign in',
      newPassword: 'New password',
      confirm: 'Confirm new password',
      save: 'Save password and continue',
      myStudents: 'My students',
    },
  },
  {
    locale: 'es-ES',
    width: 360,
    lang: 'es',
    t: {
      invite: 'Invitar a un padre o madre',
      email: 'Correo del padre o madre',
      first: 'Nombre del padre o madre',
      last: 'Apellido del padre o madre',
      send: 'Enviar invitación',
      required: 'Escribe el correo, el nombre y el apellido.',
      sent: 'Invitación enviada. Tu padre o madre recibirá un correo.',
      passwordLine: /Contraseña temporal: (\S+)/,
      login: 'Correo o nombre de usuario',
      password: 'Contraseña',
      signIn: 'Iniciar sesión',
      newPassword: 'Contraseña nueva',
      confirm: 'Confirma la contraseña nueva',
      save: 'Guardar contraseña y continuar',
      myStudents: 'Mis estudiantes',
    },
  },
] as const;

describe('invite a parent', () => {
  for (const c of cases) {
    it(`a student invites a parent, who signs in with the e-mailed password, chooses their own and sees the child (${c.lang}, ${c.width} px)`, async () => {
      const school = await buildSchool(h.app, { name: 'Cedar Middle School' });
      const student = await buildUser(h.app, { role: 'student', schoolId: school.id, firstName: 'Mia', lastName: `Lopez${c.lang}`, language: c.lang });
      const parentEmail = `parent.${c.lang}.${school.id.slice(0, 6)}@example.test`;
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width });
      await h.signInAs(context, student.id);
      await page.goto('/dashboard');
      // The sidebar's button (behind the menu on a phone) opens the dialog on /profile.
      if (c.width < 900)
        await page
          .getByRole('button', { name: /menu|menú/i })
          .first()
          .click();
      await page.getByRole('button', { name: c.t.invite }).first().click();
      const dialog = page.getByRole('dialog', { name: c.t.invite });
      await dialog.waitFor();
      expect(page.url()).toContain('/profile?invite=parent');
      await expectNoAxeViolations(page);

      // All three are required.
      await dialog.getByRole('button', { name: c.t.send }).click();
      await page.getByText(c.t.required).waitFor();
      await dialog.getByLabel(c.t.email).fill(parentEmail.toUpperCase());
      await dialog.getByLabel(c.t.first).fill('Rosa');
      await dialog.getByRole('button', { name: c.t.send }).click();
      await page.getByText(c.t.required).first().waitFor();
      await dialog.getByLabel(c.t.last).fill('Lopez');
      await shot(page, `invite-dialog-${c.lang}-${c.width}`);
      await dialog.getByRole('button', { name: c.t.send }).click();
      await page.getByText(c.t.sent).waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).not.toContain('invite=parent');
      await context.close();

      // The e-mail, in the student's language, carries the temporary password and the address.
      const mail = await lastMailTo(parentEmail);
      expect(mail?.bodyText).toContain(h.app.services.config.publicUrl);
      const password = c.t.passwordLine.exec(mail!.bodyText)![1]!;

      const parentPage = await h.newPage({ locale: c.locale, width: c.width });
      const p = parentPage.page;
      await p.goto('/');
      await p.getByLabel(c.t.login, { exact: true }).fill(parentEmail);
      await p.getByLabel(c.t.password, { exact: true }).fill(password);
      await p.keyboard.press('Enter');
      // The entry area's new-password challenge.
      const newPassword = 'Rosa-Lopez-2026!';
      await p.getByLabel(c.t.newPassword, { exact: true }).fill(newPassword);
      await p.getByLabel(c.t.confirm, { exact: true }).fill(newPassword);
      await p.keyboard.press('Enter');
      await p.waitForURL('**/dashboard');
      await p.goto('/mystudent');
      await p.getByText(`Mia Lopez${c.lang}`).first().waitFor();
      await shot(p, `invite-parent-sees-child-${c.lang}-${c.width}`);
      const parent = await h.app.services.db
        .selectFrom('users')
        .select(['mustChangePassword', 'language'])
        .where('email', '=', parentEmail)
        .executeTakeFirstOrThrow();
      expect(parent).toEqual({ mustChangePassword: false, language: c.lang });
      await parentPage.context.close();
    });
  }

  it('an address that belongs to a teacher of the school is refused with a message, and the dialog stays open', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { role: 'teacher', schoolId: school.id });
    const student = await buildUser(h.app, { role: 'student', schoolId: school.id });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1280 });
    await h.signInAs(context, student.id);
    await page.goto('/profile?invite=parent');
    const dialog = page.getByRole('dialog', { name: 'Invite a parent' });
    await dialog.getByLabel("Parent's e-mail").fill(teacher.email!);
    await dialog.getByLabel("Parent's first name").fill('Not');
    await dialog.getByLabel("Parent's last name").fill('Parent');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('This e-mail address cannot be used for a parent at your school. Please ask your teacher for help.').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
