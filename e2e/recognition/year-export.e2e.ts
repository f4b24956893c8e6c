import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildUser, linkParent } from '../../apps/server/src/test/factories.js';
import { pdfPages, text, unzip } from '../../apps/server/src/test/zip-pdf.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';

// The family's copy of a child's school year (docs/decisions/0575): a parent downloads
// their child's year from the child view, a student their own from the profile, in their language.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

async function family(language: 'en' | 'es') {
  const { school } = await schoolWithAdmin(h.app);
  const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Lucía', lastName: 'Núñez', grade: 7, language });
  const young = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Pablo', lastName: 'Ruiz', grade: 4, language });
  const parent = await buildUser(h.app, { schoolId: school.id, role: 'parent', firstName: 'Rosa', lastName: 'Núñez', language });
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Begoña', lastName: 'Ibáñez' });
  await linkParent(h.app, parent.id, student.id);
  const today = new Date().toISOString().slice(0, 10);
  await h.app.services.db
    .insertInto('recognitions')
    .values({
      kind: 'high5',
      schoolId: school.id,
      giverId: teacher.id,
      giverRole: 'teacher',
      receiverId: student.id,
      receiverRole: 'student',
      schoolDate: today,
      comment: '¡Muy bien, campeona!',
    })
    .execute();
  await h.app.services.db.insertInto('journalEntries').values({ userId: student.id, heading: 'Gracias', description: 'Por mi familia.' }).execute();
  return { school, student, young, parent };
}

/** Clicks the button and answers the files of the ZIP the browser saved. */
async function downloadZip(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), files: unzip(await readFile(path)) };
}

const year = () => {
  const now = new Date();
  const start = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

describe('downloading a school year', () => {
  it("a parent downloads their child's year from the child view (English, 360 px)", { timeout: 150_000 }, async () => {
    const f = await family('en');
    const { context, page } = await h.newPage({ locale: 'en-US', width: 360 });
    await h.signInAs(context, f.parent.id, f.school.id);
    await page.goto(`/viewhigh5?student=${f.student.id}`);
    const section = page.getByRole('region', { name: 'Download the school year' });
    await section.getByText("A keepsake of Lucía Núñez's school year", { exact: false }).waitFor();
    // Never the journal for a parent.
    await expect.poll(() => section.getByRole('checkbox').count()).toBe(0);
    await expectNoAxeViolations(page);
    const zip = await downloadZip(page, section.getByRole('button', { name: `Download Lucía Núñez's school year ${year()} (ZIP)` }));
    // The notice shows a few seconds: checked before the files are read.
    await page.getByText('The download has started.').waitFor();
    expect(zip.name).toBe(`high5-lucia-nunez-${year()}.zip`);
    expect(Object.keys(zip.files).sort()).toEqual([`high5-lucia-nunez-${year()}.pdf`, 'high5s.csv', 'high5s.json']);
    const pages = await pdfPages(zip.files[`high5-lucia-nunez-${year()}.pdf`]!);
    expect(pages[0]).toContain(`Lucía Núñez's school year ${year()}`);
    expect(pages[0]).toContain('¡Muy bien, campeona!');
    await context.close();
  });

  it('a student downloads their own year with their journal from the profile (Spanish, 360 px)', { timeout: 150_000 }, async () => {
    const f = await family('es');
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await h.signInAs(context, f.student.id, f.school.id);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Descargar el curso escolar' });
    await section.getByText('Un recuerdo de tu curso escolar', { exact: false }).waitFor();
    await section.getByRole('checkbox', { name: 'Añadir mi diario de gratitud' }).check();
    await expectNoAxeViolations(page);
    const zip = await downloadZip(page, section.getByRole('button', { name: 'Descargar ZIP' }));
    await page.getByText('La descarga ha comenzado.').waitFor();
    expect(Object.keys(zip.files)).toContain('journal.csv');
    expect(text(zip.files['journal.csv'])).toContain('Por mi familia.');
    const pages = await pdfPages(zip.files[`high5-lucia-nunez-${year()}.pdf`]!);
    expect(pages[0]).toContain(`El curso escolar ${year()} de Lucía Núñez`);
    expect(pages.at(-1)).toContain('Mi diario de gratitud');
    await context.close();
  });

  it("a student below the school's grade is told from which grade, with no button (Spanish, 360 px)", { timeout: 150_000 }, async () => {
    const f = await family('es');
    const young = await h.newPage({ locale: 'es-ES', width: 360 });
    await h.signInAs(young.context, f.young.id, f.school.id);
    await young.page.goto('/profile');
    await young.page.getByRole('region', { name: 'Descargar el curso escolar' }).getByText('a partir de 6.º grado', { exact: false }).waitFor();
    await expect.poll(() => young.page.getByRole('button', { name: 'Descargar ZIP' }).count()).toBe(0);
    await expectNoAxeViolations(young.page);
    await young.context.close();
  });
});
