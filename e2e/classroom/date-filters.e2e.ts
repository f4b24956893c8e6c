import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClassroomWorld, type ClassroomWorld } from '../../apps/server/src/modules/classroom/test-factories.js';
import { schoolToday } from '../support/calendar.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, openAs, shot } from './support.js';

/*
 * The classroom's date filters are forms of the list query's own range rule (ClassroomRangeSchema,
 * StudentRangeSchema): a range the server would refuse is said under the dates and never asked.
 * In Spanish on a phone, where the messages are longest.
 */

let h: Harness;
let w: ClassroomWorld;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
  w = await buildClassroomWorld(h.app);
});
afterAll(() => h?.close());

/** Types a `yyyy-MM-dd` date into the From or To field (Spanish: dd/MM/yyyy) inside `scope`. */
async function typeDate(page: Page, scope: Locator, field: 'Desde' | 'Hasta', date: string) {
  const [y, m, d] = date.split('-');
  await scope.getByRole('group', { name: field }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${d}${m}${y}`);
}

/** The list calls the page makes from now on whose URL has `path`. */
function calls(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(path)) seen.push(request.url());
  });
  return seen;
}

const TOO_LONG = 'Elige como máximo un año.';
const INVERTED = 'Debe ser igual o posterior a la fecha Desde.';

describe('classroom date filters refuse what the server would (es, 360 px)', () => {
  it('feedback: a range over a year, or From after To, turns Mostrar off and says why', async () => {
    const { context, page } = await openAs(h, w.teacher.id, '/feedback', { lang: 'es', width: 360 });
    const main = page.getByRole('main');
    const show = main.getByRole('button', { name: 'Mostrar' });
    await expect.poll(() => show.isEnabled()).toBe(true);
    await typeDate(page, main, 'Desde', schoolToday(-400));
    const reason = main.getByRole('alert').filter({ hasText: TOO_LONG });
    await reason.waitFor();
    await expect.poll(() => show.isDisabled()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'filters-feedback-too-long-es-360');
    await typeDate(page, main, 'Desde', schoolToday(-5));
    await typeDate(page, main, 'Hasta', schoolToday(-10));
    await main.getByText(INVERTED).waitFor();
    await expect.poll(() => reason.count()).toBe(0);
    await expect.poll(() => show.isDisabled()).toBe(true);
    await shot(page, 'filters-feedback-inverted-es-360');
    await typeDate(page, main, 'Hasta', schoolToday());
    await expect.poll(() => show.isEnabled()).toBe(true);
    await context.close();
  });

  it('journal: a range over a year is said under the dates and not asked for', async () => {
    const { context, page } = await openAs(h, w.teacher.id, '/gratitude-journal', { lang: 'es', width: 360 });
    const asked = calls(page, '/journal?');
    const section = page.getByRole('region', { name: 'Mis entradas' });
    await page.getByText('No hay entradas en estas fechas.').waitFor();
    await typeDate(page, section, 'Desde', schoolToday(-400));
    await section.getByRole('alert').filter({ hasText: TOO_LONG }).waitFor();
    await expectAccessible(page);
    await shot(page, 'filters-journal-too-long-es-360');
    // (Dates on the way there, one typed part at a time, may be asked for.)
    expect(asked.filter((url) => url.includes(`${schoolToday(-400)}_`))).toEqual([]);
    await typeDate(page, section, 'Desde', schoolToday(-20));
    await expect.poll(() => asked.some((url) => url.includes(`${schoolToday(-20)}_`))).toBe(true);
    await context.close();
  });

  it("view High 5s (a parent): a range over a year keeps the last one's list", async () => {
    const { context, page } = await openAs(h, w.parent.id, '/viewhigh5', { lang: 'es', width: 360 });
    const asked = calls(page, '/high5s?');
    const main = page.getByRole('main');
    await main.getByText('No hay High 5 en estas fechas.').waitFor();
    await typeDate(page, main, 'Desde', schoolToday(-400));
    await main.getByRole('alert').filter({ hasText: TOO_LONG }).waitFor();
    await expectAccessible(page);
    await shot(page, 'filters-viewhigh5-too-long-es-360');
    expect(asked.filter((url) => url.includes(`${schoolToday(-400)}_`))).toEqual([]);
    await main.getByText('No hay High 5 en estas fechas.').waitFor();
    await context.close();
  });

  it('attendance export: Descargar is off for a range over a year, with the reason', async () => {
    await h.app.services.db
      .insertInto('seatingCharts')
      .values({ classId: w.cls.id, name: 'Lunes', rows: 1, cols: 2, seats: JSON.stringify({ '0_0': w.student.id }) })
      .execute();
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang: 'es', width: 360 });
    await page.getByRole('button', { name: 'Tomar asistencia' }).click();
    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar asistencia' });
    const download = dialog.getByRole('button', { name: 'Descargar' });
    await expect.poll(() => download.isEnabled()).toBe(true);
    await typeDate(page, dialog, 'Desde', schoolToday(-400));
    await dialog.getByRole('alert').filter({ hasText: TOO_LONG }).waitFor();
    await expect.poll(() => download.isDisabled()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'filters-attendance-export-too-long-es-360');
    await context.close();
  });

  it('the seating grid refuses 0 and a number over 30, keeping what was typed', async () => {
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang: 'es', width: 360 });
    const rows = page.getByRole('spinbutton', { name: 'Filas' });
    await rows.fill('0');
    await page.getByText('Filas: escribe un número entero del 1 al 30.').waitFor();
    await expect.poll(() => rows.inputValue()).toBe('0');
    await shot(page, 'grid-size-zero-es-360');
    await rows.fill('31');
    await page.getByText('Filas: escribe un número entero del 1 al 30.').waitFor();
    await expect.poll(() => rows.inputValue()).toBe('31');
    await rows.fill('2');
    await expect.poll(() => page.getByText('Filas: escribe un número entero del 1 al 30.').count()).toBe(0);
    await page.locator('[data-seat="1_0"]').waitFor();
    await context.close();
  });
});
