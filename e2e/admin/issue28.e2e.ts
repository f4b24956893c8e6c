import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enAuth from '../../packages/i18n/src/en/auth.json';
import esAuth from '../../packages/i18n/src/es/auth.json';
import enCommon from '../../packages/i18n/src/en/common.json';
import esCommon from '../../packages/i18n/src/es/common.json';
import { schoolWithAdmin, superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildSisDistrict, drain, useMemorySource } from '../../apps/server/src/modules/rostering/test-support.js';
import type { RosterPerson, RosterSnapshot } from '../../apps/server/src/modules/rostering/sources/types.js';
import { NEW_PASSWORD } from '../../apps/server/src/modules/auth/test-factories.js';
import { buildDistrict, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { signInThroughForm } from '../support/sign-in.js';
import { fill, shot } from './support.js';

// A stale held run, a rostered teacher who signs up, and where a school admin finds the
// roster upload and the invitations, in English (wide) and Spanish (360 px).

let h: Harness;
const source = useMemorySource();
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const LANGS = [
  { lang: 'en', locale: 'en-US', width: 1366, admin: enAdmin, auth: enAuth, common: enCommon },
  { lang: 'es', locale: 'es-ES', width: 360, admin: esAdmin, auth: esAuth, common: esCommon },
] as const;
const db = () => h.app.services.db;
/** The messages sent to `to`, once the queued mail jobs have run. */
const mailsTo = async (to: string) => {
  await h.app.services.jobs.runDue();
  return db().selectFrom('devOutbox').select(['subject', 'bodyText']).where('recipient', '=', to).execute();
};
const uid = () => Math.random().toString(36).slice(2, 8);
const textBefore = (text: string) => text.slice(0, text.indexOf('{{'));

/** A school of a teacher and 12 students; `without(n)` leaves the last n students out. */
function roster() {
  const p = uid();
  const school = `sch-${p}`;
  const person = (id: string, role: RosterPerson['role']): RosterPerson => ({
    sourceId: id,
    role,
    schoolSourceIds: [school],
    firstName: `F${id}`,
    lastName: `L${id}`,
    email: `${id}@e2e.example`,
  });
  const people = [person(`${p}-t`, 'teacher'), ...Array.from({ length: 12 }, (_, i) => person(`${p}-s${i}`, 'student'))];
  const snapshot: RosterSnapshot = { schools: [{ sourceId: school, name: `School ${p}` }], people, sections: [] };
  return { snapshot, without: (n: number): RosterSnapshot => ({ ...snapshot, people: people.slice(0, 13 - n) }) };
}

async function sync(districtId: string, cookie: string) {
  const res = await h.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie, body: {} });
  await drain(h.app);
  return (await h.call('GET', `/v1/super/roster-runs/${res.json.ResponseData.id}`, { cookie })).json.ResponseData as { id: string; status: string };
}

const unregistered = async (schoolId: string, role: 'teacher' | 'staff', firstName: string, lastName: string) => {
  const user = await buildUser(h.app, { schoolId, role, firstName, lastName });
  await db().updateTable('users').set({ passwordHash: null, emailVerifiedAt: null }).where('id', '=', user.id).execute();
  await db().updateTable('schoolMemberships').set({ rostered: true }).where('userId', '=', user.id).execute();
  return user;
};

