import { randomUUID } from 'node:crypto';
import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ONEROSTER_UPLOAD_MAX_BYTES } from '@high5/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import enErrors from '../../packages/i18n/src/en/errors.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import esErrors from '../../packages/i18n/src/es/errors.json';
import { schoolWithAdmin, superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { drain, oneRosterZip, type OneRosterTables } from '../../apps/server/src/modules/rostering/test-support.js';
import { buildDistrict } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { fill, shot } from './support.js';

// A OneRoster 1.1 CSV zip uploaded through the screens, by the super admin for a district
// and by a school admin for their own school: a preview in test mode, then applied, then a delta
// with `tobedeleted`, and a malformed zip that says what is wrong and changes nothing.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date()); // sessions and runs on the same clock
});
afterAll(() => h?.close());

const CATALOGS = {
  en: { admin: enAdmin, errors: enErrors, locale: 'en-US' as const },
  es: { admin: esAdmin, errors: esErrors, locale: 'es-ES' as const },
};

/** One school, a teacher and twelve students in one class (one leaving stays under the 10 % hold); names carry `tag` so each test finds its own. */
function district(tag: string) {
  const org = `org-${tag}-${randomUUID().slice(0, 6)}`;
  const students = ['Ana', 'Bea', 'Carlos', 'Dani', 'Eva', 'Fede', 'Gala', 'Hugo', 'Inés', 'Jorge', 'Lola', 'Mario'].map((first, i) => ({
    sourcedId: `${org}-s${i}`,
    orgSourcedIds: org,
    role: 'student',
    givenName: first,
    familyName: `Ruiz${tag}`,
    email: `${org}-s${i}@or.example`,
    grades: '05',
  }));
  const teacher = { sourcedId: `${org}-t`, orgSourcedIds: org, role: 'teacher', givenName: 'Tomás', familyName: `Lee${tag}`, email: `${org}-t@or.example` };
  const bulk: OneRosterTables = {
    orgs: [{ sourcedId: org, name: `OneRoster ${tag}`, type: 'school' }],
    users: [teacher, ...students],
    classes: [{ sourcedId: `${org}-c`, title: 'Science 5', schoolSourcedId: org }],
    enrollments: [
      { sourcedId: `${org}-et`, classSourcedId: `${org}-c`, schoolSourcedId: org, userSourcedId: teacher.sourcedId, role: 'teacher', primary: 'true' },
      ...students.map((s) => ({
        sourcedId: `e-${s.sourcedId}`,
        classSourcedId: `${org}-c`,
        schoolSourcedId: org,
        userSourcedId: s.sourcedId,
        role: 'student',
      })),
    ],
  };
  // The delta: one new student enrolled, the first student leaves the school (tobedeleted).
  const newcomer = {
    sourcedId: `${org}-new`,
    orgSourcedIds: org,
    role: 'student',
    givenName: 'Nora',
    familyName: `Nueva${tag}`,
    email: `${org}-new@or.example`,
    grades: 'KG',
  };
  const delta: OneRosterTables = {
    orgs: [],
    users: [newcomer, { ...students[0]!, status: 'tobedeleted' }],
    classes: [],
    enrollments: [
      { sourcedId: `e-${newcomer.sourcedId}`, classSourcedId: `${org}-c`, schoolSourcedId: org, userSourcedId: newcomer.sourcedId, role: 'student' },
      {
        sourcedId: `e-${students[0]!.sourcedId}`,
        status: 'tobedeleted',
        classSourcedId: `${org}-c`,
        schoolSourcedId: org,
        userSourcedId: students[0]!.sourcedId,
        role: 'student',
      },
    ],
  };
  const name = (p: { givenName: string; familyName: string }) => `${p.givenName} ${p.familyName}`;
  return { org, bulk, delta, teacher, students, newcomer, name, people: students.length + 1 };
}

/** Picks the zip in the upload form, sends it, and runs the queued job; the report then shows it. */
async function upload(page: Page, a: typeof enAdmin, zip: Buffer, file = 'roster.zip') {
  h.clock.set(new Date()); // each run its own time: the report lists the newest first
  await page.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'application/zip', buffer: zip });
  // The run is queued once the upload answers; only then is there a job to run.
  const answered = page.waitForResponse((r) => r.url().includes('/roster/upload') && r.request().method() === 'POST');
  await page.getByRole('button', { name: a.roster.upload, exact: true }).click();
  expect((await answered).status()).toBe(200);
  await drain(h.app);
}

/** Active students of the school that holds the org (none when the school does not exist). */
async function activeStudents(org: string) {
  const rows = await h.app.services.db
    .selectFrom('schoolMemberships as m')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select('m.userId')
    .where('s.sourceId', '=', org)
    .where('m.role', '=', 'student')
    .where('m.status', '=', 'active')
    .execute();
  return rows.length;
}

/** Both widths of one screen state, for a look by eye (SCREENSHOTS_DIR). */
async function shots(page: Page, name: string, width: number) {
  await shot(page, `${name}-${width}`);
  const other = width > 1000 ? 360 : 1366;
  await page.setViewportSize({ width: other, height: 900 });
  await shot(page, `${name}-${other}`);
  await page.setViewportSize({ width, height: 900 });
}

