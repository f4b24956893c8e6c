import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildRecognition } from '../../apps/server/src/modules/recognition/give/test-factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { expectNoHorizontalScroll, pageAs, recognitionSchool, snap } from './fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

// A 2x2 PNG: the sender's saved hand image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNgYPj/nwEFMP7/j8QBAK3oBP5N0yfnAAAAAElFTkSuQmCC', 'base64');

describe('received reports', () => {
  it("shows this month's High 5s by category and in a table, with comments as text; a tile opens its dialog; another month reloads", async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    const own = await buildCategory(h.app, {
      schoolId: s.school.id,
      kind: 'high5',
      nameEn: 'Outstanding classroom citizenship',
      nameEs: 'Ciudadanía ejemplar en clase',
    });
    await buildRecognition(h.app, {
      schoolId: s.school.id,
      giverId: s.ana.id,
      giverRole: 'student',
      receiverId: s.teacher.id,
      receiverRole: 'teacher',
      schoolDate: '2026-10-12',
      categoryIds: [own.id],
    });
    await h.app.services.storage.put(`avatars/${s.staff.id}.png`, PNG, 'image/png');
    await h.app.services.db
      .insertInto('avatars')
      .values({ userId: s.staff.id, imageKey: `avatars/${s.staff.id}.png`, hand: 'Hand4', colourInfo: JSON.stringify({}) })
      .execute();

    const { page, context, errors } = await pageAs(h, s.teacher.id, { width: 1280, height: 900 });
    await page.goto('/highfivereport');
    await page.getByRole('heading', { level: 1, name: 'High 5s received' }).waitFor();
    // This month by default (the school's today is 15 October 2026); later months are not there yet.
    await page.getByRole('button', { name: 'October 2026', pressed: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'November 2026' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Teamwork: 2' }).waitFor();
    await page.getByRole('button', { name: 'Kindness: 1' }).waitFor();
    await page.getByRole('button', { name: 'Respect: 0' }).waitFor();
    const longTile = page.getByRole('button', { name: 'Outstanding classroom citizenship: 1' });
    await expect.poll(() => longTile.textContent()).toBe('1Outstanding cla…');
    // The tile keeps the short form; its full name shows on keyboard focus and on touch.
    const fullName = page.getByRole('tooltip').getByText('Outstanding classroom citizenship');
    await page.keyboard.press('Shift');
    await longTile.focus();
    await fullName.waitFor();
    await longTile.blur();
    await fullName.waitFor({ state: 'detached' });
    await longTile.dispatchEvent('touchstart');
    await fullName.waitFor();
    await longTile.dispatchEvent('touchend');
    await fullName.waitFor({ state: 'detached' });

    const table = page.getByRole('table');
    await table.getByRole('cell', { name: '<script>alert("x")</script> Great teamwork at the fair' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    // Newest first: the Date header also says (to screen readers) that it sorts the table.
    await expect.poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['From', 'Role', 'Datesorted descending', 'Comment', 'High 5s']);
    await expect
      .poll(() => table.getByRole('row').nth(1).getByRole('cell').allInnerTexts())
      .toEqual(['Ana Pupil', 'Student', '10/12/2026', 'No comment', 'Outstanding classroom citizenship']);
    await table.getByRole('cell', { name: 'Teamwork, Kindness' }).waitFor();
    await snap(page, 'report-en-1280');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Teamwork: 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Teamwork in October 2026' });
    await dialog.getByText('Sam Staffer').waitFor();
    await dialog.getByText('Óscar Núñez').waitFor();
    await dialog.getByText('10/09/2026').waitFor();
    await dialog.getByText('<script>alert("x")</script> Great teamwork at the fair').waitFor();
    const hand = dialog.getByRole('img', { name: "Sam Staffer's hand" });
    await hand.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('img')).some((img) => img.alt === "Sam Staffer's hand" && img.complete && img.naturalWidth === 2),
    );
    await dialog.getByRole('img', { name: 'Óscar Núñez has not made a hand yet' }).waitFor();
    await snap(page, 'report-dialog-en-1280');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // A tile with nothing in it still opens.
    await page.getByRole('button', { name: 'Respect: 0' }).click();
    await page.getByRole('dialog', { name: 'Respect in October 2026' }).getByText('No one gave this in October 2026.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'September 2026' }).click();
    await page.waitForURL('**/highfivereport?month=2026-09');
    await table.getByRole('cell', { name: 'Thank you for helping me with fractions!' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Going above and beyond: 1' }).waitFor();
    await page.getByRole('button', { name: 'Teamwork: 0' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Positive Vibe report in Spanish at 360 px', async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    const { page, context, errors } = await pageAs(h, s.teacher.id, { locale: 'es-ES', width: 360, height: 800 });
    await page.goto('/positivevibereport?month=2026-10');
    await page.getByRole('heading', { level: 1, name: 'Vibras Positivas recibidas' }).waitFor();
    await page.getByRole('button', { name: 'Sigue brillando: 1' }).waitFor();
    await page.getByText('You make Ana love school.').waitFor();
    await page.getByText('Paula Pupil').waitFor();
    await snap(page, 'vibe-report-es-360');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sigue brillando: 1' }).click();
    const dialog = page.getByRole('dialog', { name: /Sigue brillando en octubre de 2026/ });
    await dialog.getByText('10/10/2026').waitFor();
    await snap(page, 'vibe-report-dialog-es-360');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    // The server searches roles by their Spanish name ("Padre o madre"), and says when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill('MADRE');
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Paula Pupil' }).count()).toBe(1);
    await search.fill('trompeta');
    await page.getByText('Nada de lo recibido en octubre de 2026 coincide con «trompeta».').waitFor();
    await search.fill('');
    await page.getByText('You make Ana love school.').waitFor();
    await page.getByRole('button', { name: 'agosto de 2026' }).click();
    await page.getByText('Todavía no has recibido nada en agosto de 2026.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks the server for one page at a time: pages, sorts and searches the table, and the category dialog shows more on request (en at 1366 px, es at 360 px)', async () => {
    const s = await recognitionSchool(h.app, { activity: true });
    const helping = s.high5[2]!;
    // 30 more in October from Ana and Bea, two a day: with the fixture's two, 32 items, a page of 25 and one of 7.
    for (let i = 0; i < 30; i++) {
      const day = String(1 + Math.floor(i / 2)).padStart(2, '0');
      await buildRecognition(h.app, {
        schoolId: s.school.id,
        giverId: i % 2 ? s.bea.id : s.ana.id,
        giverRole: 'student',
        receiverId: s.teacher.id,
        receiverRole: 'teacher',
        schoolDate: `2026-10-${day}`,
        categoryIds: [helping.id],
        comment: `Note ${i + 1}`,
      });
    }
    const { page, context, errors } = await pageAs(h, s.teacher.id, { width: 1366, height: 900 });
    await page.goto('/highfivereport');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'Note 30' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(26);
    await page.getByText('1–25 of 32').waitFor();
    await snap(page, 'report-paged-en-1366');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('26–32 of 32').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(8);
    await expect.poll(() => table.getByRole('row').last().getByRole('cell').nth(2).textContent()).toBe('10/01/2026');

    // Sorting goes back to the first page, in the server's order.
    await table.getByRole('button', { name: 'From' }).click();
    await page.getByText('1–25 of 32').waitFor();
    await expect.poll(() => table.getByRole('row').nth(1).getByRole('cell').first().innerText()).toBe('Ana Pupil');
    await table.getByRole('button', { name: 'From' }).click();
    // Z to A: Óscar and Sam (in the database's order of Ó and S), then Bea's 15, then Ana's.
    await expect.poll(() => table.getByRole('row').nth(3).getByRole('cell').first().innerText()).toBe('Bea Pupil');
    await expect.poll(() => table.getByRole('row').last().getByRole('cell').first().innerText()).toBe('Ana Pupil');

    // The search runs on the server over sender, role, comment and categories.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('bea pup');
    await expect.poll(() => table.getByRole('row').count()).toBe(16);
    await search.fill('FAIR');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: '<script>alert("x")</script> Great teamwork at the fair' }).waitFor();
    await search.fill('staff');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: 'Sam Staffer' }).waitFor();
    await search.fill('trumpet');
    await page.getByText('Nothing received in October 2026 matches “trumpet”.').waitFor();
    await search.fill('');
    await page.getByText('1–25 of 32').waitFor();

    // The dialog asks for its category's items, 25 at a time.
    await page.getByRole('button', { name: `${helping.nameEn}: 30` }).click();
    const dialog = page.getByRole('dialog', { name: `${helping.nameEn} in October 2026` });
    await dialog.getByText('Showing 25 of 30').waitFor();
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(25);
    await dialog.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await snap(page, 'report-dialog-en-1366');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(30);
    await dialog.getByText('Note 1', { exact: true }).waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    await snap(page, 'report-dialog-more-en-1366');
    expect(errors).toEqual([]);
    await context.close();

    // In Spanish on a phone: cards, the pager in Spanish, a search by role name, and the dialog's "Mostrar más".
    const es = await pageAs(h, s.teacher.id, { locale: 'es-ES', width: 360, height: 800 });
    await es.page.goto('/highfivereport?month=2026-10');
    await es.page.getByText('1–25 de 32').waitFor();
    await es.page.getByRole('searchbox', { name: 'Buscar' }).fill('estudiante');
    await es.page.getByText('1–25 de 30').waitFor();
    await expect.poll(() => es.page.getByRole('listitem').filter({ hasText: 'Sam Staffer' }).count()).toBe(0);
    await snap(es.page, 'report-paged-es-360');
    await expectNoHorizontalScroll(es.page);
    await expectNoAxeViolations(es.page);
    await es.page.getByRole('button', { name: 'Página siguiente' }).click();
    await es.page.getByText('26–30 de 30').waitFor();
    await es.page.getByRole('button', { name: `${helping.nameEs}: 30` }).click();
    const esDialog = es.page.getByRole('dialog', { name: `${helping.nameEs} en octubre de 2026` });
    await esDialog.getByText('Se muestran 25 de 30').waitFor();
    await esDialog.getByRole('button', { name: 'Mostrar más' }).scrollIntoViewIfNeeded();
    await snap(es.page, 'report-dialog-es-360');
    await expectNoAxeViolations(es.page);
    expect(es.errors).toEqual([]);
    await es.context.close();
  });
});
