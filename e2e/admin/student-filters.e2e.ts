import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enClassroom from '../../packages/i18n/src/en/classroom.json';
import esClassroom from '../../packages/i18n/src/es/classroom.json';
import enCommon from '../../packages/i18n/src/en/common.json';
import esCommon from '../../packages/i18n/src/es/common.json';
import { checkIn, schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { downloadCsv, fill, shot } from './support.js';

// Students' flags and grade (docs/decisions/0601) on the admin's student list and reports, and a
// rostered class's roster screen (docs/decisions/0600), in English and Spanish at 1366 and 360 px.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const LANGS = [
  { lang: 'en', locale: 'en-US', width: 1366, admin: enAdmin, classroom: enClassroom, common: enCommon },
  { lang: 'es', locale: 'es-ES', width: 360, admin: esAdmin, classroom: esClassroom, common: esCommon },
] as const;
type Lang = (typeof LANGS)[number];
const db = () => h.app.services.db;
const uid = () => Math.random().toString(36).slice(2, 7);

/**
 * A school whose students are: Ana (IEP, grade 3), Ben (IEP, grade 4), Cid (grade 3, no flag) and Dee
 * (English learner, grade 3); each checked in yesterday with low enjoyment.
 */
async function flaggedSchool(lang: Lang['lang']) {
  const { school, admin } = await schoolWithAdmin(h.app);
  await db().updateTable('users').set({ language: lang }).where('id', '=', admin.id).execute();
  const p = uid();
  const student = async (first: string, grade: number, flags: { iep?: boolean; languageLevel?: string }) => {
    const user = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: first, lastName: `Kid${p}`, grade });
    if (Object.keys(flags).length) await db().updateTable('schoolMemberships').set(flags).where('userId', '=', user.id).execute();
    await checkIn(h.app, { userId: user.id, schoolId: school.id, date: schoolToday(-1), mood: 'persevere' });
    return `${first} Kid${p}`;
  };
  const names = {
    ana: await student('Ana', 3, { iep: true }),
    ben: await student('Ben', 4, { iep: true }),
    cid: await student('Cid', 3, {}),
    dee: await student('Dee', 3, { languageLevel: 'L' }),
  };
  return { school, admin, names };
}

const flagChip = (scope: Locator, c: Lang, flag: 'iep' | 'plan504' | 'englishLearner') =>
  scope.getByRole('group', { name: c.common.studentFilter.label }).getByRole('button', { name: c.common.studentFilter[flag], exact: true });

async function chooseGrade(page: Page, scope: Locator, c: Lang, grade: string) {
  await scope.getByRole('combobox', { name: c.common.studentFilter.grade }).click();
  await page.getByRole('option', { name: grade, exact: true }).click();
}

describe('the student list, filtered by flags and grade (school admin)', () => {
  for (const c of LANGS) {
    it(`IEP and grade 3 leave the one child with both, with her flag chip (${c.lang}, ${c.width} px)`, { timeout: 120_000 }, async () => {
      const { school, admin, names } = await flaggedSchool(c.lang);
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/student-list');
      const main = page.getByRole('main');
      await main.getByText(names.cid).first().waitFor();
      // Every flagged child carries her chips in the unfiltered list.
      await expect.poll(() => main.getByText(names.dee).first().isVisible()).toBe(true);

      // By keyboard: the IEP chip is a toggle button.
      await flagChip(main, c, 'iep').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => flagChip(main, c, 'iep').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => main.getByText(names.dee).count()).toBe(0);
      await expect.poll(() => main.getByText(names.ben).count()).toBeGreaterThan(0);
      await chooseGrade(page, main, c, '3');
      await expect.poll(() => main.getByText(names.ben).count()).toBe(0);
      await expect.poll(() => main.getByText(names.cid).count()).toBe(0);
      await expect.poll(() => main.getByText(names.ana).count()).toBeGreaterThan(0);
      // Ana's row shows her IEP chip (the filter's own chip is a button, the row's is not).
      await expect.poll(() => main.locator('.MuiChip-sizeSmall', { hasText: c.common.studentFilter.iep }).count()).toBe(1);

      await expectNoAxeViolations(page);
      await shot(page, `student-filter-list-${c.lang}-${c.width}`);
      const audits = await db()
        .selectFrom('auditLog')
        .select('details')
        .where('schoolId', '=', school.id)
        .where('action', '=', 'students.flagFilter')
        .execute();
      expect(audits.length).toBeGreaterThan(0);
      await context.close();
    });
  }
});

