import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enClassroom from '../../packages/i18n/src/en/classroom.json';
import enErrors from '../../packages/i18n/src/en/errors.json';
import esErrors from '../../packages/i18n/src/es/errors.json';
import esClassroom from '../../packages/i18n/src/es/classroom.json';
import enProfile from '../../packages/i18n/src/en/profile.json';
import esProfile from '../../packages/i18n/src/es/profile.json';
import { superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { drain } from '../../apps/server/src/modules/rostering/test-support.js';
import { startAeriesFake, type AeriesFake } from '../../apps/server/src/test/fakes/aeries-server.js';
import { cloneDistrict, loadSampleDistrict, type SampleDistrict } from '../../apps/server/src/test/fakes/sample-district.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { fill } from './support.js';
import { shot } from '../support/shot.js';

// A super admin adds an Aeries district pointing at the local Aeries fake, tests the
// connection, previews a sync in test mode, turns test mode off, syncs, and the roster is there:
// a class with its students, the SIS flags in the student detail dialog, and the unregistered
// rostered students offered for invitation in the admin's student list.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const rosterShot = (page: Page, name: string) => shot(page, `roster-${name}`);

/**
 * One school and one of its sections from the sample district (with an English learner in it),
 * its teachers and students; e-mails get a `tag` so each language's district has its own people.
 */
function oneSection(tag: string) {
  const sample = cloneDistrict(loadSampleDistrict());
  const ell = new Set(sample.students.filter((s) => s.ell).map((s) => s.id));
  const section = sample.sections.find((s) => {
    const ids = sample.enrollments.filter((e) => e.sectionId === s.id).map((e) => e.studentId);
    return s.teacherIds.length === 1 && ids.length >= 5 && ids.length <= 30 && ids.some((id) => ell.has(id));
  })!;
  const enrolled = new Set(sample.enrollments.filter((e) => e.sectionId === section.id).map((e) => e.studentId));
  const retag = (email: string) => (email ? email.replace('@', `+${tag}@`) : email);
  const district: SampleDistrict = {
    // Each run's people have their own addresses: one in the other run's district is out of its reach (decision 0501).
    schools: sample.schools.filter((s) => s.id === section.schoolId).map((s) => ({ ...s, principalEmail: retag(s.principalEmail) })),
    sections: [section],
    teachers: sample.teachers.filter((t) => section.teacherIds.includes(t.id)).map((t) => ({ ...t, email: retag(t.email) })),
    students: sample.students.filter((s) => enrolled.has(s.id)).map((s) => ({ ...s, email: retag(s.email) })),
    enrollments: sample.enrollments.filter((e) => e.sectionId === section.id),
  };
  const learner = district.students.find((s) => s.ell)!;
  return { district, teacher: district.teachers[0]!, learner };
}

const CATALOGS = {
  en: { admin: enAdmin, classroom: enClassroom, profile: enProfile, errors: enErrors, locale: 'en-US' as const },
  es: { admin: esAdmin, classroom: esClassroom, profile: esProfile, errors: esErrors, locale: 'es-ES' as const },
};

describe('super admin: an Aeries district fills its school from the SIS', () => {
  for (const [lang, width] of [
    ['en', 1366],
    ['es', 360],
  ] as const) {
    it(
      `adds the district, tests, previews, applies, and the roster is in the class, the dialog and the student list (${lang}, ${width} px)`,
      { timeout: 240_000 },
      async () => {
        const c = CATALOGS[lang];
        const a = c.admin;
        const { district, teacher, learner } = oneSection(lang);
        const fake: AeriesFake = await startAeriesFake({ district });
        try {
          const { user } = await superAdmin(h.app);
          await h.app.services.db.updateTable('users').set({ language: lang }).where('id', '=', user.id).execute();
          const { context, page } = await h.newPage({ locale: c.locale, width, height: 900 });
          await h.signInAs(context, user.id);
          await page.goto('/add-district');

          // Add the district: Aeries, a mistyped certificate and the fake's address; test mode is on by default.
          const name = `Aeries ${lang} ${Date.now()}`;
          await page.getByRole('radio', { name: a.district.aeries }).check();
          const form = page.getByRole('form', { name: a.district.aeries });
          await form.getByRole('textbox', { name: a.district.name }).fill(name);
          await form.getByRole('textbox', { name: a.district.certificate }).fill(`${fake.certificate}x`);
          await form.getByRole('textbox', { name: a.district.baseUrl }).fill(fake.baseUrl);
          await expect.poll(() => form.getByRole('switch', { name: a.district.testMode }).isChecked()).toBe(true);
          await form.getByRole('button', { name: a.district.add }).click();
          await page.getByText(fill(a.district.success, { name })).waitFor();

          // Its roster page, from the district list.
          await page.getByRole('link', { name: fill(a.roster.openFor, { name }) }).click();
          await page.getByRole('heading', { level: 1, name: fill(a.roster.title, { name }) }).waitFor();
          await page.getByText(a.roster.testModeOn).waitFor();

          // Test connection: Aeries refuses the certificate, said in the user's language.
          await page.getByRole('button', { name: a.roster.testConnection }).click();
          await page.getByRole('status').getByText(c.errors.roster.roster_auth_failed).waitFor();

          // The district editor takes the right certificate (by keyboard), then the SIS describes itself.
          await page.getByRole('link', { name: a.roster.back }).click();
          await page.getByRole('button', { name: fill(a.districtEdit.editFor, { name }) }).click();
          let editor = page.getByRole('dialog', { name: fill(a.districtEdit.title, { name }) });
          await editor.getByRole('textbox', { name: a.districtEdit.newCertificate }).fill(fake.certificate);
          await editor.getByRole('button', { name: a.actions.save }).click();
          await page.getByText(fill(a.districtEdit.saved, { name })).waitFor();
          await page.getByRole('button', { name: fill(a.districtEdit.editFor, { name }) }).click();
          editor = page.getByRole('dialog', { name: fill(a.districtEdit.title, { name }) });
          await editor.getByRole('button', { name: a.roster.testConnection }).focus();
          await page.keyboard.press('Enter');
          await editor.getByText(fill(a.roster.connectionOk, { description: 'Aeries 10.25.5.6, 2015-2016, 1 schools' })).waitFor();
          await expectNoAxeViolations(page);
          await rosterShot(page, `editor-${lang}-${width}`);
          await page.keyboard.press('Escape');
          await page.getByRole('link', { name: fill(a.roster.openFor, { name }) }).click();
          await page.getByRole('heading', { level: 1, name: fill(a.roster.title, { name }) }).waitFor();

          // Sync now in test mode: a progress bar while it waits, then the preview.
          h.clock.set(new Date()); // each run its own time: the report lists the newest first
          // By keyboard: the focus stays on the button while the run works and after it (aria-disabled, not disabled).
          const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null);
          await page.getByRole('button', { name: a.roster.syncNow }).focus();
          await page.keyboard.press('Enter');
          await page.getByRole('progressbar', { name: a.roster.progressLabel }).waitFor();
          await expect.poll(() => page.getByRole('button', { name: a.roster.syncNow }).getAttribute('aria-disabled')).toBe('true');
          expect(await focused()).toBe(a.roster.syncNow);
          await drain(h.app);
          await page.getByText(a.roster.previewIntro).waitFor({ timeout: 20_000 });
          await expect.poll(focused).toBe(a.roster.syncNow);
          await rosterShot(page, `preview-${lang}-${width}`);
          // Students, teachers and each school's principal (Aeries staff).
          const people = district.students.length + district.teachers.length + district.schools.length;
          await page.getByText(fill(a.roster.wouldCreate_other, { count: people })).waitFor();
          await page.getByText(`${learner.lastName}, ${learner.firstName}`).first().waitFor();
          // Every English learner arriving is named with the flag set; the read says which flags it carries.
          const learners = district.students.filter((s) => s.ell).length;
          await page.getByText(fill(learners === 1 ? a.roster.wouldFlagChangesTitle_one : a.roster.wouldFlagChangesTitle_other, { count: learners })).waitFor();
          await expect.poll(() => page.getByText(fill(a.roster.flagSet, { flag: a.roster.flag.englishLearner }), { exact: true }).count()).toBe(learners);
          await page
            .getByText(fill(a.roster.carriesFlags, { flags: [a.roster.flag.iep, a.roster.flag.plan504, a.roster.flag.englishLearner].join(', ') }))
            .waitFor();
          await expectNoAxeViolations(page);
          await rosterShot(page, `preview-${lang}-${width}`);
          const db = h.app.services.db;
          const districtRow = await db.selectFrom('districts').select('id').where('name', '=', name).executeTakeFirstOrThrow();
          expect(await db.selectFrom('schools').select('id').where('districtId', '=', districtRow.id).execute()).toHaveLength(0);

          // The OneRoster flag columns: a name without metadata. is refused in the user's language.
          const ellColumn = page.getByRole('textbox', { name: a.roster.flagColumn.englishLearner });
          await ellColumn.fill('ell');
          await page.getByText(a.roster.flagColumnInvalid).waitFor();
          await ellColumn.fill('metadata.ell');
          await expect.poll(() => page.getByText(a.roster.flagColumnInvalid).count()).toBe(0);

          // Test mode off, then sync: the school is filled.
          await page.getByRole('switch', { name: a.roster.testMode }).uncheck();
          await page.getByRole('form', { name: a.roster.settingsTitle }).getByRole('button', { name: a.actions.save }).click();
          await page.getByText(a.roster.settingsSaved).waitFor();
          await page.getByText(a.roster.testModeOff).waitFor();
          await expect
            .poll(
              async () =>
                (await db.selectFrom('districts').select('onerosterElColumn').where('id', '=', districtRow.id).executeTakeFirstOrThrow()).onerosterElColumn,
            )
            .toBe('metadata.ell');
          h.clock.set(new Date()); // each run its own time: the report lists the newest first
          await page.getByRole('button', { name: a.roster.syncNow }).click();
          await page.getByRole('progressbar', { name: a.roster.progressLabel }).waitFor();
          await drain(h.app);
          await page.getByText(fill(a.roster.headline, { added: people, changed: 0, removed: 0 })).waitFor({ timeout: 20_000 });
          await page.getByText(fill(a.roster.createdList_other, { count: people })).waitFor();
          await expectNoAxeViolations(page);
          await rosterShot(page, `applied-${lang}-${width}`);
          if (width > 1000) {
            await page.setViewportSize({ width: 1920, height: 1080 });
            await rosterShot(page, `applied-${lang}-1920`);
            await page.setViewportSize({ width, height: 900 });
          }

          // The teacher's class holds the section's students; the learner's flag came from the SIS.
          const teacherUser = await db.selectFrom('users').select('id').where('email', '=', teacher.email.toLowerCase()).executeTakeFirstOrThrow();
          await db.updateTable('users').set({ language: lang }).where('id', '=', teacherUser.id).execute();
          const other = await h.newPage({ locale: c.locale, width, height: 900 });
          const tp = other.page;
          await h.signInAs(other.context, teacherUser.id);
          await tp.goto('/teacher-classes');
          // The teacher's one class (the section) holds every student the SIS enrols in it.
          const learnerName = `${learner.firstName} ${learner.lastName}`;
          // Each student's name opens their profile (a table row wide, a card on a phone).
          const profileOf = (name: string) => fill(c.classroom.classes.openProfile, { name });
          await expect
            .poll(() => tp.getByRole('button', { name: new RegExp(`^${profileOf('')}`) }).count(), { timeout: 20_000 })
            .toBe(district.students.length);
          await tp.getByRole('button', { name: profileOf(learnerName) }).click({ timeout: 20_000 });
          const dialog = tp.getByRole('dialog', { name: c.profile.studentDetail.title });
          await dialog.getByText(`${c.profile.studentDetail.language}: ${c.profile.studentDetail.yes}`).waitFor();
          await expectNoAxeViolations(tp);
          await shot(tp, `student-detail-${lang}-${width}`);
          await tp.keyboard.press('Escape');

          // As the school's admin: the rostered students are not registered yet and can be invited.
          await db.updateTable('schoolMemberships').set({ isAdmin: true }).where('userId', '=', teacherUser.id).execute();
          await tp.goto('/student-list');
          const select = tp.getByRole('checkbox', { name: fill(c.classroom.studentList.selectStudent, { name: learnerName }) });
          await select.check({ timeout: 20_000 });
          await tp.getByRole('button', { name: fill(c.classroom.studentList.inviteSelected_one, { count: 1 }) }).waitFor();
          await expect.poll(() => tp.getByText(c.classroom.classes.notRegistered).count()).toBeGreaterThan(0);
          await expectNoAxeViolations(tp);
          await shot(tp, `student-list-${lang}-${width}`);

          // The school admin's own OneRoster upload is on their user management page.
          await tp.goto('/admin-users');
          await tp.getByRole('heading', { name: a.roster.schoolUploadTitle, exact: true }).waitFor();
          await tp.getByRole('button', { name: a.roster.upload }).waitFor();
          await expectNoAxeViolations(tp);
          await shot(tp, `school-upload-${lang}-${width}`);
        } finally {
          // The pages stay open for the failure screenshot; the harness closes the browser.
          await fake.close();
        }
      },
    );
  }
});
