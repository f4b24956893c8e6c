import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { openAs, type Lang } from '../classroom/support.js';
import { schoolToday } from '../support/calendar.js';
import { downloadCsv, shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The reports refuse a To after the server's today; the browser's today is the real one.
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const db = () => h.app.services.db;
const MIN = 60_000;

/** An alert as the alert service leaves it: a "today" check-in, the adult it reached, and what they did. */
async function seedAlert(a: {
  schoolId: string;
  studentId: string;
  adultId: string;
  openedAt: Date;
  ackAfterMin?: number;
  closed?: boolean;
  escalated?: boolean;
}) {
  const ackAt = a.ackAfterMin === undefined ? null : new Date(a.openedAt.getTime() + a.ackAfterMin * MIN);
  const alert = await db()
    .insertInto('alerts')
    .values({
      schoolId: a.schoolId,
      studentId: a.studentId,
      openedAt: a.openedAt,
      tier: a.escalated ? 1 : 0,
      escalatedAt: a.escalated ? new Date(a.openedAt.getTime() + 30 * MIN) : null,
      firstAcknowledgedAt: ackAt,
      closedAt: a.closed ? ackAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('alertSignals').values({ alertId: alert.id, at: a.openedAt, mood: 'weary', priority: 'today' }).execute();
  await db().insertInto('alertRecipients').values({ alertId: alert.id, adultId: a.adultId, tier: 0, reason: 'classTeacher', notifiedAt: a.openedAt }).execute();
  if (ackAt)
    await db()
      .insertInto('alertActions')
      .values({ alertId: alert.id, actorId: a.adultId, at: ackAt, action: 'talked', note: '', closed: !!a.closed })
      .execute();
  return alert.id;
}

async function schoolWithAdmin(lang: Lang) {
  const school = await buildSchool(h.app, { name: 'Cedar Grove School' });
  const admin = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true, firstName: 'Ada', lastName: 'Admin', language: lang });
  const counselor = await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Cora', lastName: 'Counselor' });
  return { school, admin, counselor };
}

/** Picks the alert settings on the settings tab the page is on. */
async function openAlertSettings(page: Page, lang: Lang) {
  await page.getByRole('combobox', { name: lang === 'en' ? 'Settings' : 'Configuración' }).click();
  await page.getByRole('option', { name: lang === 'en' ? 'Well-being alerts' : 'Alertas de bienestar' }).click();
}

const words = {
  en: {
    minutes: 'Minutes before escalating',
    ends: 'School day ends',
    save: 'Save alert settings',
    badMinutes: 'Enter a whole number of minutes from 5 to 1440.',
    badEnd: 'The school day must end after it starts.',
    emptyTier: 'Choose at least one adult for this tier, or remove it.',
    addTier: 'Add a tier',
    tier1: 'Tier 1',
    saved: 'Alert settings saved.',
    tab: 'Alerts report',
    export: 'Export CSV',
    file: 'Alerts-report',
    header: 'Week of,Class,Alerts,Still open,Escalated,Answered,Median time to first answer,Longest time to first answer',
    history: 'Alerts',
    trail: 'Tess Ng: Talked with the student · closed',
    wholeSchool: 'Whole school',
  },
  es: {
    minutes: 'Minutos antes de escalar',
    ends: 'Fin de la jornada',
    save: 'Guardar la configuración de alertas',
    badMinutes: 'Escribe un número entero de minutos entre 5 y 1440.',
    badEnd: 'La jornada debe terminar después de empezar.',
    emptyTier: 'Elige al menos un adulto para este nivel o quítalo.',
    addTier: 'Añadir un nivel',
    tier1: 'Nivel 1',
    saved: 'Configuración de alertas guardada.',
    tab: 'Informe de alertas',
    export: 'Exportar CSV',
    file: 'Informe-de-alertas',
    header: 'Semana del,Clase,Alertas,Aún abiertas,Escaladas,Respondidas,Mediana hasta la primera respuesta,Mayor tiempo hasta la primera respuesta',
    history: 'Alertas',
    trail: 'Tess Ng: Habló con el estudiante · cerrada',
    wholeSchool: 'Toda la escuela',
  },
};

describe('admin: well-being alert settings', () => {
  it.each([
    ['en', 360],
    ['en', 1366],
    ['es', 360],
    ['es', 1366],
  ] as [Lang, number][])('(%s, %i px) wrong input is refused with a translated message, and nothing is saved', async (lang, width) => {
    const w = words[lang];
    const { school, admin } = await schoolWithAdmin(lang);
    const { context, page } = await openAs(h, admin.id, '/admin?view=settings', { lang, width });
    await openAlertSettings(page, lang);
    await page.getByRole('textbox', { name: w.minutes }).fill('2');
    await page.getByRole('textbox', { name: w.ends }).fill('07:00');
    await page.getByRole('button', { name: w.addTier }).click();
    await page.getByRole('button', { name: w.save }).click();
    await page.getByText(w.badMinutes).waitFor();
    await page.getByText(w.badEnd).waitFor();
    await page.getByText(w.emptyTier).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `alert-settings-errors-${lang}-${width}`);
    // Nothing was sent: the school keeps its defaults.
    expect(await db().selectFrom('schoolAlertSettings').selectAll().where('schoolId', '=', school.id).executeTakeFirst()).toBeUndefined();
    await context.close();
  });

  it.each(['en', 'es'] as Lang[])('(%s) a changed tier and minutes are saved and still there after a reload', async (lang) => {
    const w = words[lang];
    const { school, admin } = await schoolWithAdmin(lang);
    const { context, page } = await openAs(h, admin.id, '/admin?view=settings', { lang, width: 1366 });
    await openAlertSettings(page, lang);
    await page.getByRole('textbox', { name: w.minutes }).fill('45');
    await page.getByRole('button', { name: w.addTier }).click();
    await page.getByRole('combobox', { name: w.tier1 }).fill('Cora');
    await page.getByRole('option', { name: 'Cora Counselor' }).click();
    await page.getByRole('button', { name: w.save }).click();
    await page.getByRole('alert').filter({ hasText: w.saved }).first().waitFor();
    await expect
      .poll(
        async () =>
          (await db()
            .selectFrom('schoolAlertSettings')
            .select(['escalationMinutes', 'escalationTiers'])
            .where('schoolId', '=', school.id)
            .executeTakeFirst()) ?? null,
      )
      .toMatchObject({ escalationMinutes: 45 });

    await page.reload();
    await page.locator('main h1').waitFor();
    await openAlertSettings(page, lang);
    await expect.poll(() => page.getByRole('textbox', { name: w.minutes }).inputValue()).toBe('45');
    await page
      .getByRole('button', { name: 'Cora Counselor' })
      .or(page.locator('.MuiChip-root', { hasText: 'Cora Counselor' }))
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `alert-settings-saved-${lang}-1366`);
    await context.close();
  });
});

