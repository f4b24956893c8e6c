import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
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
    await expect.poll(() => seat(page, '0_0').locator(`[data-student="${w.a.id}"]`).count()).toBe(1);
    await expect.poll(() => seat(page, '1_0').locator(`[data-student="${w.c.id}"]`).count()).toBe(1);
    await expectAccessible(page);
    // A new chart can be shaped before its first save.
    await page.getByRole('spinbutton', { name: 'Rows' }).fill('3');
    await seat(page, '2_1').waitFor();

    // Mouse: Carla to the empty seat, then Alma onto Bruno's seat (they swap).
    await drag(page, card(page, w.c.id), seat(page, '1_1'));
    await seat(page, '1_1').locator(`[data-student="${w.c.id}"]`).waitFor();
    await drag(page, card(page, w.a.id), seat(page, '0_1'));
    await seat(page, '0_1').locator(`[data-student="${w.a.id}"]`).waitFor();
    await expect.poll(() => seat(page, '0_0').locator(`[data-student="${w.b.id}"]`).count()).toBe(1);

    // Keyboard: Space picks Bruno up, an arrow moves him one seat down, Space drops him.
    await card(page, w.b.id).focus();
    await page.keyboard.press('Space');
    await page
      .locator('[aria-live]')
      .filter({ hasText: /Picked up Bruno Bravo|Bruno Bravo is over the seat in row 1, column 1/ })
      .waitFor({ state: 'attached' });
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
    // A screen reader hears the refusal, not "dropped".
    await page
      .locator('[aria-live]')
      .filter({ hasText: 'Carla Cruz cannot go on the seat in row 1, column 2: the seat is taken.' })
      .waitFor({ state: 'attached' });
    await drag(page, card(page, w.c.id), seat(page, '0_0'));
    await seat(page, '0_0').locator(`[data-student="${w.c.id}"]`).waitFor();
    await shot(page, 'flow-seating-dragged');

    // Right after a drop: the click is not swallowed (only clicks on a card are, so it does not open a profile).
    await page.getByRole('button', { name: 'Save as new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a new seating chart' });
    await dialog.getByLabel('Chart title').fill('Reading groups');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Seating chart Reading groups saved.');
    // The saved chart stays selected, as saved (it used to fall back to a new draft).
    const chartPicker = page.getByRole('combobox', { name: 'Seating chart' });
    await chartPicker.filter({ hasText: 'Reading groups' }).waitFor();
    await seat(page, '2_1').waitFor();
    await expect.poll(() => seat(page, '0_0').locator(`[data-student="${w.c.id}"]`).count()).toBe(1);
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Rows' }).inputValue()).toBe('3');
    await expect.poll(() => page.getByRole('button', { name: 'Update chart' }).isEnabled()).toBe(true);
    // Attendance opens at once (it used to ask to save first), with focus on its title, and gives it back on close.
    await page.getByRole('button', { name: 'Take attendance' }).click();
    const attendanceTitle = page.getByRole('heading', { name: 'Attendance: Period 3' });
    await expect.poll(() => attendanceTitle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('region', { name: 'Attendance: Period 3' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Take attendance' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // A copy of a saved chart is kept the same way.
    await page.getByRole('button', { name: 'Save as new' }).click();
    await dialog.getByLabel('Chart title').fill('Copy of reading groups');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Seating chart Copy of reading groups saved.');
    await chartPicker.filter({ hasText: 'Copy of reading groups' }).waitFor();
    await expect.poll(() => seat(page, '0_0').locator(`[data-student="${w.c.id}"]`).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete chart' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete chart' }).click();
    await notice(page, 'Seating chart deleted.');
    await chartPicker.filter({ hasText: 'Reading groups' }).waitFor();

    await page.reload();
    await page.getByRole('combobox', { name: 'Seating chart' }).filter({ hasText: 'Reading groups' }).waitFor();
    await seat(page, '0_0').locator(`[data-student="${w.c.id}"]`).waitFor();
    await expect.poll(() => seat(page, '0_1').locator(`[data-student="${w.a.id}"]`).count()).toBe(1);
    await expect.poll(() => seat(page, '1_0').locator(`[data-student="${w.b.id}"]`).count()).toBe(1);
    const saved = await h.app.services.db.selectFrom('seatingCharts').selectAll().where('classId', '=', w.cls.id).execute();
    expect(saved.map((c) => c.name)).toEqual(['Reading groups']);

    // Rows cannot shrink below an occupied seat.
    const rows = page.getByRole('spinbutton', { name: 'Rows' });
    await rows.fill('1');
    await notice(page, 'Row is not empty, Please move students to other row before update');
    // Out of 1 to 30 is refused with a message, never turned into another number.
    await rows.fill('99');
    await page.getByText('Rows: enter a whole number from 1 to 30.').waitFor();
    await expect.poll(() => page.locator('[data-seat]').count()).toBe(3 * 2);
    // Two digits can be typed one at a time.
    const columns = page.getByRole('spinbutton', { name: 'Columns' });
    await columns.fill('');
    await columns.pressSequentially('12');
    await seat(page, '0_11').waitFor();
    await rows.fill('2');
    await expect.poll(() => page.locator('[data-seat]').count()).toBe(2 * 12);
    await expectAccessible(page);
    await columns.fill('4');
    await page.getByRole('combobox', { name: "Teacher's desk" }).click();
    await page.getByRole('option', { name: 'Left (270°)' }).click();
    await expect.poll(() => page.getByTestId('teacher-desk').getAttribute('data-direction')).toBe('270');
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
    // Marked in black, never in a mood colour (red and green once made a calm child look upset).
    const outlines = await page
      .locator('[data-student]')
      .evaluateAll((cards) =>
        cards.flatMap((el) => Array.from(el.querySelectorAll('*')).map((n) => getComputedStyle(n).outlineColor + ' ' + getComputedStyle(n).outlineStyle)),
      );
    expect(outlines.filter((o) => o.endsWith(' solid'))).toEqual(['rgb(33, 33, 33) solid']);

    // The chart as a PNG named class_chart_<timestamp>; flags and moods only when asked.
    await page.getByRole('button', { name: 'Export image' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Export the chart as an image' });
    await expect.poll(() => imageDialog.getByRole('checkbox', { name: 'IEP, 504 and language badges' }).isChecked()).toBe(false);
    await expect.poll(() => imageDialog.getByRole('checkbox', { name: "Today's moods" }).isChecked()).toBe(false);
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), imageDialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^class_chart_\d{8}_\d{6}\.png$/);
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.SCREENSHOTS_DIR) await download.saveAs(`${process.env.SCREENSHOTS_DIR}/flow-chart-export.png`);
    await context.close();
  }, 180_000); // the longest walk through the screen: about a minute on a busy two-core machine

  it('sends a teacher without classes to their classes (the screen used to render fewer hooks and fail)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const { context, page } = await openAs(h, teacher.id, '/seatingchart');
    await page.getByText('You do not teach any class yet.').waitFor();
    await page.getByRole('link', { name: 'Go to my classes' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  for (const lang of ['en', 'es'] as const) {
    it(`an empty class's chart says it has no students yet, not that everyone is seated (${lang}, 360 px)`, async () => {
      const school = await buildSchool(h.app);
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
      await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Period 9', studentIds: [] });
      const { context, page } = await openAs(h, teacher.id, '/seatingchart', { lang, width: 360 });
      const strip = page.getByTestId('unseated-strip');
      await strip.getByText(lang === 'es' ? 'Esta clase todavía no tiene estudiantes.' : 'This class has no students yet.', { exact: false }).waitFor();
      expect(await strip.getByText(lang === 'es' ? /Todos tienen asiento/ : /Everyone has a seat/).count()).toBe(0);
      await expectAccessible(page);
      await shot(page, `seating-empty-${lang}-360`);
      await context.close();
    });
  }

  it('long names on the smallest cards wrap between words, never inside one (en, 360 px)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const names = [
      ['Maximiliano', 'Ng'],
      ['Bartholomew', 'Li'],
      ['Guadalupe', 'Villanueva'],
    ] as const;
    const students = await Promise.all(names.map(([firstName, lastName]) => buildUser(h.app, { schoolId: school.id, role: 'student', firstName, lastName })));
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Period 5', studentIds: students.map((s) => s.id) });
    await h.app.services.db
      .insertInto('seatingCharts')
      .values({ classId: cls.id, name: 'Wide', rows: 3, cols: 8, seats: JSON.stringify(Object.fromEntries(students.map((s, i) => [`0_${i}`, s.id]))) })
      .execute();
    const { context, page } = await openAs(h, teacher.id, '/seatingchart', { width: 360 });
    await card(page, students[0]!.id).waitFor();
    // Each word of each card's name lies on one line (its text rectangles share one top).
    const split = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.seat-name')).flatMap((el) => {
          const broken: string[] = [];
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) broken.push(match[0]);
            }
          }
          return broken;
        }),
      );
    await expect.poll(split).toEqual([]);
    expect(await page.locator('.seat-name').count()).toBe(3);
    await shot(page, 'seating-long-names-en-360');
    await context.close();
  });

  it('moves students by tapping, without dragging (WCAG 2.5.7; es, 360 px)', async () => {
    const w = await world();
    await h.app.services.db
      .insertInto('seatingCharts')
      .values({ classId: w.cls.id, name: 'Martes', rows: 2, cols: 2, seats: JSON.stringify({ '0_0': w.a.id, '0_1': w.b.id, '1_0': w.c.id }) })
      .execute();
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang: 'es', width: 360 });
    await card(page, w.c.id).waitFor();
    await page.getByRole('switch', { name: 'Mover tocando' }).click();
    await page.getByRole('status').filter({ hasText: 'Toca a un estudiante y luego un asiento vacío.' }).waitFor();
    // A tap picks Carla (it does not open her profile); the empty seat becomes a button.
    await card(page, w.c.id).click();
    await expect.poll(() => card(page, w.c.id).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('status').filter({ hasText: 'Has elegido a Carla Cruz' }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page);
    await shot(page, 'flow-seating-tap-es-360');
    await page.getByRole('button', { name: 'Sentar a Carla Cruz en la fila 2, columna 2' }).click();
    await seat(page, '1_1').locator(`[data-student="${w.c.id}"]`).waitFor();
    await page.getByRole('status').filter({ hasText: 'Carla Cruz se sienta ahora en el asiento de la fila 2, columna 2.' }).waitFor();
    // Off the chart by a tap, then back to a seat.
    await card(page, w.c.id).click();
    await page.getByRole('button', { name: 'Quitar a Carla Cruz del mapa' }).click();
    await page.getByTestId('unseated-strip').locator(`[data-student="${w.c.id}"]`).waitFor();
    await card(page, w.c.id).click();
    await page.getByRole('button', { name: 'Sentar a Carla Cruz en la fila 2, columna 1' }).click();
    await seat(page, '1_0').locator(`[data-student="${w.c.id}"]`).waitFor();
    // A second tap on the picked student lets go; with the mode off a tap opens the profile again.
    await card(page, w.a.id).click();
    await card(page, w.a.id).click();
    await expect.poll(() => card(page, w.a.id).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('switch', { name: 'Mover tocando' }).click();
    await card(page, w.a.id).click();
    await page.getByRole('dialog').waitFor();
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
    // Focus is not lost: it is back on the button that opened attendance.
    await expect.poll(() => page.getByRole('button', { name: 'Tomar asistencia' }).evaluate((el) => el === document.activeElement)).toBe(true);
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
    await h.app.services.db
      .insertInto('seatingCharts')
      .values({ classId: w.cls.id, name: 'Old', rows: 2, cols: 2, seats: JSON.stringify({ '0_0': w.a.id }) })
      .execute();
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart');
    await notice(page, 'New students are in the class');
    await page.getByRole('heading', { name: 'Students without a seat (2)' }).waitFor();
    await page.getByRole('button', { name: 'Take attendance' }).click();
    await notice(page, 'New students are in the class');
    await expect.poll(() => page.getByRole('heading', { name: /^Attendance:/ }).count()).toBe(0);
    await context.close();
  });
});