describe('OneRoster upload through the screens', () => {
  for (const [lang, width] of [
    ['en', 1366],
    ['es', 360],
  ] as const) {
    it(`the super admin previews, applies, sends a delta and is told what is wrong with a bad zip (${lang}, ${width} px)`, { timeout: 180_000 }, async () => {
      const { admin: a, errors, locale } = CATALOGS[lang];
      const d = district(`sa${lang}`);
      const row = await buildDistrict(h.app, { name: `OneRoster district ${lang} ${Date.now()}` });
      const { user } = await superAdmin(h.app);
      await h.app.services.db.updateTable('users').set({ language: lang }).where('id', '=', user.id).execute();
      const { context, page } = await h.newPage({ locale, width, height: 900 });
      await h.signInAs(context, user.id);
      await page.goto(`/add-district?district=${row.id}`);
      await page.getByRole('heading', { level: 1, name: fill(a.roster.title, { name: row.name }) }).waitFor();
      await page.getByText(a.roster.testModeOn).waitFor();

      // Test mode (on by default): the report shows what the file would do, and nothing is written.
      await upload(page, a, oneRosterZip(d.bulk));
      await page.getByText(a.roster.previewIntro).waitFor({ timeout: 20_000 });
      await page.getByText(fill(a.roster.headline, { added: d.people, changed: 0, removed: 0 })).waitFor();
      await page.getByText(fill(a.roster.wouldCreate_other, { count: d.people })).waitFor();
      await page
        .getByRole('list', { name: fill(a.roster.wouldCreate_other, { count: d.people }) })
        .getByText(`${d.students[2]!.familyName}, ${d.students[2]!.givenName}`)
        .waitFor();
      expect(await h.app.services.db.selectFrom('schools').select('id').where('districtId', '=', row.id).execute()).toHaveLength(0);
      await expectNoAxeViolations(page);
      await shots(page, `oneroster-preview-${lang}`, width);

      // Test mode off: the same file fills the school.
      await page.getByRole('switch', { name: a.roster.testMode }).uncheck();
      await page.getByRole('form', { name: a.roster.settingsTitle }).getByRole('button', { name: a.actions.save }).click();
      await page.getByText(a.roster.settingsSaved).waitFor();
      await page.getByText(a.roster.testModeOff).waitFor();
      await upload(page, a, oneRosterZip(d.bulk));
      await page.getByText(fill(a.roster.createdList_other, { count: d.people })).waitFor({ timeout: 20_000 });
      await page.getByText(fill(a.roster.headline, { added: d.people, changed: 0, removed: 0 })).waitFor();
      expect(await activeStudents(d.org)).toBe(12);

      // A delta: one student joins, one is tobedeleted (deactivated, their history kept).
      await upload(page, a, oneRosterZip(d.delta, { mode: 'delta' }), 'delta.zip');
      await page.getByText(fill(a.roster.headline, { added: 1, changed: 0, removed: 1 })).waitFor({ timeout: 20_000 });
      await page.getByText(fill(a.roster.deactivatedList_one, { count: 1 })).waitFor();
      await page
        .getByRole('list', { name: fill(a.roster.deactivatedList_one, { count: 1 }) })
        .getByText(`${d.students[0]!.familyName}, ${d.students[0]!.givenName}`)
        .waitFor();
      expect(await activeStudents(d.org)).toBe(12);
      await expectNoAxeViolations(page);
      await shots(page, `oneroster-delta-${lang}`, width);

      // A zip without a column: the report names the file and the column, in the user's language; nothing changes.
      await upload(page, a, oneRosterZip(d.bulk, { dropColumn: ['enrollments', 'role'] }), 'broken.zip');
      const problem = page.getByRole('alert').filter({ hasText: errors.roster.roster_malformed });
      await problem.getByText(fill(errors.rosterProblem.missing_column, { file: 'enrollments.csv', columns: 'role' })).waitFor({ timeout: 20_000 });
      expect(await activeStudents(d.org)).toBe(12);
      await expectNoAxeViolations(page);
      await shots(page, `oneroster-malformed-${lang}`, width);

      // The school's admin sees the roster in their student list: the newcomer, not who left.
      const db = h.app.services.db;
      const teacher = await db.selectFrom('users').select('id').where('email', '=', d.teacher.email).executeTakeFirstOrThrow();
      await db.updateTable('users').set({ language: lang }).where('id', '=', teacher.id).execute();
      await db.updateTable('schoolMemberships').set({ isAdmin: true }).where('userId', '=', teacher.id).execute();
      await expectStudentList(teacher.id, lang, width, [d.name(d.newcomer), d.name(d.students[1]!)], d.name(d.students[0]!));
    });
  }

  for (const [lang, width] of [
    ['en', 360],
    ['es', 1366],
  ] as const) {
    it(`a school admin uploads for their own school: preview, apply, delta, an unknown role (${lang}, ${width} px)`, { timeout: 180_000 }, async () => {
      const { admin: a, errors, locale } = CATALOGS[lang];
      const d = district(`adm${lang}`);
      const { school, admin } = await schoolWithAdmin(h.app);
      const db = h.app.services.db;
      await db.updateTable('users').set({ language: lang }).where('id', '=', admin.id).execute();
      const { context, page } = await h.newPage({ locale, width, height: 900 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/admin-users');
      await page.getByRole('heading', { name: a.roster.schoolUploadTitle, exact: true }).waitFor();

      // The district is in test mode: a preview of what the file would do to this school.
      await upload(page, a, oneRosterZip(d.bulk));
      await page.getByText(a.roster.previewIntroSchool).waitFor({ timeout: 20_000 });
      await page.getByText(fill(a.roster.headline, { added: d.people, changed: 0, removed: 0 })).waitFor();
      expect(await db.selectFrom('schools').select('sourceId').where('id', '=', school.id).executeTakeFirstOrThrow()).toEqual({ sourceId: null });
      await expectNoAxeViolations(page);
      await shots(page, `oneroster-school-preview-${lang}`, width);

      // The super admin turns test mode off (their switch is tested above); the same file applies.
      await db.updateTable('districts').set({ testMode: false }).where('id', '=', school.districtId).execute();
      await upload(page, a, oneRosterZip(d.bulk));
      await page.getByText(fill(a.roster.createdList_other, { count: d.people })).waitFor({ timeout: 20_000 });
      expect(await activeStudents(d.org)).toBe(12);

      await upload(page, a, oneRosterZip(d.delta, { mode: 'delta' }), 'delta.zip');
      await page.getByText(fill(a.roster.headline, { added: 1, changed: 0, removed: 1 })).waitFor({ timeout: 20_000 });

      // An unknown role: the report says which record and role, and the school keeps its roster.
      const wizard = {
        ...d.bulk,
        users: [...d.bulk.users!, { sourcedId: 'u-wizard', orgSourcedIds: d.org, role: 'wizard', givenName: 'Merlin', familyName: 'Ambrosius' }],
      };
      await upload(page, a, oneRosterZip(wizard), 'wizard.zip');
      const problem = page.getByRole('alert').filter({ hasText: errors.roster.roster_malformed });
      await problem.getByText(fill(errors.rosterProblem.unknown_role, { file: 'users.csv', id: 'u-wizard', role: 'wizard' })).waitFor({ timeout: 20_000 });
      expect(await activeStudents(d.org)).toBe(12);
      await expectNoAxeViolations(page);
      await shots(page, `oneroster-school-malformed-${lang}`, width);

      await expectStudentList(admin.id, lang, width, [d.name(d.newcomer), d.name(d.students[11]!)], d.name(d.students[0]!));
    });
  }
  it('a zip over the upload limit is refused before it is sent, with the reason (es, 360 px)', async () => {
    const { admin: a, errors, locale } = CATALOGS.es;
    const row = await buildDistrict(h.app, { name: `OneRoster district big ${Date.now()}` });
    const { user } = await superAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    const { context, page } = await h.newPage({ locale, width: 360, height: 900 });
    await h.signInAs(context, user.id);
    await page.goto(`/add-district?district=${row.id}`);
    await page.getByRole('heading', { level: 1, name: fill(a.roster.title, { name: row.name }) }).waitFor();
    // A sparse file one byte over the limit (the browser reads its size; nothing is sent).
    const big = join(await mkdtemp(join(tmpdir(), 'roster-')), 'big.zip');
    await writeFile(big, '');
    await truncate(big, ONEROSTER_UPLOAD_MAX_BYTES + 1);
    const sent: string[] = [];
    page.on('request', (request) => void (request.url().includes('/roster/upload') && sent.push(request.url())));
    await page.locator('input[type="file"]').setInputFiles(big);
    await page.getByRole('alert').filter({ hasText: errors.PAYLOAD_TOO_LARGE }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: a.roster.upload, exact: true }).isDisabled()).toBe(true);
    await shot(page, 'oneroster-too-large-es-360');
    // A file within the limit takes its place: the reason goes, Subir is on again.
    await page.locator('input[type="file"]').setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: Buffer.from('zip') });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: errors.PAYLOAD_TOO_LARGE }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: a.roster.upload, exact: true }).isEnabled()).toBe(true);
    expect(sent).toEqual([]);
    await context.close();
  });
});

/** The admin's student list holds `present` and not `gone`. */
async function expectStudentList(userId: string, lang: 'en' | 'es', width: number, present: string[], gone: string) {
  const { context, page } = await h.newPage({ locale: CATALOGS[lang].locale, width, height: 900 });
  await h.signInAs(context, userId);
  await page.goto('/student-list');
  for (const name of present) await page.getByText(name, { exact: true }).first().waitFor({ timeout: 20_000 });
  expect(await page.getByText(gone, { exact: true }).count()).toBe(0);
  await expectNoAxeViolations(page);
}