describe('admin: alerts report', () => {
  it.each(['en', 'es'] as Lang[])("(%s) the school's figures and the weekly rows by class; the CSV downloads", async (lang) => {
    const w = words[lang];
    const { school, admin } = await schoolWithAdmin(lang);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tess', lastName: 'Ng' });
    const students = await Promise.all(
      [1, 2, 3].map((n) => buildUser(h.app, { schoolId: school.id, role: 'student', firstName: `Kid${n}`, lastName: 'Test' })),
    );
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Science 3', studentIds: students.map((s) => s.id) });
    // Yesterday at the school at 17:00Z: in the morning in Los Angeles, the same calendar day.
    const day = new Date(`${schoolToday(-1)}T17:00:00Z`);
    await seedAlert({ schoolId: school.id, studentId: students[0]!.id, adultId: teacher.id, openedAt: day, ackAfterMin: 4, closed: true });
    await seedAlert({
      schoolId: school.id,
      studentId: students[1]!.id,
      adultId: teacher.id,
      openedAt: new Date(day.getTime() + 60 * MIN),
      ackAfterMin: 10,
      escalated: true,
    });
    await seedAlert({ schoolId: school.id, studentId: students[2]!.id, adultId: teacher.id, openedAt: new Date(day.getTime() + 120 * MIN) });

    for (const width of [360, 1366]) {
      const { context, page } = await openAs(h, admin.id, '/admin?view=alerts', { lang, width });
      await page.getByRole('tab', { name: w.tab, selected: true }).waitFor();
      const figure = (id: string) => page.getByTestId(`alerts-figure-${id}`).locator('dd');
      await expect.poll(() => figure('alerts').textContent()).toBe('3');
      await expect.poll(() => figure('open').textContent()).toBe('2');
      await expect.poll(() => figure('escalated').textContent()).toBe('1');
      await expect.poll(() => figure('median').textContent()).toBe('7 min');
      await expect.poll(() => figure('worst').textContent()).toBe('10 min');
      await page.getByText('Science 3').first().waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `alerts-report-${lang}-${width}`);
      if (width === 1366) {
        const { name, lines: csv } = await downloadCsv(page, page.getByRole('button', { name: w.export }));
        expect(name).toBe(`${w.file}_${schoolToday(-27)}_${schoolToday()}.csv`);
        expect(csv).toContain(w.header);
        expect(csv.some((line) => /^\d{4}-\d{2}-\d{2},Science 3,3,2,1,2,7,10$/.test(line))).toBe(true);
        expect(csv.some((line) => new RegExp(`^\\d{4}-\\d{2}-\\d{2},${w.wholeSchool},3,2,1,2,7,10$`).test(line))).toBe(true);
      }
      await context.close();
    }
  });
});

