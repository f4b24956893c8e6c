import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enCommon from '../../packages/i18n/src/en/common.json';
import esCommon from '../../packages/i18n/src/es/common.json';
import enErrors from '../../packages/i18n/src/en/errors.json';
import esErrors from '../../packages/i18n/src/es/errors.json';
import { checkIn, recognise, schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { downloadCsv, fill, shot } from './support.js';

// A school whose year started 5 days ago (less than the default 10 days) opens the group, mood and class reports with
// their default dates inside the year (decision 0598): data, no RANGE_CROSSES_SCHOOL_YEAR error.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const db = () => h.app.services.db;

const CASES = [
  { lang: 'en', locale: 'en-US', width: 1366, admin: enAdmin, common: enCommon, errors: enErrors },
  { lang: 'es', locale: 'es-ES', width: 360, admin: esAdmin, common: esCommon, errors: esErrors },
  { lang: 'en', locale: 'en-US', width: 360, admin: enAdmin, common: enCommon, errors: enErrors },
  { lang: 'es', locale: 'es-ES', width: 1366, admin: esAdmin, common: esCommon, errors: esErrors },
] as const;

/** A school created long ago whose current year began 5 days ago; a High 5 and a check-in in each year. */
async function world(lang: 'en' | 'es') {
  const { school, admin } = await schoolWithAdmin(h.app);
  await db().updateTable('users').set({ language: lang }).where('id', '=', admin.id).execute();
  await db()
    .updateTable('schools')
    .set({ createdAt: new Date(`${schoolToday(-400)}T12:00:00Z`) })
    .where('id', '=', school.id)
    .execute();
  await db()
    .insertInto('schoolYears')
    .values({ schoolId: school.id, startsOn: schoolToday(-5), endsOn: null, state: 'current' })
    .execute();
  const amy = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Amy', lastName: 'Adams' });
  await buildClass(h.app, { schoolId: school.id, ownerId: admin.id, name: 'Room 12', studentIds: [amy.id] });
  const giver = { id: admin.id, role: 'teacher' };
  const receiver = { id: amy.id, role: 'student' };
  await recognise(h.app, { schoolId: school.id, giver, receiver, date: schoolToday(-2) });
  await recognise(h.app, { schoolId: school.id, giver, receiver, date: schoolToday(-7) });
  await recognise(h.app, { schoolId: school.id, giver, receiver, date: schoolToday(-9) });
  await checkIn(h.app, { userId: amy.id, schoolId: school.id, date: schoolToday(-1), mood: 'worried' });
  return { school, admin };
}

/** The From date as the field shows it, digits only (`MMddyyyy` in English, `ddMMyyyy` in Spanish). */
const shown = (date: string, lang: 'en' | 'es') => {
  const [y, m, d] = date.split('-');
  return lang === 'es' ? `${d}${m}${y}` : `${m}${d}${y}`;
};
/** A report's table, or its list of cards on a phone (DataTable), and Amy's row in it. */
const report = (page: Page, width: number, name: string) => page.getByRole('main').getByRole(width < 600 ? 'list' : 'table', { name });
const amyIn = (page: Page, width: number, name: string) =>
  report(page, width, name)
    .getByRole(width < 600 ? 'listitem' : 'row')
    .filter({ hasText: 'Amy Adams' });
/** Amy's counts: High 5s given, received, Vibes given, received. */
const amyCounts = async (page: Page, width: number, name: string) =>
  width < 600 ? await amyIn(page, width, name).locator('dd').allTextContents() : (await amyIn(page, width, name).getByRole('cell').allTextContents()).slice(2);
const fromField = async (page: Page, label: string) => (await page.getByRole('main').getByRole('group', { name: label }).innerText()).replace(/\D/g, '');

describe('reports in a school year that began 5 days ago', () => {
  it.each(CASES)('open with dates inside the year, show data and no error ($lang, $width px)', { timeout: 240_000 }, async (c) => {
    const { school, admin } = await world(c.lang);
    const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
    await h.signInAs(context, admin.id, school.id);
    const main = page.getByRole('main');
    const student = c.common.roles.student;
    const picker = main.getByRole('combobox', { name: c.common.schoolYear.label });
    const submit = main.getByRole('button', { name: c.admin.filters.submit });
    const crossing = c.errors.RANGE_CROSSES_SCHOOL_YEAR;

    // The group report: this year, from its first day (not 10 days back, in last year).
    await page.goto('/admin');
    await expect.poll(() => picker.textContent()).toContain(c.lang === 'es' ? '(este curso)' : '(this year)');
    await expect.poll(() => fromField(page, c.common.dateRange.from)).toBe(shown(schoolToday(-5), c.lang));
    await submit.click();
    const group = fill(c.admin.groupReport.caption, { group: student });
    // The one High 5 of this year.
    await expect.poll(() => amyCounts(page, c.width, group)).toEqual(['0', '1', '0', '0']);
    expect(await main.getByText(crossing).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, `report-year-group-${c.lang}-${c.width}`);

    // Last year: the dates move to its last days, and its two High 5s are counted.
    await picker.click();
    await page.getByRole('option').nth(1).click();
    await expect.poll(() => fromField(page, c.common.dateRange.from)).toBe(shown(schoolToday(-11), c.lang));
    await submit.click();
    await expect.poll(() => amyCounts(page, c.width, group)).toEqual(['0', '2', '0', '0']);

    // The mood meter report.
    await page.goto('/admin?view=mood');
    await expect.poll(() => fromField(page, c.common.dateRange.from)).toBe(shown(schoolToday(-5), c.lang));
    await submit.click();
    await amyIn(page, c.width, fill(c.admin.moodReport.caption, { group: student })).waitFor();
    expect(await main.getByText(crossing).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, `report-year-mood-${c.lang}-${c.width}`);

    // The class report, both tabs.
    await page.goto('/report');
    await expect.poll(() => fromField(page, c.common.dateRange.from)).toBe(shown(schoolToday(-5), c.lang));
    await submit.click();
    await amyIn(page, c.width, c.admin.classReport.reportTab).waitFor();
    await page.getByRole('tab', { name: c.admin.classReport.moodTab }).click();
    await amyIn(page, c.width, c.admin.classReport.moodTab).waitFor();
    expect(await main.getByText(crossing).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, `report-year-class-${c.lang}-${c.width}`);

    // A typed address across the year's start: the server's refusal in the user's words, under the dates and in place of the table.
    await page.goto(`/report?from=${schoolToday(-30)}&to=${schoolToday()}`);
    await expect.poll(() => main.getByText(crossing).count()).toBe(2);
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, `report-year-crossing-${c.lang}-${c.width}`);
    await context.close();
  });
});