const LONG_NAMES = [
  ['Maximiliano', 'Fernández'],
  ['Guadalupe', 'Hernández'],
  ['Christopher', 'Williams'],
  ['Alexandra', 'Rodríguez'],
  ['Bartholomew', 'Johnson'],
  ['Valentina', 'Gutiérrez'],
  ['Sebastián', 'Domínguez'],
  ['Anastasia', 'Petrović'],
  ['Jonathan', 'Richardson'],
  ['Isabella', 'Castellanos'],
  ['Muhammad', 'Abdullah'],
  ['Emily', 'Nguyen'],
] as const;

/** Twelve students with long names, flags and moods, seated in a saved 3 by 4 chart. */
async function fullClass() {
  const school = await buildSchool(h.app);
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
  const students: Awaited<ReturnType<typeof buildUser>>[] = [];
  for (const [firstName, lastName] of LONG_NAMES) students.push(await buildUser(h.app, { schoolId: school.id, role: 'student', firstName, lastName }));
  const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Period 3 · Language Arts', studentIds: students.map((s) => s.id) });
  const db = h.app.services.db;
  await db.updateTable('schoolMemberships').set({ iep: true }).where('userId', 'in', [students[0]!.id, students[5]!.id]).execute();
  await db.updateTable('schoolMemberships').set({ plan504: true, languageLevel: 'L' }).where('userId', '=', students[3]!.id).execute();
  const today = schoolToday();
  const moods = ['triumph', 'sleeping', 'worried', 'pensive', 'rage', 'triumph'];
  await db
    .insertInto('moods')
    .values(moods.map((mood, i) => ({ userId: students[i * 2]!.id, schoolId: school.id, schoolDate: today, mood, lowEnjoyment: false })))
    .execute();
  const seats = Object.fromEntries(students.map((s, i) => [`${Math.floor(i / 4)}_${i % 4}`, s.id]));
  await db
    .insertInto('seatingCharts')
    .values({ classId: cls.id, name: 'Reading groups for the spring term', rows: 3, cols: 4, seats: JSON.stringify(seats) })
    .execute();
  return { school, teacher, students, cls };
}

