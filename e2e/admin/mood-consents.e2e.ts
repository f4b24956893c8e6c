import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildUser, linkParent, sessionFor } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';

// Forged parental consent (docs/decisions/0540): a parent a student invited sees the
// consent but cannot answer until the school admin confirms the link; the admin sees who answered.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

/** A school that requires consent, a student, and a "parent" the student invited, who answered before the rule. */
async function family(language: 'en' | 'es' = 'en') {
  const { school, admin } = await schoolWithAdmin(h.app);
  const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Sly', lastName: 'Kid' });
  const parent = await buildUser(h.app, { schoolId: school.id, role: 'parent', firstName: 'Mom', lastName: 'Kid' });
  await linkParent(h.app, parent.id, student.id, { confirmed: false });
  const res = await h.call('PATCH', '/v1/admin/alerts/settings', { cookie: await sessionFor(h.app, admin.id), body: { requireMoodConsent: true } });
  expect(res.status).toBe(200);
  await h.app.services.db.insertInto('moodConsents').values({ studentId: student.id, status: 'given', changedBy: parent.id, changedAt: new Date() }).execute();
  // Signed in, the screens speak the account's language.
  await h.app.services.db.updateTable('users').set({ language }).where('id', 'in', [admin.id, parent.id]).execute();
  return { school, admin, student, parent };
}

describe('mood consent from a parent the school knows', () => {
  it('the unconfirmed parent cannot answer; the admin sees who gave the answer, confirms the link, and then it counts (English)', async () => {
    const f = await family();
    const parentPage = await h.newPage({ locale: 'en-US' });
    await h.signInAs(parentPage.context, f.parent.id, f.school.id);
    await parentPage.page.goto('/mystudent');
    await parentPage.page
      .getByTestId('mood-consent-unconfirmed')
      .getByText("Your school has not confirmed you as Sly Kid's parent yet", { exact: false })
      .waitFor();
    await expect.poll(() => parentPage.page.getByRole('button', { name: 'Give permission: Sly Kid' }).isDisabled()).toBe(true);
    await parentPage.page.getByText('No answer yet').waitFor();
    await expectNoAxeViolations(parentPage.page);

    const { context, page } = await h.newPage({ locale: 'en-US' });
    await h.signInAs(context, f.admin.id, f.school.id);
    await page.goto('/admin-users');
    const consents = page.getByRole('region', { name: 'Mood check-in consents' });
    const row = consents.getByRole('row', { name: /Sly Kid/ });
    await row.getByText('Mom Kid').waitFor();
    await row.getByText('Does not count: parent not confirmed').waitFor();
    const links = page.getByRole('region', { name: 'Family links' });
    await links.getByText('Not confirmed', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await links.getByRole('button', { name: "Confirm Mom Kid as Sly Kid's parent" }).click();
    await page.getByText("Mom Kid is confirmed as Sly Kid's parent.").waitFor();
    await row.getByText('Counts', { exact: true }).waitFor();
    await expect.poll(() => links.getByText('Not confirmed', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();

    // The parent may now answer, and the earlier answer is theirs.
    await parentPage.page.reload();
    await parentPage.page.getByText('Permission given').waitFor();
    await parentPage.page.getByRole('button', { name: 'Refuse permission: Sly Kid' }).click();
    await parentPage.page.getByText('Permission refused').waitFor();
    await expect.poll(() => parentPage.page.getByTestId('mood-consent-unconfirmed').count()).toBe(0);
    await parentPage.context.close();
  });

  it('the same in Spanish on a 360 px screen, confirming by keyboard', async () => {
    const f = await family('es');
    const parentPage = await h.newPage({ locale: 'es-ES', width: 360 });
    await h.signInAs(parentPage.context, f.parent.id, f.school.id);
    await parentPage.page.goto('/mystudent');
    await parentPage.page.getByTestId('mood-consent-unconfirmed').getByText('Tu escuela aún no ha confirmado', { exact: false }).waitFor();
    await expectNoAxeViolations(parentPage.page);
    await parentPage.context.close();

    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await h.signInAs(context, f.admin.id, f.school.id);
    await page.goto('/admin-users');
    const consents = page.getByRole('region', { name: 'Consentimientos para el registro de ánimo' });
    await consents.getByText('No cuenta: sin confirmar').waitFor();
    await consents.getByText('Mom Kid').first().waitFor();
    await expectNoAxeViolations(page);
    const confirm = page.getByRole('button', { name: 'Confirmar a Mom Kid como madre, padre o tutor de Sly Kid' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Mom Kid está confirmado como madre, padre o tutor de Sly Kid.').waitFor();
    await expect.poll(() => consents.getByText('No cuenta: sin confirmar').count()).toBe(0);
    await expectNoAxeViolations(page);
    const link = await h.app.services.db
      .selectFrom('parentLinks')
      .select(['confirmedAt', 'confirmedBy'])
      .where('parentId', '=', f.parent.id)
      .executeTakeFirstOrThrow();
    expect(link.confirmedBy).toBe(f.admin.id);
    await context.close();
  });
});
