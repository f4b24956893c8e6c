import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDistrict, buildSchool, buildUser, linkParent } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const db = () => h.app.services.db;

const cases = [
  {
    locale: 'en-US',
    width: 1366,
    lang: 'en',
    t: {
      invite: 'Invite a parent',
      email: "Parent's e-mail",
      first: "Parent's first name",
      last: "Parent's last name",
      send: 'Send invitation',
      requested: /already has a High5 account/,
      requestsTitle: 'Family requests',
      accept: 'Accept',
      accepted: /You are now .* parent on High5/,
      empty: 'No student is waiting for your answer.',
      links: 'Family links',
      notAccepted: 'Not accepted yet',
      remove: 'Remove',
      removed: /removed/,
      pending: 'Waiting for approval',
      noAdmin: 'School has no admin',
      approve: 'Approve',
      approveSchool: 'Approve school',
      cancel: 'Cancel',
      none: 'Nothing is waiting for approval.',
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
      requested: /ya tiene una cuenta de High5/,
      requestsTitle: 'Solicitudes familiares',
      accept: 'Aceptar',
      accepted: /Ahora eres el padre o la madre/,
      empty: 'Ningún estudiante espera tu respuesta.',
      links: 'Vínculos familiares',
      notAccepted: 'Sin aceptar',
      remove: 'Quitar',
      removed: /Se quitó el vínculo/,
      pending: 'Pendiente de aprobación',
      noAdmin: 'Escuela sin administración',
      approve: 'Aprobar',
      approveSchool: 'Aprobar escuela',
      cancel: 'Cancelar',
      none: 'No hay nada pendiente de aprobación.',
    },
  },
] as const;

describe('family links need consent', () => {
  for (const c of cases) {
    it(`a student asks an existing account, which accepts on /family-requests (${c.lang}, ${c.width} px)`, async () => {
      const school = await buildSchool(h.app, { name: `Cedar ${c.lang}` });
      const student = await buildUser(h.app, { role: 'student', schoolId: school.id, firstName: 'Mia', lastName: `Consent${c.lang}`, language: c.lang });
      const adult = await buildUser(h.app, { role: 'teacher', firstName: 'Rosa', lastName: 'Elsewhere', language: c.lang });
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width });
      await h.signInAs(context, student.id);
      await page.goto('/profile?invite=parent');
      const dialog = page.getByRole('dialog', { name: c.t.invite });
      await dialog.getByLabel(c.t.email).fill(adult.email!);
      await dialog.getByLabel(c.t.first).fill('Rosa');
      await dialog.getByLabel(c.t.last).fill('Elsewhere');
      await dialog.getByRole('button', { name: c.t.send }).click();
      await page.getByText(c.t.requested).waitFor();
      await context.close();
      // Nothing is linked until the account answers.
      expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', adult.id).execute()).toEqual([]);

      const other = await h.newPage({ locale: c.locale, width: c.width });
      await h.signInAs(other.context, adult.id);
      await other.page.goto('/family-requests');
      await other.page.getByRole('heading', { name: c.t.requestsTitle, level: 1 }).waitFor();
      await other.page.getByText(`Mia Consent${c.lang}`).waitFor();
      await expectNoAxeViolations(other.page);
      await shot(other.page, `family-requests-${c.lang}-${c.width}`);
      await other.page.getByRole('button', { name: c.t.accept }).click();
      await other.page.getByText(c.t.accepted).waitFor();
      await other.page.getByText(c.t.empty).waitFor();
      await expect
        .poll(async () => (await db().selectFrom('parentLinks').select('studentId').where('parentId', '=', adult.id).execute()).map((r) => r.studentId))
        .toEqual([student.id]);
      await other.context.close();
    });

    it(`the school admin sees and removes family links (${c.lang}, ${c.width} px)`, async () => {
      const school = await buildSchool(h.app);
      const admin = await buildUser(h.app, { role: 'teacher', schoolId: school.id, isAdmin: true, language: c.lang });
      const student = await buildUser(h.app, { role: 'student', schoolId: school.id, firstName: 'Leo', lastName: 'Linked' });
      const parent = await buildUser(h.app, { role: 'parent', schoolId: school.id, firstName: 'Paz', lastName: 'Parent' });
      const asked = await buildUser(h.app, { role: 'teacher', firstName: 'Quinn', lastName: 'Asked' });
      await linkParent(h.app, parent.id, student.id);
      await db().insertInto('parentLinkRequests').values({ schoolId: school.id, parentId: asked.id, studentId: student.id }).execute();
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width });
      await h.signInAs(context, admin.id);
      await page.goto('/admin-users');
      const section = page.getByRole('region', { name: c.t.links });
      await section.getByText('Quinn Asked').waitFor();
      await section.getByText(c.t.notAccepted, { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `family-links-admin-${c.lang}-${c.width}`);
      await section.getByRole('button', { name: /Paz Parent/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.t.remove }).click();
      await page.getByText(c.t.removed).waitFor();
      await section.getByText('Paz Parent').waitFor({ state: 'detached' });
      expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', parent.id).execute()).toEqual([]);
      await context.close();
    });

    it(`the super admin sees and approves a founder stranded in a paid district and a school waiting (${c.lang}, ${c.width} px)`, async () => {
      const superAdmin = await buildUser(h.app, { isSuperAdmin: true, language: c.lang });
      const paid = await buildDistrict(h.app, { paid: true, name: `Aeries ${c.lang} ${Date.now()}` });
      const school = await buildSchool(h.app, { districtId: paid.id, name: `Stranded ${c.lang}` });
      await db().updateTable('schools').set({ approved: false }).where('id', '=', school.id).execute();
      const founder = await buildUser(h.app, {
        role: 'teacher',
        schoolId: school.id,
        isAdmin: true,
        status: 'pending',
        firstName: 'Fay',
        lastName: `Founder${c.lang}`,
      });
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width });
      await h.signInAs(context, superAdmin.id);
      await page.goto('/make-admin');
      const section = page.getByRole('region', { name: c.t.pending });
      await section.getByText(`Fay Founder${c.lang}`).waitFor();
      await section.getByText(c.t.noAdmin).first().waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `super-pending-${c.lang}-${c.width}`);
      const person = section.getByRole('listitem').filter({ hasText: `Fay Founder${c.lang}` });
      await person.getByRole('button', { name: c.t.approve, exact: true }).click();
      // Each decision asks first; cancelling changes nothing.
      await page.getByRole('dialog').getByRole('button', { name: c.t.approve, exact: true }).click();
      await person.waitFor({ state: 'detached' });
      const schoolRow = section.getByRole('listitem').filter({ hasText: `Stranded ${c.lang}` });
      await schoolRow.getByRole('button', { name: c.t.approveSchool }).click();
      const confirm = page.getByRole('dialog');
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: c.t.cancel }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await db().selectFrom('schools').select('approved').where('id', '=', school.id).executeTakeFirstOrThrow()).toEqual({ approved: false });
      await schoolRow.getByRole('button', { name: c.t.approveSchool }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.t.approveSchool }).click();
      await schoolRow.waitFor({ state: 'detached' });
      expect(await db().selectFrom('schoolMemberships').select(['status', 'isAdmin']).where('userId', '=', founder.id).executeTakeFirstOrThrow()).toEqual({
        status: 'active',
        isAdmin: true,
      });
      expect(await db().selectFrom('schools').select('approved').where('id', '=', school.id).executeTakeFirstOrThrow()).toEqual({ approved: true });
      await context.close();
    });
  }
});
