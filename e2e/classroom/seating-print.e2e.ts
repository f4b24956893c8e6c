import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@high5/contract';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { buildRecognition } from '../../apps/server/src/modules/recognition/give/test-factories.js';
import { schoolToday } from '../support/calendar.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, openAs, shot } from './support.js';

// The seating chart's print view and its "not yet" marker (docs/decisions/0594 and 0599).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const WORDS = {
  en: {
    print: 'Print',
    flags: 'IEP, 504 and language badges',
    moods: "Today's moods",
    toggle: 'Mark “not yet” students',
    marked: 'not yet recognised by you lately',
    legend: 'No High 5 or Vibe from you lately',
    iep: 'IEP',
  },
  es: {
    print: 'Imprimir',
    flags: 'Distintivos de IEP, 504 e idioma',
    moods: 'Los estados de ánimo de hoy',
    toggle: 'Marcar a quienes «todavía no»',
    marked: 'sin reconocimiento tuyo últimamente',
    legend: 'Sin High 5 ni Vibra tuyos últimamente',
    iep: 'IEP',
  },
} as const;

/** Alma (IEP, worried today) and Bruno had nothing from the teacher; Carla had a High 5 today. */
async function world() {
  const school = await buildSchool(h.app);
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
  const a = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Alma', lastName: 'Ayala' });
  const b = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Bruno', lastName: 'Bravo' });
  const c = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Carla', lastName: 'Cruz' });
  const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Period 3', studentIds: [a.id, b.id, c.id] });
  const db = h.app.services.db;
  const today = schoolToday();
  await db.updateTable('schoolMemberships').set({ iep: true }).where('userId', '=', a.id).execute();
  await db.insertInto('moods').values({ userId: a.id, schoolId: school.id, schoolDate: today, mood: 'worried', lowEnjoyment: false }).execute();
  await buildRecognition(h.app, { schoolId: school.id, giverId: teacher.id, receiverId: c.id, schoolDate: today });
  await db
    .insertInto('seatingCharts')
    .values({ classId: cls.id, name: 'Front rows', rows: 2, cols: 2, seats: JSON.stringify({ '0_0': a.id, '0_1': b.id, '1_0': c.id }) })
    .execute();
  return { teacher, a, b, c, today };
}

/** window.print() counts instead of opening the browser's dialog. */
const stubPrint = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

describe('seating chart print view', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`prints only the chart, flags and moods only when asked (${lang})`, { timeout: 120_000 }, async () => {
      const w = await world();
      const words = WORDS[lang];
      const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang, width: 1366, height: 900 });
      await page.locator(`[role="button"][data-student="${w.a.id}"]`).waitFor();
      await stubPrint(page);
      const sheet = page.getByTestId('seating-print');

      // On screen the sheet is not shown.
      expect(await sheet.isVisible()).toBe(false);
      await page.getByRole('button', { name: words.print, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('checkbox', { name: words.flags }).isChecked()).toBe(false);
      expect(await dialog.getByRole('checkbox', { name: words.moods }).isChecked()).toBe(false);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: words.print, exact: true }).click();
      await expect.poll(() => printed(page)).toBe(1);

      // Print media: the app (header, menu, toolbar, moods) is hidden; the names, class, chart and date show.
      await page.emulateMedia({ media: 'print' });
      await expect.poll(() => sheet.isVisible()).toBe(true);
      expect(await page.locator('#root').isVisible()).toBe(false);
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      await sheet.getByRole('heading', { name: 'Period 3 · Front rows' }).waitFor();
      await sheet.getByText(formatDate(w.today, lang), { exact: true }).waitFor();
      for (const name of ['Alma Ayala', 'Bruno Bravo', 'Carla Cruz']) expect(await sheet.getByText(name).isVisible()).toBe(true);
      expect(await sheet.getByTestId('print-flags').count()).toBe(0);
      expect(await sheet.getByTestId('print-mood').count()).toBe(0);
      expect(await sheet.getByTestId('not-yet-mark').count()).toBe(0);
      await shot(page, `seating-print-${lang}`);

      // Asked for: the badges and today's mood are printed.
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: words.print, exact: true }).click();
      await dialog.getByRole('checkbox', { name: words.flags }).check();
      await dialog.getByRole('checkbox', { name: words.moods }).check();
      await dialog.getByRole('button', { name: words.print, exact: true }).click();
      await expect.poll(() => printed(page)).toBe(2);
      await page.emulateMedia({ media: 'print' });
      await expect.poll(() => sheet.getByTestId('print-flags').filter({ hasText: words.iep }).isVisible()).toBe(true);
      expect(await sheet.getByTestId('print-mood').isVisible()).toBe(true);
      await shot(page, `seating-print-flags-${lang}`);
      await context.close();
    });
  }
});

describe('seating chart "not yet" marker', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`marks the students nobody recognised lately, off by default, never printed (${lang}, 360 px)`, { timeout: 120_000 }, async () => {
      const w = await world();
      const words = WORDS[lang];
      const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang, width: 360, height: 800 });
      const card = (id: string) => page.locator(`[role="button"][data-student="${id}"]`);
      await card(w.a.id).waitFor();
      const toggle = page.getByRole('switch', { name: words.toggle }).or(page.getByRole('checkbox', { name: words.toggle }));
      expect(await toggle.isChecked()).toBe(false);
      expect(await page.getByTestId('not-yet-mark').count()).toBe(0);

      await toggle.check();
      await card(w.a.id).getByTestId('not-yet-mark').waitFor();
      await card(w.b.id).getByTestId('not-yet-mark').waitFor();
      expect(await card(w.c.id).getByTestId('not-yet-mark').count()).toBe(0);
      // Not colour alone: the legend explains the hourglass and the card's name says it.
      await page
        .getByRole('list', { name: lang === 'es' ? 'Leyenda' : 'Legend' })
        .getByText(words.legend)
        .waitFor();
      expect(await card(w.a.id).getAttribute('aria-label')).toContain(words.marked);
      expect(await card(w.c.id).getAttribute('aria-label')).not.toContain(words.marked);
      await expectAccessible(page);
      await shot(page, `seating-not-yet-${lang}-360`);
      await page.setViewportSize({ width: 1366, height: 768 });
      await shot(page, `seating-not-yet-${lang}-1366`, { fullPage: false });

      // Remembered by this browser.
      await page.reload();
      await card(w.a.id).getByTestId('not-yet-mark').waitFor();
      expect(await toggle.isChecked()).toBe(true);

      // Never printed.
      await page.emulateMedia({ media: 'print' });
      await expect.poll(() => page.getByTestId('seating-print').isVisible()).toBe(true);
      expect(await page.getByTestId('not-yet-mark').first().isVisible()).toBe(false);
      expect(await page.getByTestId('seating-print').getByTestId('not-yet-mark').count()).toBe(0);
      await context.close();
    });
  }
});
