import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCategories, checkIn, recognise, schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { localToday, shot } from './support.js';

let h: Harness;
let w: Awaited<ReturnType<typeof arrange>>;

beforeAll(async () => {
  h = await startHarness();
  // The browser runs on the real clock; the server's clock follows it.
  h.clock.set(new Date());
  w = await arrange();
});
afterAll(() => h?.close());

async function arrange() {
  const { school, admin } = await schoolWithAdmin(h.app);
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Alpha' });
  const amy = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Amy', lastName: 'Adams' });
  const bob = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Bob', lastName: 'Brown' });
  // A name that a spreadsheet would run as a formula: the CSV export must defuse it.
  const evil = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: '=HYPERLINK("http://x")', lastName: 'Zed' });
  const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Maths 1', studentIds: [amy.id, evil.id] });
  await buildClass(h.app, { schoolId: school.id, ownerId: admin.id, name: 'Art 2', studentIds: [bob.id] });
  const high5 = await builtinCategories(h.app, 'high5');
  const above = high5.find((c) => c.key === 'above_beyond')!;
  const kindness = high5.find((c) => c.key === 'kindness')!;
  const [thanks] = await builtinCategories(h.app, 'vibe');
  const T = { id: teacher.id, role: 'teacher' };
  await recognise(h.app, { schoolId: school.id, giver: T, receiver: { id: amy.id, role: 'student' }, date: localToday(-1), comment: 'Helped a classmate', categoryIds: [above.id, kindness.id] });
  await recognise(h.app, { kind: 'vibe', schoolId: school.id, giver: T, receiver: { id: amy.id, role: 'student' }, date: localToday(-2), comment: 'Keep going', categoryIds: [thanks!.id] });
  await checkIn(h.app, { userId: amy.id, schoolId: school.id, date: localToday(-1), mood: 'persevere' });
  await checkIn(h.app, { userId: amy.id, schoolId: school.id, date: localToday(), mood: 'grinning' });
  await checkIn(h.app, { userId: evil.id, schoolId: school.id, date: localToday(), mood: 'persevere', emergency: true, priority: 'today' });
  await checkIn(h.app, { userId: bob.id, schoolId: school.id, date: localToday(), mood: 'worried' });
  return { school, admin, teacher, amy, bob, evil, cls, kindness, above };
}

async function setLanguage(userId: string, language: 'en' | 'es') {
  await h.app.services.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

describe('admin reports', () => {
  it('an admin runs the group report and opens a user\'s Reports dialog (English, wide)', async () => {
    await setLanguage(w.admin.id, 'en');
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366 });
    await h.signInAs(context, w.admin.id, w.school.id);
    await page.goto('/admin');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('School analytics');
    await page.getByRole('button', { name: 'Submit' }).click();
    const table = page.getByRole('table', { name: 'Report: Student' });
    await table.waitFor();
    const amyRow = table.getByRole('row').filter({ hasText: 'Amy Adams' });
    // High 5s given, received, Vibes given, received.
    await expect.poll(async () => (await amyRow.getByRole('cell').allTextContents()).slice(1)).toEqual([w.amy.email, '0', '1', '0', '1']);
    await expectNoAxeViolations(page);

    // By keyboard: the name is a button.
    await page.getByRole('button', { name: 'Open the reports of Amy Adams' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Reports/ });
    await dialog.getByText('Helped a classmate').waitFor();
    // Tiles: names cut at 15 characters; the full name stays available.
    await expect.poll(() => dialog.getByRole('button', { name: 'Going above and beyond: 1. Show these' }).textContent()).toBe('1Going above and…');
    await shot(page, 'reports-dialog-en-1366');
    await expectNoAxeViolations(page);

    // A tile with a zero count still opens its list.
    await dialog.getByRole('button', { name: 'Respect: 0. Show these' }).click();
    const detail = page.getByRole('dialog', { name: 'Respect' });
    await detail.getByText('No High 5s received in these dates.').waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Kindness: 1. Show these' }).click();
    await page.getByRole('dialog', { name: 'Kindness' }).getByText('Helped a classmate').waitFor();
    await page.keyboard.press('Escape');

    await dialog.getByRole('tab', { name: 'Positive Vibe report' }).click();
    await dialog.getByText('Keep going').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const audit = await h.app.services.db.selectFrom('auditLog').select('action').where('targetId', '=', w.amy.id).execute();
    expect(audit.map((a) => a.action)).toContain('report.user.read');
    await context.close();
  });

  it('the mood meter report filters by feeling, exports a safe CSV and opens a student (Spanish, narrow)', async () => {
    await setLanguage(w.admin.id, 'es');
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, w.admin.id, w.school.id);
    await page.goto('/admin?view=mood');
    await page.getByRole('combobox', { name: 'Sentimientos de poco disfrute' }).click();
    await page.getByRole('option', { name: 'Triste' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Mínimo de registros de poco disfrute' }).fill('1');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const list = page.getByRole('list', { name: 'Informe del medidor de ánimo: Estudiante' });
    await list.waitFor();
    // Bob's worry is not "sad": only Amy and the student with the formula-like name are listed.
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => list.textContent()).not.toContain('Bob Brown');
    await shot(page, 'mood-es-360');
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('MoodMeterReport.csv');
    const csv = (await readFile(await download.path())).toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Nombre","Correo electrónico","Mucho disfrute","Poco disfrute","Registros de poco disfrute"');
    const [y, m, d] = localToday(-1).split('-');
    expect(lines).toContain(`"Amy Adams","${w.amy.email}","1","1","${y}-${m}-${d} Triste"`);
    expect(lines.find((l) => l.includes('Zed'))).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\) Zed"/);

    // The school's report settings are kept for next time.
    const saved = await h.app.services.db.selectFrom('moodReportSettings').selectAll().where('schoolId', '=', w.school.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ minimumLowEnjoyment: 1, filters: ['persevere'], rangeDays: 10 });
    const reads = await h.app.services.db.selectFrom('auditLog').select('action').where('schoolId', '=', w.school.id).where('action', '=', 'report.mood.read').execute();
    expect(reads.length).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Abrir los detalles de Amy Adams' }).click();
    await page.getByRole('dialog').first().waitFor();
    await context.close();
  });

  it('a teacher\'s report covers only the classes they teach (English, narrow)', async () => {
    await setLanguage(w.teacher.id, 'en');
    const { context, page } = await h.newPage({ locale: 'en-US', width: 360 });
    await h.signInAs(context, w.teacher.id, w.school.id);
    await page.goto('/TeacherReport');
    await page.getByRole('combobox', { name: 'Class' }).click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['All classes', 'Maths 1 · Tina Alpha']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Submit' }).click();
    const list = page.getByRole('list', { name: 'High 5 report' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => list.textContent()).not.toContain('Bob');
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Mood meter report' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('list', { name: 'Mood meter report' }).waitFor();
    await shot(page, 'teacher-report-en-360');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