describe("the class report's class picker", () => {
  it.each([CASES[1], CASES[0]])("lists the chosen school year's classes only ($lang, $width px)", { timeout: 120_000 }, async (c) => {
    const { school, admin } = await schoolWithAdmin(h.app);
    await db().updateTable('users').set({ language: c.lang }).where('id', '=', admin.id).execute();
    const closed = await db()
      .insertInto('schoolYears')
      .values({ schoolId: school.id, startsOn: schoolToday(-400), endsOn: schoolToday(-6), state: 'closed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('schoolYears')
      .values({ schoolId: school.id, startsOn: schoolToday(-5), endsOn: null, state: 'current' })
      .execute();
    const bea = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Bea', lastName: 'Brown' });
    await buildClass(h.app, { schoolId: school.id, ownerId: admin.id, name: 'Room 12', studentIds: [] });
    const old = await buildClass(h.app, { schoolId: school.id, ownerId: admin.id, name: 'Old room', studentIds: [bea.id] });
    await db().updateTable('classes').set({ schoolYearId: closed.id }).where('id', '=', old.id).execute();
    const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
    await h.signInAs(context, admin.id, school.id);
    const main = page.getByRole('main');
    const classPicker = main.getByRole('combobox', { name: c.admin.filters.class });
    const options = async () => {
      await classPicker.click();
      const names = await page.getByRole('listbox').getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      return names.map((n) => n.split(' · ')[0]);
    };

    await page.goto('/report');
    await expect.poll(options).toEqual([c.admin.filters.allClasses, 'Room 12']);
    await main.getByRole('combobox', { name: c.common.schoolYear.label }).click();
    await page.getByRole('option').nth(1).click();
    await expect.poll(options).toEqual([c.admin.filters.allClasses, 'Old room']);
    await classPicker.click();
    await page.getByRole('option', { name: /^Old room/ }).click();
    await main.getByRole('button', { name: c.admin.filters.submit }).click();
    await beaIn(page, c.width, c.admin.classReport.reportTab).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `report-year-class-picker-${c.lang}-${c.width}`);
    // The tab's file, written by the server: last year's class and its student (docs/decisions/0610).
    const { lines } = await downloadCsv(page, main.getByRole('button', { name: c.common.table.download }));
    expect(lines[0]).toBe(`${c.admin.csv.report},${c.admin.classReport.reportTab}`);
    expect(lines).toContain(`${c.admin.csv.class},Old room`);
    expect(lines.slice(lines.indexOf('') + 2).map((r) => r.split(',')[0])).toEqual(['Bea Brown']);

    // Back to this year: last year's class is no longer chosen.
    await main.getByRole('combobox', { name: c.common.schoolYear.label }).click();
    await page.getByRole('option').nth(0).click();
    await expect.poll(() => classPicker.inputValue()).toBe(c.admin.filters.allClasses);
    await context.close();
  });
});

const beaIn = (page: Page, width: number, name: string) =>
  report(page, width, name)
    .getByRole(width < 600 ? 'listitem' : 'row')
    .filter({ hasText: 'Bea Brown' });
