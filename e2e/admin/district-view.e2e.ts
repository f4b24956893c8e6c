import { formatDateTime } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enCommon from '../../packages/i18n/src/en/common.json';
import esCommon from '../../packages/i18n/src/es/common.json';
import { superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildSisDistrict, drain, useMemorySource } from '../../apps/server/src/modules/rostering/test-support.js';
import { buildDistrict, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { apiSettled, expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { downloadCsv, fill, shot } from './support.js';

// The super admin's district view (decision 0603), the super report's year picker (0604) and
// district-zone roster times (0605), in English (wide) and Spanish (360 px).

let h: Harness;
const source = useMemorySource();
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const LANGS = [
  { lang: 'en', locale: 'en-US', width: 1366, admin: enAdmin, common: enCommon },
  { lang: 'es', locale: 'es-ES', width: 360, admin: esAdmin, common: esCommon },
] as const;

describe('a district view', () => {
  it.each(LANGS)("lists the district's students across its schools and sums its figures ($lang, $width px)", async (c) => {
    const { user } = await superAdmin(h.app);
    // The screens speak the account's language (the browser's locale only its dates).
    await h.app.services.db.updateTable('users').set({ language: c.lang }).where('id', '=', user.id).execute();
    const district = await buildDistrict(h.app, { name: `Valley ${c.lang}` });
    const north = await buildSchool(h.app, { districtId: district.id, name: `North ${c.lang}` });
    const south = await buildSchool(h.app, { districtId: district.id, name: `South ${c.lang}` });
    const other = await buildSchool(h.app, { name: `Elsewhere ${c.lang}` });
    await buildUser(h.app, { schoolId: north.id, role: 'student', firstName: 'Ana', lastName: 'Alvarez', grade: 3 });
    await buildUser(h.app, { schoolId: south.id, role: 'student', firstName: 'Ben', lastName: 'Brown', grade: 7 });
    await buildUser(h.app, { schoolId: other.id, role: 'student', firstName: 'Otto', lastName: 'Outside' });

    const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
    await h.signInAs(context, user.id);
    if (c.width > 1000) {
      await page.goto('/add-district');
      await page.getByRole('link', { name: fill(c.admin.districtView.openFor, { name: district.name }) }).click();
    } else await page.goto(`/add-district?district=${district.id}&view=students`);
    await page.getByRole('heading', { name: fill(c.admin.districtView.title, { name: district.name }) }).waitFor();
    await page.getByText('Ana Alvarez').first().waitFor();
    await page.getByText('Ben Brown').first().waitFor();
    await expect.poll(() => page.getByText('Otto Outside').count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, `district-view-${c.lang}-${c.width}`);
    // The list's file, written by the server in the list's order (docs/decisions/0610).
    const main = page.getByRole('main');
    const { lines } = await downloadCsv(page, main.getByRole('button', { name: c.common.table.download }));
    expect(lines[0]).toBe(`${c.admin.csv.report},${c.admin.districtView.studentsTitle}`);
    expect(lines.slice(lines.indexOf('') + 1)).toEqual([
      `${c.admin.districtView.name},${c.admin.districtView.school},${c.admin.districtView.grade}`,
      `Ana Alvarez,North ${c.lang},3`,
      `Ben Brown,South ${c.lang},7`,
    ]);

    await page.getByRole('button', { name: /submit|enviar/i }).click();
    await page.getByText(c.admin.districtView.total).first().waitFor();
    await apiSettled(page);
    await expectNoAxeViolations(page);
    await shot(page, `district-figures-${c.lang}-${c.width}`);
    await context.close();
  });
});

describe("the district's roster times", () => {
  it("are in the district's zone and say which, whatever the browser's zone", async () => {
    const { user } = await superAdmin(h.app);
    const district = await buildSisDistrict(h.app);
    await h.app.services.db.updateTable('districts').set({ rosterTimeZone: 'America/Los_Angeles' }).where('id', '=', district.id).execute();
    source.full({ schools: [{ sourceId: 'tz-school', name: 'Zone School' }], people: [], sections: [] });
    const cookie = (await superAdmin(h.app)).cookie;
    const res = await h.call('POST', `/v1/super/districts/${district.id}/roster/sync`, { cookie, body: {} });
    await drain(h.app);
    const run = await h.app.services.db
      .selectFrom('rosterRuns')
      .select(['createdAt', 'startedAt'])
      .where('id', '=', res.json.ResponseData.id)
      .executeTakeFirstOrThrow();
    const started = run.startedAt ?? run.createdAt;
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366, timeZone: 'Asia/Tokyo' });
    await h.signInAs(context, user.id);
    await page.goto(`/add-district?district=${district.id}`);
    await page.getByText(fill(enAdmin.roster.timesIn, { zone: 'America/Los_Angeles' })).waitFor();
    const shown = formatDateTime(started, 'en', 'America/Los_Angeles');
    await expect.poll(() => page.getByText(shown, { exact: false }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(formatDateTime(started, 'en', 'Asia/Tokyo'), { exact: false }).count()).toBe(0);
    await shot(page, 'district-roster-times');
    await context.close();
  });
});

describe("the super admin's report", () => {
  it("offers the chosen school's years and keeps the dates inside the current one", async () => {
    const { user } = await superAdmin(h.app);
    const school = await buildSchool(h.app, { name: `Picker ${Math.random().toString(36).slice(2, 6)}` });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366 });
    await h.signInAs(context, user.id);
    await page.goto('/superAdmin-report');
    const picker = page.getByRole('combobox', { name: enAdmin.filters.school });
    await picker.fill(school.name);
    await page.getByRole('option', { name: school.name }).click();
    await page.getByRole('combobox', { name: enCommon.schoolYear.label }).waitFor();
    await apiSettled(page);
    await expectNoAxeViolations(page);
    await shot(page, 'super-report-year');
    await context.close();
  });
});