describe('a held run overtaken by a newer one (super admin)', () => {
  for (const c of LANGS) {
    it(
      `shows the banner, the next nightly sync and the out-of-date run without Approve; the newer one is discarded (${c.lang}, ${c.width} px)`,
      { timeout: 120_000 },
      async () => {
        const a = c.admin.roster;
        const district = await buildSisDistrict(h.app);
        const { user, cookie } = await superAdmin(h.app);
        await db().updateTable('users').set({ language: c.lang }).where('id', '=', user.id).execute();
        const r = roster();
        source.full(r.snapshot);
        await sync(district.id, cookie);
        source.full(r.without(4));
        const older = await sync(district.id, cookie);
        const newer = await sync(district.id, cookie);
        const status = async (id: string) => (await db().selectFrom('rosterRuns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
        expect([await status(older.id), newer.status]).toEqual(['stale', 'held']);

        const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
        await h.signInAs(context, user.id);
        await page.goto(`/add-district?district=${district.id}`);
        await page.getByText(a.bannerHeld).waitFor();
        await page.getByText(textBefore(a.nextRun), { exact: false }).waitFor();
        await expectNoAxeViolations(page);
        await shot(page, `issue28-held-${c.lang}-${c.width}`);

        // The older run's report: out of date, nothing to approve.
        await page
          .getByRole('button', { name: new RegExp(textBefore(a.openRun)) })
          .nth(1)
          .click();
        const report = page.getByRole('dialog', { name: a.reportTitle });
        await report.getByText(a.staleIntro).waitFor();
        await expect.poll(() => report.getByRole('button', { name: a.approve }).count()).toBe(0);
        await expectNoAxeViolations(page);
        await report.getByRole('button', { name: c.admin.actions.close }).click();

        // The newer one is discarded after a confirmation: nothing applied.
        await page.getByRole('button', { name: a.discard, exact: true }).first().click();
        const confirm = page.getByRole('dialog', { name: a.discardTitle });
        await expectNoAxeViolations(page);
        await confirm.getByRole('button', { name: a.discard }).click();
        await page.getByText(a.discardedIntro).first().waitFor();
        await expect.poll(() => page.getByText(a.bannerHeld).count()).toBe(0);
        await expect.poll(() => status(newer.id)).toBe('discarded');
        const inactive = await db()
          .selectFrom('schoolMemberships as m')
          .innerJoin('schools as s', 's.id', 'm.schoolId')
          .select('m.userId')
          .where('s.districtId', '=', district.id)
          .where('m.status', '=', 'inactive')
          .execute();
        expect(inactive).toHaveLength(0);
        await context.close();
      },
    );
  }
});

describe('School analytics → Admin users (school admin)', () => {
  for (const c of LANGS) {
    it(`holds the roster upload, the family links and the invitations of unregistered teachers (${c.lang}, ${c.width} px)`, { timeout: 120_000 }, async () => {
      const a = c.admin;
      const { school, admin } = await schoolWithAdmin(h.app);
      await db().updateTable('users').set({ language: c.lang }).where('id', '=', admin.id).execute();
      const one = await unregistered(school.id, 'teacher', 'Rosa', 'Roster');
      const two = await unregistered(school.id, 'teacher', 'Raúl', 'Roster');
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/admin');
      await page.getByRole('tab', { name: a.dashboard.views.users }).click();
      await page.getByRole('heading', { name: a.roster.schoolUploadTitle, exact: true }).waitFor();
      await page.getByRole('heading', { name: a.familyLinks.title, exact: true }).waitFor();
      await expect.poll(() => page.getByText(a.users.notRegistered, { exact: true }).count()).toBeGreaterThanOrEqual(2);
      await expectNoAxeViolations(page);
      await shot(page, `issue28-users-${c.lang}-${c.width}`);

      // One by one, after a confirmation.
      await page.getByRole('button', { name: fill(a.users.inviteFor, { name: 'Rosa Roster' }) }).click();
      const dialog = page.getByRole('dialog', { name: a.users.confirm.invite.title });
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: a.users.confirm.invite.ok }).click();
      await page.getByText(fill(a.users.invited_one, { count: 1 })).waitFor();
      await expect.poll(async () => (await mailsTo(one.email!)).length).toBe(1);

      // Everyone still unregistered at once: Rosa's new invitation is a minute old at least, Raúl's is new.
      h.clock.set(new Date(Date.now() + 120_000));
      await page.getByRole('button', { name: fill(a.users.inviteAll_other, { count: 2 }) }).click();
      await page.getByRole('dialog', { name: a.users.confirm.inviteAll.title }).getByRole('button', { name: a.users.confirm.inviteAll.ok }).click();
      await page.getByText(fill(a.users.invited_other, { count: 2 })).waitFor();
      await expect.poll(async () => (await mailsTo(two.email!)).length).toBe(1);
      h.clock.set(new Date());
      await context.close();
    });
  }
});

