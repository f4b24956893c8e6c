import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../packages/i18n/src/en/admin.json';
import esAdmin from '../../packages/i18n/src/es/admin.json';
import enCommon from '../../packages/i18n/src/en/common.json';
import esCommon from '../../packages/i18n/src/es/common.json';
import enErrors from '../../packages/i18n/src/en/errors.json';
import esErrors from '../../packages/i18n/src/es/errors.json';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { shot } from './support.js';

// /report refuses a future To (the form as the server does) and keeps the dates typed
// when the tab changes; the Spanish date field says "Día". English (wide) and Spanish (360 px).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const LANGS = [
  { lang: 'en', locale: 'en-US', width: 1366, admin: enAdmin, common: enCommon, errors: enErrors, day: 'Day' },
  { lang: 'es', locale: 'es-ES', width: 360, admin: esAdmin, common: esCommon, errors: esErrors, day: 'Día' },
] as const;

/** Types a `yyyy-MM-dd` date into the From or To field in the language's order. */
async function typeDate(page: Page, scope: Locator, field: string, date: string, lang: 'en' | 'es') {
  const [y, m, d] = date.split('-');
  await scope.getByRole('group', { name: field }).getByRole('spinbutton').first().click();
  await page.keyboard.type(lang === 'es' ? `${d}${m}${y}` : `${m}${d}${y}`);
}

describe('/report dates (school admin)', () => {
  for (const c of LANGS) {
    it(`refuses a future To and keeps typed dates across tabs (${c.lang}, ${c.width} px)`, { timeout: 120_000 }, async () => {
      const { school, admin } = await schoolWithAdmin(h.app);
      await buildClass(h.app, { schoolId: school.id, ownerId: admin.id, name: 'Room 12' });
      await h.app.services.db.updateTable('users').set({ language: c.lang }).where('id', '=', admin.id).execute();
      const { context, page } = await h.newPage({ locale: c.locale, width: c.width, height: 900 });
      await h.signInAs(context, admin.id, school.id);
      await page.goto('/report');
      const main = page.getByRole('main');
      await main.getByRole('combobox').first().waitFor();
      const run = main.getByRole('button', { name: c.admin.filters.submit });
      await expect.poll(() => run.isEnabled()).toBe(true);
      // The day part of the date field is named in the user's language, with its accent.
      await expect.poll(() => main.getByRole('group', { name: c.common.dateRange.to }).getByRole('spinbutton', { name: c.day, exact: true }).count()).toBe(1);

      // Tomorrow as To: said under the dates, Run off.
      await typeDate(page, main, c.common.dateRange.to, schoolToday(1), c.lang);
      await main.getByRole('alert').filter({ hasText: c.errors.issues.range_in_future }).waitFor();
      await expect.poll(() => run.isDisabled()).toBe(true);
      await expectNoAxeViolations(page);
      await shot(page, `report-future-${c.lang}-${c.width}`);

      // Dates typed but not run stay when the tab changes.
      await typeDate(page, main, c.common.dateRange.from, schoolToday(-30), c.lang);
      await typeDate(page, main, c.common.dateRange.to, schoolToday(-3), c.lang);
      await expect.poll(() => run.isEnabled()).toBe(true);
      const value = async () => (await main.getByRole('group', { name: c.common.dateRange.from }).innerText()).replace(/\s/g, '');
      const before = await value();
      await page.getByRole('tab', { name: c.admin.classReport.moodTab }).click();
      await expect.poll(() => page.getByRole('tab', { name: c.admin.classReport.moodTab }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(value).toBe(before);
      await page.getByRole('tab', { name: c.admin.classReport.reportTab }).click();
      await expect.poll(value).toBe(before);
      await shot(page, `report-tabs-${c.lang}-${c.width}`);
      await context.close();
    });
  }
});