describe('student detail: alert history', () => {
  it.each(['en', 'es'] as Lang[])(
    "(%s) a teacher of the student sees the alerts with their trail, times in the school's zone; an admin who does not teach the student sees no section and no error",
    async (lang) => {
      const w = words[lang];
      const { school, admin } = await schoolWithAdmin(lang);
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tess', lastName: 'Ng', language: lang });
      const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Sam', lastName: 'Rivera' });
      await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Math 4B', studentIds: [student.id] });
      // 17:00Z is 9:00 in Los Angeles (the browser runs in UTC).
      await seedAlert({
        schoolId: school.id,
        studentId: student.id,
        adultId: teacher.id,
        openedAt: new Date('2026-11-24T17:00:00Z'),
        ackAfterMin: 5,
        closed: true,
      });

      const width = lang === 'en' ? 1366 : 360;
      const { context, page } = await openAs(h, teacher.id, '/teacher-classes', { lang, width });
      await page.getByRole('main').getByText('Sam Rivera', { exact: true }).and(page.getByRole('button')).click();
      const dialog = page.getByRole('dialog');
      const history = dialog.getByTestId('alert-history');
      await history.getByRole('heading', { name: w.history }).waitFor();
      const summary = history.getByRole('button', { name: lang === 'en' ? /11\/24\/2026 9:00 AM/ : /24\/11\/2026 09:00/ });
      await summary.click();
      await history.getByText(w.trail).waitFor();
      await history
        .getByText(lang === 'en' ? /11\/24\/2026 9:05 AM/ : /24\/11\/2026 09:05/)
        .first()
        .waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `alert-history-${lang}-${width}`);
      await context.close();

      // The admin reads reports, not the child's alerts (decision 0420): the server says 403, the dialog shows nothing of it.
      const a = await openAs(h, admin.id, '/admin?view=mood', { lang, width: 1366 });
      await a.page.getByRole('button', { name: lang === 'en' ? 'Submit' : 'Enviar' }).click();
      const answered = a.page.waitForResponse((r) => r.url().includes(`/v1/alerts/students/${student.id}`));
      await a.page.getByRole('button', { name: lang === 'en' ? 'Open the details of Sam Rivera' : 'Abrir los detalles de Sam Rivera' }).click();
      const adminDialog = a.page.getByRole('dialog', { name: lang === 'en' ? 'Student details' : 'Datos del estudiante' });
      await adminDialog.getByRole('heading', { name: 'Sam Rivera' }).waitFor();
      // The history's request has been answered (403) before the dialog is checked.
      expect((await answered).status()).toBe(403);
      await expect.poll(() => adminDialog.getByTestId('alert-history').count()).toBe(0);
      await expect.poll(() => adminDialog.getByRole('alert').count()).toBe(0);
      await expectNoAxeViolations(a.page);
      await a.context.close();
    },
  );
});