/** Picks the district and school on the teacher sign-up form. */
async function pickSchool(page: Page, district: string, school: string) {
  await page.getByTestId('district-input').fill(district);
  await page.getByRole('option', { name: district }).click();
  await page.getByTestId('school-input').click();
  await page.getByRole('option', { name: school }).click();
}

describe('a rostered teacher signs up', () => {
  for (const c of LANGS) {
    it(
      `is told to look at the e-mail, chooses the password by its link, and signs in to the rostered account (${c.lang}, ${c.width} px)`,
      { timeout: 120_000 },
      async () => {
        const au = c.auth;
        const district = await buildDistrict(h.app, { name: `Rostered ${uid()}`, paid: true });
        const school = await buildSchool(h.app, { districtId: district.id, name: `Roster School ${uid()}` });
        const teacher = await unregistered(school.id, 'teacher', 'Tere', 'Rostered');
        const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
        await page.goto('/signup');
        await page.getByRole('button', { name: new RegExp(au.signUp.withEmail) }).click();
        await page.getByRole('button', { name: new RegExp(au.signUp.teacher) }).click();
        await pickSchool(page, district.name, school.name);
        await page.getByLabel(au.signUp.firstName, { exact: false }).first().fill('Tere');
        await page.getByLabel(au.signUp.lastName).fill('Rostered');
        await page.getByLabel(au.signUp.email).fill(teacher.email!);
        await page.locator('input[autocomplete="new-password"]').nth(0).fill('Typed-by-anyone-1!');
        await page.locator('input[autocomplete="new-password"]').nth(1).fill('Typed-by-anyone-1!');
        await page.getByTestId('accept-terms').check();
        await page.getByRole('button', { name: au.signUp.submit }).click();
        await page.getByTestId('signup-result').getByText(au.messages.SIGNUP_SUCCESS).waitFor();
        await expectNoAxeViolations(page);

        await expect.poll(async () => (await mailsTo(teacher.email!)).length).toBe(1);
        const [mail] = await mailsTo(teacher.email!);
        expect(mail!.subject).toBe(au.mail.signupRostered.subject);
        const link = /(\/reset-link#[A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
        await page.goto(link);
        await page.getByRole('heading', { name: au.resetLink.title }).waitFor();
        await page.getByLabel(au.newPassword.newPassword, { exact: true }).fill(NEW_PASSWORD);
        await page.getByLabel(au.newPassword.confirm, { exact: true }).fill(NEW_PASSWORD);
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: au.resetLink.submit }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await signInThroughForm(page, teacher.email!, NEW_PASSWORD);
        await expect.poll(() => page.getByTestId('school-name').textContent()).toBe(school.name);
        await context.close();
      },
    );
  }
});

describe('a founder waiting for approval', () => {
  for (const c of LANGS) {
    it(`is told High5's administrator approves her, not "your school's administrator" (she is that one) (${c.lang}, ${c.width} px)`, async () => {
      const district = await buildDistrict(h.app, { paid: true });
      const school = await buildSchool(h.app, { districtId: district.id });
      const founder = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true, status: 'pending', language: c.lang });
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, founder.id, school.id);
      await page.goto('/dashboard');
      await page.getByText(c.common.shell.pendingApprovalFounder).waitFor();
      await expect.poll(() => page.getByText(c.common.shell.pendingApproval).count()).toBe(0);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});

describe('the pickers speak Spanish', () => {
  it('the list button of a picker says "Abrir", not "Open" (es, 360 px)', async () => {
    const district = await buildSisDistrict(h.app);
    const { user } = await superAdmin(h.app);
    // The screens speak the account's language, whatever the browser's.
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 900 });
    await h.signInAs(context, user.id);
    await page.goto(`/add-district?district=${district.id}`);
    const settings = page.getByRole('region', { name: esAdmin.roster.settingsTitle });
    await settings.getByRole('button', { name: 'Abrir', exact: true }).first().waitFor();
    await expect.poll(() => settings.getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
