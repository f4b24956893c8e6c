import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCategories, checkIn, recognise, schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { schoolToday } from '../support/calendar.js';
import { downloadCsv, shot } from './support.js';

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
  // A student who signs in with a username only: reports show the username, never "—".
  const cal = await buildUser(h.app, {
    schoolId: school.id,
    role: 'student',
    firstName: 'Cal',
    lastName: 'Clark',
    email: null,
    username: `cal.clark.${Date.now()}`,
  });
  const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Maths 1', studentIds: [amy.id, evil.id, cal.id] });
  await buildClass(h.app, { schoolId: school.id, ownerId: admin.id, name: 'Art 2', studentIds: [bob.id] });
  const high5 = await builtinCategories(h.app, 'high5');
  const above = high5.find((c) => c.key === 'above_beyond')!;
  const kindness = high5.find((c) => c.key === 'kindness')!;
  const [thanks] = await builtinCategories(h.app, 'vibe');
  const T = { id: teacher.id, role: 'teacher' };
  await recognise(h.app, {
    schoolId: school.id,
    giver: T,
    receiver: { id: amy.id, role: 'student' },
    date: schoolToday(-1),
    comment: 'Helped a classmate',
    categoryIds: [above.id, kindness.id],
  });
  await recognise(h.app, {
    kind: 'vibe',
    schoolId: school.id,
    giver: T,
    receiver: { id: amy.id, role: 'student' },
    date: schoolToday(-2),
    comment: 'Keep going',
    categoryIds: [thanks!.id],
  });
  await checkIn(h.app, { userId: amy.id, schoolId: school.id, date: schoolToday(-1), mood: 'persevere' });
  await checkIn(h.app, { userId: amy.id, schoolId: school.id, date: schoolToday(), mood: 'grinning' });
  await checkIn(h.app, { userId: evil.id, schoolId: school.id, date: schoolToday(), mood: 'persevere', emergency: true, priority: 'today' });
  await checkIn(h.app, { userId: bob.id, schoolId: school.id, date: schoolToday(), mood: 'worried' });
  return { school, admin, teacher, amy, bob, evil, cal, cls, kindness, above };
}

