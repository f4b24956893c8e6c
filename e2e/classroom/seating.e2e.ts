import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, notice, openAs, shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

/** Drags with the mouse, in steps, as dnd-kit's pointer sensor needs. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

const seat = (page: Page, key: string) => page.locator(`[data-seat="${key}"]`);
const card = (page: Page, id: string) => page.locator(`[role="button"][data-student="${id}"]`);

async function world() {
  const school = await buildSchool(h.app);
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
  const a = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Alma', lastName: 'Ayala' });
  const b = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Bruno', lastName: 'Bravo' });
  const c = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Carla', lastName: 'Cruz' });
  const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Period 3', studentIds: [a.id, b.id, c.id] });
  return { school, teacher, a, b, c, cls };
}

describe('seating chart', () => {
  it('drags students, saves the chart, and finds it again after a reload (en, 1366 px)', async () => {
    const w = await world();
    // Tall enough that dragging never reaches the window's edge (dnd-kit scrolls there).
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { height: 1200 });
    // A new class starts with a near-square draft: 2 by 2, everyone seated in name order.
    await card(page, w.a.id).waitFor();
    expect(await seat(page, '0_0').locator(`[data-student="${w.a.id}"]`).count()).toBe(1);
    expect(await seat(page, '1_0').locator(`[data-student="${w.c.id}"]`).count()).toBe(1);
    await expectAccessible(page);

    // Mouse: Carla to the empty seat, then Alma onto Bruno's seat (they swap).
    await drag(page, card(page, w.c.id), seat(page, '1_1'));
    await seat(page, '1_1').locator(`[data-student="${w.c.id}"]`).waitFor();
    await drag(page, card(page, w.a.id), seat(page, '0_1'));
    await seat(page, '0_1').locator(`[data-student="${w.a.id}"]`).waitFor();
    expect(await seat(page, '0_0').locator(`[data-student="${w.b.id}"]`).count()).toBe(1);

    // Keyboard: Space picks Bruno up, an arrow moves him one seat down, Space drops him.
    await card(page, w.b.id).focus();
    await page.keyboard.press('Space');
    await page.locator('[aria-live]').filter({ hasText: /Picked up Bruno Bravo|Bruno Bravo is over the seat in row 1, column 1/ }).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    // What a screen reader hears: where the student is now.
    await page.locator('[aria-live]').filter({ hasText: 'Bruno Bravo is over the seat in row 2, column 1.' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await seat(page, '1_0').locator(`[data-student="${w.b.id}"]`).waitFor();

    // Off the chart and back: from the strip a student only lands on an empty seat.
    await drag(page, card(page, w.c.id), page.getByTestId('unseated-strip'));
    await page.getByRole('heading', { name: 'Students without a seat (1)' }).waitFor();

    await drag(page, card(page, w.c.id), seat(page, '0_1'));
    await notice(page, 'You cannot drop a student on a taken seat.');
    await drag(page, card(page, w.c.id), seat(page, '0_0'));
    await seat(page, '0_0').locator(`[data-student="${w.c.id}"]`).waitFor();
    await shot(page, 'flow-seating-dragged');

    const dialog = page.getByRole('dialog', { name: 'Save as a new seating chart' });
    // Once in a few CI runs the first click right after a drag did not open the dialog
    // (under investigation, see the closing note); a second click does.
    await expect
      .poll(async () => {
        if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Save as new' }).click();
        return dialog.isVisible();
      }, { timeout: 20_000, interval: 2_000 })
      .toBe(true);
    await dialog.getByLabel('Chart title').fill('Reading groups');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Seating chart Reading groups saved.');

    await page.reload();
    await page.getByRole('combobox', { name: 'Seating chart' }).filter({ hasText: 'Reading groups' }).waitFor();
    await seat(page, '0_0').locator(`[data-student="${w.c.id}"]`).waitFor();
    expect(await seat(page, '0_1').locator(`[data-student="${w.a.id}"]`).count()).toBe(1);
    expect(await seat(page, '1_0').locator(`[data-student="${w.b.id}"]`).count()).toBe(1);
    const saved = await h.app.services.db.selectFrom('seatingCharts').selectAll().where('classId', '=', w.cls.id).execute();
    expect(saved.map((c) => c.name)).toEqual(['Reading groups']);

    // Rows cannot shrink below an occupied seat.
    await page.getByRole('spinbutton', { name: 'Rows' }).fill('1');
    await notice(page, 'Row is not empty, Please move students to other row before update');
    await page.getByRole('spinbutton', { name: 'Columns' }).fill('4');
    await page.getByRole('combobox', { name: "Teacher's desk" }).click();
    await page.getByRole('option', { name: 'Left (270°)' }).click();
    expect(await page.getByTestId('teacher-desk').getAttribute('data-direction')).toBe('270');
    // Leaving a modified chart asks first.
    await page.getByRole('combobox', { name: 'Seating chart' }).click();
    await page.getByRole('option', { name: 'New chart (not saved)' }).click();
    const modified = page.getByRole('dialog', { name: 'Save your changes?' });
    await expectAccessible(page);
    await modified.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'Seating chart Reading groups saved.');
    const updated = await h.app.services.db.selectFrom('seatingCharts').selectAll().where('classId', '=', w.cls.id).executeTakeFirstOrThrow();
    expect([updated.cols, updated.deskDirection]).toEqual([4, 270]);

    // Enter on a card opens the student's profile.
    await card(page, w.a.id).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Random selection highlights someone.
    await page.getByRole('combobox', { name: 'Seating chart' }).click();
    await page.getByRole('option', { name: 'Reading groups' }).click();
    await page.getByRole('button', { name: 'Random pick' }).click();
    await notice(page, /Selected: (Alma Ayala|Bruno Bravo|Carla Cruz)/);

    // The chart as a PNG named class_chart_<timestamp>.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export image' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^class_chart_\d{8}_\d{6}\.png$/);
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.SCREENSHOTS_DIR) await download.saveAs(`${process.env.SCREENSHOTS_DIR}/flow-chart-export.png`);
    await context.close();
  });

  it('takes attendance and exports attendance.csv (es, 360 px)', async () => {
    const w = await world();
    await h.app.services.db
      .insertInto('seatingCharts')
      .values({ classId: w.cls.id, name: 'Lunes', rows: 2, cols: 2, seats: JSON.stringify({ '0_0': w.a.id, '0_1': w.b.id, '1_0': w.c.id }) })
      .execute();
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang: 'es', width: 360 });
    await card(page, w.a.id).waitFor();
    await page.getByRole('button', { name: 'Tomar asistencia' }).click();
    await page.getByRole('heading', { name: 'Asistencia: Period 3' }).waitFor();
    const bruno = page.getByRole('button', { name: /^Bruno Bravo: Presente/ });
    await bruno.click();
    await page.getByRole('button', { name: /^Bruno Bravo: Ausente/ }).click();
    await page.getByRole('button', { name: /^Bruno Bravo: Tarde/ }).waitFor();
    await page.getByRole('button', { name: /^Carla Cruz: Presente/ }).click();
    await expectAccessible(page);
    await shot(page, 'flow-attendance-es-360');
    await page.getByRole('button', { name: 'Guardar asistencia' }).click();
    await notice(page, /Se guardó la asistencia del/);
    await page.getByRole('heading', { name: 'Asistencia: Period 3' }).waitFor({ state: 'detached' });
    const rows = await h.app.services.db.selectFrom('attendance').select(['studentId', 'code']).where('classId', '=', w.cls.id).execute();
    expect(Object.fromEntries(rows.map((r) => [r.studentId, r.code]))).toEqual({ [w.a.id]: 'P', [w.b.id]: 'T', [w.c.id]: 'A' });

    await page.getByRole('button', { name: 'Tomar asistencia' }).click();
    // Today's saved codes come back.
    await page.getByRole('button', { name: /^Bruno Bravo: Tarde/ }).waitFor();
    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar asistencia' });
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Descargar' }).click()]);
    expect(download.suggestedFilename()).toBe('attendance.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Estudiante,Correo electrónico,');
    expect(csv).toContain(`Bruno Bravo,${w.b.email},T,0,0,1,0`);
    await notice(page, 'Se descargó la asistencia.');
    await context.close();
  });

  it('blocks attendance while students have no seat, and says why', async () => {
    const w = await world();
    await h.app.services.db.insertInto('seatingCharts').values({ classId: w.cls.id, name: 'Old', rows: 2, cols: 2, seats: JSON.stringify({ '0_0': w.a.id }) }).execute();
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart');
    await notice(page, 'New students are in the class');
    await page.getByRole('heading', { name: 'Students without a seat (2)' }).waitFor();
    await page.getByRole('button', { name: 'Take attendance' }).click();
    await notice(page, 'New students are in the class');
    expect(await page.getByRole('heading', { name: /^Attendance:/ }).count()).toBe(0);
    await context.close();
  });
});