describe('the mood report, filtered by a flag (school admin)', () => {
  for (const c of LANGS) {
    it(`IEP gives other figures than no filter, keeps across tabs, and the CSV carries it (${c.lang}, ${c.width} px)`, { timeout: 120_000 }, async () => {
      const { school, admin, names } = await flaggedSchool(c.lang);
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/admin?view=mood');
      const main = page.getByRole('main');
      const form = main.getByRole('form', { name: c.admin.moodReport.formLabel });
      const run = form.getByRole('button', { name: c.admin.filters.submit });
      await expect.poll(() => run.isEnabled()).toBe(true);
      await run.click();
      const report = main.getByText(names.cid);
      await report.first().waitFor();
      for (const name of Object.values(names)) await expect.poll(() => main.getByText(name).count()).toBeGreaterThan(0);

      await flagChip(form, c, 'iep').click();
      await run.click();
      await expect.poll(() => main.getByText(names.cid).count()).toBe(0);
      await expect.poll(() => main.getByText(names.dee).count()).toBe(0);
      await expect.poll(() => main.getByText(names.ana).count()).toBeGreaterThan(0);
      await expect.poll(() => main.getByText(names.ben).count()).toBeGreaterThan(0);
      // The line above the table says the flag is in use; the grade menu says "any grade".
      await expect.poll(() => main.textContent()).toContain(`; ${c.common.studentFilter.iep}`);
      await expect.poll(() => form.getByRole('combobox', { name: c.common.studentFilter.grade }).textContent()).toBe(c.common.studentFilter.anyGrade);
      await expectNoAxeViolations(page);
      await shot(page, `student-filter-mood-${c.lang}-${c.width}`);

      const { lines } = await downloadCsv(page, main.getByRole('button', { name: c.admin.moodReport.export }));
      expect(lines).toContain(`${c.admin.csv.flags},${c.admin.roster.flag.iep}`);
      const rows = lines.slice(lines.indexOf('') + 2);
      expect(rows.map((r) => r.split(',')[0]).sort()).toEqual([names.ana, names.ben]);

      // The filter follows the admin to the group report and back.
      await page.getByRole('tab', { name: c.admin.dashboard.views.report, exact: true }).click();
      const group = main.getByRole('form', { name: c.admin.groupReport.formLabel });
      await expect.poll(() => flagChip(group, c, 'iep').getAttribute('aria-pressed')).toBe('true');
      await shot(page, `student-filter-group-${c.lang}-${c.width}`);
      await page.getByRole('tab', { name: c.admin.dashboard.views.mood }).click();
      await expect.poll(() => flagChip(form, c, 'iep').getAttribute('aria-pressed')).toBe('true');
      await context.close();
    });
  }

  // The other two sizes of each language, for the screenshots and axe: the group report and /report's bars.
  for (const [c, width] of [
    [LANGS[0], 360],
    [LANGS[1], 1366],
  ] as const) {
    it(`the group report (and its CSV) and /report show the filter, kept across /report's tabs (${c.lang}, ${width} px)`, { timeout: 120_000 }, async () => {
      const { school, admin, names } = await flaggedSchool(c.lang);
      const { context, page } = await h.newPage({ locale: c.locale, width, height: 900 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/admin');
      const main = page.getByRole('main');
      const group = main.getByRole('form', { name: c.admin.groupReport.formLabel });
      await flagChip(group, c, 'englishLearner').click();
      await chooseGrade(page, group, c, '3');
      await group.getByRole('button', { name: c.admin.filters.submit }).click();
      await main.getByText(names.dee).first().waitFor();
      await expect.poll(() => main.getByText(names.ana).count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, `student-filter-group-${c.lang}-${width}`);
      // The group report's file (written by the server) says the filter and holds Dee alone.
      const { lines } = await downloadCsv(page, main.getByRole('button', { name: c.common.table.download }));
      expect(lines).toEqual(expect.arrayContaining([`${c.admin.csv.flags},${c.admin.roster.flag.englishLearner}`, `${c.admin.csv.grade},3`]));
      expect(lines.slice(lines.indexOf('') + 2).map((r) => r.split(',')[0])).toEqual([names.dee]);

      await page.goto('/report');
      const bar = main.getByRole('form', { name: c.admin.classReport.reportTab });
      await flagChip(bar, c, 'plan504').click();
      await page.getByRole('tab', { name: c.admin.classReport.moodTab }).click();
      const moodBar = main.getByRole('form', { name: c.admin.classReport.moodTab });
      await expect.poll(() => flagChip(moodBar, c, 'plan504').getAttribute('aria-pressed')).toBe('true');
      await expectNoAxeViolations(page);
      await shot(page, `student-filter-class-${c.lang}-${width}`);
      await context.close();
    });
  }
});

describe("a rostered class on its teacher's roster screen", () => {
  for (const c of LANGS) {
    it(`says the SIS keeps its students and offers no way to add or remove any (${c.lang}, ${c.width} px)`, { timeout: 120_000 }, async () => {
      const { school } = await schoolWithAdmin(h.app);
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
      await db().updateTable('users').set({ language: c.lang }).where('id', '=', teacher.id).execute();
      const kid = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Roz', lastName: `Sis${uid()}` });
      const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: `Math ${uid()}`, studentIds: [kid.id] });
      // A class the roster sync made carries the SIS's section id.
      await db()
        .updateTable('classes')
        .set({ sourceId: `sec-${uid()}` })
        .where('id', '=', cls.id)
        .execute();
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, teacher.id, school.id);
      await page.goto('/teacher-classes');
      const main = page.getByRole('main');
      await main.getByText(c.classroom.rosteredClass.note).waitFor();
      await main.getByText(`Roz ${kid.lastName}`).first().waitFor();
      await expect.poll(() => main.getByRole('button', { name: fill(c.classroom.classes.removeStudent, { name: `Roz ${kid.lastName}` }) }).count()).toBe(0);

      await main.getByRole('button', { name: c.classroom.classes.addMenu }).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: c.classroom.classes.findTeacher }).waitFor();
      for (const hidden of [c.classroom.classes.findStudent, c.classroom.classes.inviteEmail, c.classroom.classes.inviteCsv]) {
        expect(await menu.getByRole('menuitem', { name: hidden }).count()).toBe(0);
      }
      await page.keyboard.press('Escape');
      await expectNoAxeViolations(page);
      await shot(page, `rostered-class-${c.lang}-${c.width}`);

      // A teacher's report and student list narrow by grade, never by flags (docs/decisions/0601).
      for (const path of ['/TeacherReport', '/student-list']) {
        await page.goto(path);
        await main.getByRole('combobox', { name: c.common.studentFilter.grade }).waitFor();
        expect(await main.getByRole('group', { name: c.common.studentFilter.label }).count()).toBe(0);
      }
      await context.close();
    });
  }
});