async function setLanguage(userId: string, language: 'en' | 'es') {
  await h.app.services.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

describe('admin reports', () => {
  it("an admin runs the group report and opens a user's Reports dialog (English, wide)", async () => {
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
    const calRow = table.getByRole('row').filter({ hasText: 'Cal Clark' });
    await expect.poll(async () => (await calRow.getByRole('cell').allTextContents())[1]).toBe(w.cal.username);
    await expectNoAxeViolations(page);

    // Sorting by High 5s received, fewest first, finds the students nobody recognised.
    const names = () => table.locator('tbody tr td:first-child button').allInnerTexts();
    await table.getByRole('button', { name: 'High 5s received' }).click();
    await expect.poll(async () => (await names())[3]).toBe('Amy Adams');
    await expect.poll(() => table.getByRole('columnheader', { name: /High 5s received/ }).getAttribute('aria-sort')).toBe('ascending');
    await table.getByRole('button', { name: /High 5s received/ }).click();
    await expect.poll(async () => (await names())[0]).toBe('Amy Adams');
    await expect.poll(() => table.getByRole('columnheader', { name: /High 5s received/ }).getAttribute('aria-sort')).toBe('descending');

    // The CSV states its dates and filters, and keeps the username of a username-only student.
    const { name, lines: csv } = await downloadCsv(page, page.getByRole('button', { name: 'Download CSV' }));
    expect(name).toBe(`Report_Student_${schoolToday(-10)}_${schoolToday()}.csv`);
    expect(csv.slice(0, 8)).toEqual([
      'Report,Report',
      `From,${schoolToday(-10)}`,
      `To,${schoolToday()}`,
      'User group,Student',
      'Search,None',
      'Sorted by,High 5s received (sorted descending)',
      `Downloaded on,${schoolToday()}`,
      '',
    ]);
    expect(csv[8]).toBe('Name,E-mail or username,High 5s given,High 5s received,Vibes given,Vibes received');
    expect(csv[9]).toBe(`Amy Adams,${w.amy.email},0,1,0,1`);
    expect(csv).toContain(`Cal Clark,${w.cal.username},0,0,0,0`);

    // Search: names, e-mail addresses and usernames; the server answers.
    await page.getByRole('searchbox', { name: 'Search by name, e-mail or username' }).fill('CAL.clark');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await expect.poll(() => table.textContent()).toContain('Cal Clark');
    await page.getByRole('searchbox', { name: 'Search by name, e-mail or username' }).fill('nobody-like-this');
    await page.getByText('Nobody matches “nobody-like-this”.').waitFor();
    await page.getByRole('searchbox', { name: 'Search by name, e-mail or username' }).fill('');
    await table.waitFor();
    await shot(page, 'group-report-en-1366');
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
  }, 120_000);

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

    // Who asked to talk today shows in the table.
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Zed' }).textContent()).toContain('Pidió hablar hoy1');

    const { name, lines } = await downloadCsv(page, page.getByRole('button', { name: 'Exportar CSV' }));
    expect(name).toBe(`Informe-del-medidor-de-animo_Estudiante_${schoolToday(-10)}_${schoolToday()}.csv`);
    // The file says what it holds: dates (yyyy-MM-dd), group, class, feelings, minimum.
    expect(lines.slice(0, 7)).toEqual([
      'Informe,Informe del medidor de ánimo',
      `Desde,${schoolToday(-10)}`,
      `Hasta,${schoolToday()}`,
      'Grupo de usuarios,Estudiante',
      'Clase,Todas las clases',
      'Sentimientos de poco disfrute,Triste',
      'Mínimo de registros de poco disfrute,1',
    ]);
    const header = lines.indexOf('') + 1;
    expect(lines[header]).toBe(
      'Nombre,Correo electrónico o nombre de usuario,Mucho disfrute,Poco disfrute,Pidió hablar hoy,"Quiere hablar, hoy no",Registros de poco disfrute',
    );
    expect(lines).toContain(`Amy Adams,${w.amy.email},1,1,0,0,${schoolToday(-1)} Triste`);
    // "Today" is kept apart from "not today"; a formula-like name is defused.
    expect(lines.find((l) => l.includes('Zed'))).toBe(`"'=HYPERLINK(""http://x"") Zed",${w.evil.email},0,1,1,0,${schoolToday()} Triste (Pidió hablar hoy)`);

    // The school's report settings are kept for next time.
    const saved = await h.app.services.db.selectFrom('moodReportSettings').selectAll().where('schoolId', '=', w.school.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ minimumLowEnjoyment: 1, filters: ['persevere'], rangeDays: 10 });
    const reads = await h.app.services.db
      .selectFrom('auditLog')
      .select('action')
      .where('schoolId', '=', w.school.id)
      .where('action', '=', 'report.mood.read')
      .execute();
    expect(reads.length).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Abrir los detalles de Amy Adams' }).click();
    await page.getByRole('dialog').first().waitFor();
    await context.close();
  });

  it('the mood report says which saved filters it reuses, clears them, and sorts by who asked to talk today (English, wide)', async () => {
    await setLanguage(w.admin.id, 'en');
    await h.app.services.db
      .insertInto('moodReportSettings')
      .values({ schoolId: w.school.id, rangeDays: 10, minimumLowEnjoyment: 1, filters: ['persevere'] })
      .onConflict((oc) => oc.column('schoolId').doUpdateSet({ rangeDays: 10, minimumLowEnjoyment: 1, filters: ['persevere'] }))
      .execute();
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366 });
    await h.signInAs(context, w.admin.id, w.school.id);
    await page.goto('/admin?view=mood');
    const notice = page.getByRole('alert').filter({ hasText: 'Filters saved by the last mood report' });
    await expect.poll(() => notice.textContent()).toContain('the last 10 days; feelings: Sad; at least 1 low-enjoyment check-in.');
    await expectNoAxeViolations(page);
    await shot(page, 'mood-saved-filters-en-1366');
    await notice.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('status').filter({ hasText: 'Filters cleared' }).waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(() => page.getByRole('textbox', { name: 'Minimum low-enjoyment count' }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Submit' }).click();
    const table = page.getByRole('table', { name: 'Mood meter report: Student' });
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    await table.getByRole('button', { name: 'Asked to talk today' }).click();
    await table.getByRole('button', { name: /Asked to talk today/ }).click();
    await expect.poll(async () => (await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(4, 6)).toEqual(['1', '0']);
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toContain('Zed');
    await expect.poll(() => page.getByText(/^In use: /).textContent()).toBe('In use: the last 10 days');
    await shot(page, 'mood-talk-en-1366');
    await expectNoAxeViolations(page);
    await context.close();
  }, 120_000);

  it("a teacher's report covers only the classes they teach (English, narrow)", async () => {
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
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => list.textContent()).not.toContain('Bob');
    // The username-only student shows their username.
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'Cal Clark' }).textContent()).toContain(w.cal.username);
    await expectNoAxeViolations(page);

    // Pick one class and older dates: they stay when switching tabs and after a reload.
    await page.getByRole('combobox', { name: 'Class' }).click();
    await page.getByRole('option', { name: 'Maths 1 · Tina Alpha' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('class')).toBe(w.cls.id);
    const from = new URL(page.url()).searchParams.get('from');
    expect(from).toBe(schoolToday(-10));
    await page.getByRole('tab', { name: 'Mood meter report' }).click();
    const mood = page.getByRole('list', { name: 'Mood meter report' });
    await expect.poll(() => mood.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => page.getByRole('combobox', { name: 'Class' }).inputValue()).toBe('Maths 1');
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('mood');
    await shot(page, 'teacher-report-en-360');
    await expectNoAxeViolations(page);
    await page.reload();
    await expect.poll(() => page.getByRole('list', { name: 'Mood meter report' }).getByRole('listitem').count()).toBe(3);
    await page.getByRole('tab', { name: 'High 5 report' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Class' }).inputValue()).toBe('Maths 1');
    await expect.poll(() => page.getByRole('list', { name: 'High 5 report' }).getByRole('listitem').count()).toBe(3);
    await context.close();
  });

  for (const { lang, width } of [
    { lang: 'en' as const, width: 1366 },
    { lang: 'es' as const, width: 360 },
  ]) {
    it(`a range over a year is refused in the filter bar, with the reason, until it is shortened (${lang}, ${width} px)`, async () => {
      const es = lang === 'es';
      await setLanguage(w.admin.id, lang);
      const { context, page } = await h.newPage({ locale: es ? 'es-ES' : 'en-US', width, height: 800 });
      await h.signInAs(context, w.admin.id, w.school.id);
      await page.goto('/admin');
      const run = page.getByRole('button', { name: es ? 'Enviar' : 'Submit' });
      await expect.poll(() => run.isEnabled()).toBe(true);
      const typeFrom = async (date: string) => {
        const [y, m, d] = date.split('-');
        await page
          .getByRole('group', { name: es ? 'Desde' : 'From' })
          .getByRole('spinbutton')
          .first()
          .click();
        await page.keyboard.type(es ? `${d}${m}${y}` : `${m}${d}${y}`);
      };
      await typeFrom(schoolToday(-400));
      const reason = page
        .getByRole('alert')
        .filter({ hasText: es ? 'Elige un intervalo de fechas de un año como máximo.' : 'Choose a date range of at most one year.' });
      await reason.waitFor();
      await expect.poll(() => run.isDisabled()).toBe(true);
      await expectNoAxeViolations(page);
      await shot(page, `report-filters-too-long-${lang}-${width}`);
      await typeFrom(schoolToday(-30));
      await expect.poll(() => reason.count()).toBe(0);
      await run.click();
      await page.getByRole(width < 600 ? 'list' : 'table', { name: es ? 'Informe: Estudiante' : 'Report: Student' }).waitFor();
      await context.close();
    });
  }
});