describe('seating chart on a classroom laptop', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`is readable at 1366 × 768: every row and the strip in view, names on two lines, the full name on hover (${lang})`, async () => {
      const w = await fullClass();
      const { context, page } = await openAs(h, w.teacher.id, '/seatingchart', { lang, width: 1366, height: 768 });
      await card(page, w.students[11]!.id).waitFor();
      const strip = page.getByTestId('unseated-strip');
      await strip.waitFor();
      await shot(page, `seating-1366-${lang}`, { fullPage: false });
      // Everything the teacher needs is above the fold.
      for (const student of w.students)
        expect((await card(page, student.id).boundingBox())!.y + (await card(page, student.id).boundingBox())!.height).toBeLessThanOrEqual(768);
      expect((await strip.locator('h2').boundingBox())!.y + 24).toBeLessThanOrEqual(768);
      // Cards are sized by the room there is (they were 50 px).
      const face = (await card(page, w.students[0]!.id).boundingBox())!;
      expect(face.width).toBeGreaterThanOrEqual(76);
      // No name is cut: the short form fits its two lines.
      const clipped = await page
        .locator('.seat-name')
        .evaluateAll((names) => names.filter((n) => n.scrollHeight > n.clientHeight + 1).map((n) => n.textContent));
      expect(clipped).toEqual([]);
      // Hover and focus show the full name ("Maximiliano Fernández" is 21 letters: shortened on the card).
      const maxi = card(page, w.students[0]!.id);
      await maxi.hover();
      await maxi.locator('.seat-full-name').filter({ hasText: 'Maximiliano Fernández' }).waitFor();
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await page.setViewportSize({ width: 360, height: 780 });
      await card(page, w.students[0]!.id).waitFor();
      await expectAccessible(page);
      await shot(page, `seating-360-${lang}`);
      await context.close();
    });
  }

  it('asks before unsaved changes are lost by a sidebar link, and the browser asks on reload or close', async () => {
    const w = await fullClass();
    const { context, page } = await openAs(h, w.teacher.id, '/seatingchart');
    await card(page, w.students[0]!.id).waitFor();
    await page.getByRole('button', { name: 'Rotate the chart 90°' }).click();
    await page.getByText('You have unsaved changes.').waitFor();

    const link = page.getByRole('navigation').getByRole('link', { name: 'Student list' });
    await link.click();
    const ask = page.getByRole('dialog', { name: 'Save your changes?' });
    await ask.waitFor();
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/seatingchart');
    await expect.poll(() => page.getByTestId('teacher-desk').getAttribute('data-direction')).toBe('90');

    // Closing the tab: the browser's own prompt; staying keeps the page.
    const [prompt] = await Promise.all([page.waitForEvent('dialog'), page.close({ runBeforeUnload: true })]);
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
    expect(page.isClosed()).toBe(false);

    // Save from the question, then the link is followed.
    await link.click();
    await ask.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'Seating chart Reading groups for the spring term saved.');
    await page.waitForURL('**/student-list');
    const saved = await h.app.services.db.selectFrom('seatingCharts').select('deskDirection').where('classId', '=', w.cls.id).executeTakeFirstOrThrow();
    expect(saved.deskDirection).toBe(90);

    // Don't save: the link is followed and the change is dropped.
    await page.goBack();
    await card(page, w.students[0]!.id).waitFor();
    await page.getByRole('button', { name: 'Rotate the chart 90°' }).click();
    await page.getByText('You have unsaved changes.').waitFor();
    await link.click();
    await ask.getByRole('button', { name: "Don't save" }).click();
    await page.waitForURL('**/student-list');
    await context.close();
  });
});
