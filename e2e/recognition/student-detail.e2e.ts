import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAttendance,
  addMood,
  addRecognition,
  addTrustedAdult,
  rosterStudent,
} from '../../apps/server/src/modules/recognition/student-details/test-factories.js';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const db = () => h.app.services.db;

/** Today in Los Angeles is 2026-10-15 on the test clock. */
async function classWithStudent(options: { paid?: boolean; language?: 'en' | 'es' } = {}) {
  const school = await buildSchool(h.app, { name: 'Willow Creek School', paid: options.paid ?? false });
  await db()
    .updateTable('schools')
    .set({ urlProgramIep: 'https://district.example/iep', urlLanguage: 'https://district.example/ell' })
    .where('id', '=', school.id)
    .execute();
  const teacher = await buildUser(h.app, { role: 'teacher', schoolId: school.id, firstName: 'Tess', lastName: 'Ng', language: options.language ?? 'en' });
  const student = await buildUser(h.app, { role: 'student', schoolId: school.id, firstName: 'Sam', lastName: 'Rivera', grade: 4 });
  const counselor = await buildUser(h.app, { role: 'staff', schoolId: school.id, firstName: 'Cora', lastName: 'Counselor' });
  const math = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Math 4B', studentIds: [student.id] });
  return { school, teacher, student, counselor, math };
}

async function openDetails(page: Page, name: string) {
  await page.goto('/teacher-classes');
  // The student's name opens the profile (in a table row wide, on a card on a phone).
  // The button, not the "not yet" panel's line with the same name.
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^(Open the profile of|Abrir el perfil de) ${name}$`) })
    .first()
    .click({ timeout: 20_000 })
    .catch(async (error) => {
      await shot(page, 'debug-teacher-classes');
      throw error;
    });
}

describe('student detail dialog', () => {
  it('a teacher opens a student from the class list: details, switches, tabs, notes, photo and give (en, 1280 px)', async () => {
    const w = await classWithStudent();
    await addTrustedAdult(h.app, w.student.id, w.counselor.id);
    await addMood(h.app, { userId: w.student.id, schoolId: w.school.id, schoolDate: '2026-10-15', mood: 'grinning' });
    await addMood(h.app, { userId: w.student.id, schoolId: w.school.id, schoolDate: '2026-10-08', mood: 'weary', comment: 'Missed my friend' });
    await addAttendance(h.app, { classId: w.math.id, studentId: w.student.id, schoolDate: '2026-10-06', code: 'T' });
    await addAttendance(h.app, { classId: w.math.id, studentId: w.student.id, schoolDate: '2026-08-20', code: 'A' });
    await addRecognition(h.app, {
      kind: 'high5',
      schoolId: w.school.id,
      giverId: w.teacher.id,
      giverRole: 'teacher',
      receiverId: w.student.id,
      receiverRole: 'student',
      schoolDate: '2026-10-01',
    });

    const { context, page } = await h.newPage({ locale: 'en-US', width: 1280, height: 900 });
    await h.signInAs(context, w.teacher.id);
    await openDetails(page, 'Sam Rivera');
    const dialog = page.getByRole('dialog', { name: 'Student details' });
    await dialog.getByRole('heading', { name: 'Sam Rivera' }).waitFor();
    await dialog.getByText(w.student.email!).waitFor();
    await dialog.getByText('Math 4B').waitFor();
    await dialog.getByRole('img', { name: 'happy' }).waitFor();
    await expect.poll(() => dialog.locator('dl').innerText()).toMatch(/High 5s received\s*1\b/);
    await expectNoAxeViolations(page);
    await shot(page, 'student-detail-en-1280');
    const views = await db().selectFrom('auditLog').select('action').where('actorId', '=', w.teacher.id).where('targetId', '=', w.student.id).execute();
    expect(views.map((v) => v.action)).toContain('student.view');

    // A switch saves at once and the details reload.
    await dialog.getByRole('switch', { name: 'IEP' }).check();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect((await db().selectFrom('schoolMemberships').select('iep').where('userId', '=', w.student.id).executeTakeFirstOrThrow()).iep).toBe(true);
    await dialog.getByRole('switch', { name: 'Language learner' }).check();
    await expect
      .poll(
        async () =>
          (await db().selectFrom('schoolMemberships').select('languageLevel').where('userId', '=', w.student.id).executeTakeFirstOrThrow()).languageLevel,
      )
      .toBe('L');
    await expect.poll(() => dialog.getByRole('switch', { name: 'IEP' }).isChecked()).toBe(true);

    // Tabs: a second click on the open tab closes the side panel.
    await dialog.getByRole('tab', { name: 'Trusted adults' }).click();
    const panel = dialog.getByRole('tabpanel');
    await panel.getByRole('cell', { name: 'Cora Counselor' }).waitFor();
    await dialog.getByRole('tab', { name: 'Trusted adults' }).click();
    await panel.waitFor({ state: 'detached' });

    await dialog.getByRole('tab', { name: 'Attendance details' }).click();
    await panel.getByRole('cell', { name: '10/06/2026' }).waitFor();
    await panel.getByText('Tardy').waitFor();
    await expect.poll(() => panel.getByRole('cell', { name: '08/20/2026' }).count()).toBe(0);
    await expect.poll(() => panel.getByRole('group', { name: 'From' }).textContent()).toContain('09/15/2026');
    await expectNoAxeViolations(page);
    await shot(page, 'student-detail-attendance-en-1280');

    // A class teacher reads today's check-in, not the history (decision 0420).
    await dialog.getByRole('tab', { name: 'Mood meter details' }).click();
    await panel.getByText('happy').waitFor();
    await expect.poll(() => panel.getByRole('cell', { name: 'Missed my friend' }).count()).toBe(0);
    // It says so, with no 30-day range that would suggest a history.
    await panel.getByText("Only today's check-in is shown: a student's past moods are for the student and their family.", { exact: false }).waitFor();
    expect(await panel.getByRole('group', { name: 'From' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Notes: view, then edit; an empty note asks for text.
    await dialog.getByRole('button', { name: 'Notes' }).click();
    const notes = page.getByRole('dialog', { name: 'Notes about Sam Rivera' });
    await notes.getByText('No notes yet.').waitFor();
    await notes.getByRole('button', { name: 'Add a note' }).click();
    await notes.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Please add notes to continue').waitFor();
    await notes.getByLabel('Note').fill('Prefers a seat near the window.');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Notes added').waitFor();
    await notes.getByText('Prefers a seat near the window.').waitFor();
    await notes.getByText(/Tess Ng ·/).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'student-detail-notes-en-1280');
    await notes.getByRole('button', { name: 'Close' }).click();

    // The teacher sets the student's photo from a file.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'sam.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#4a8' } })
        .png()
        .toBuffer(),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded', { exact: true }).waitFor();
    await dialog.getByRole('img', { name: 'Photo of Sam Rivera' }).waitFor();

    // The give buttons open the give dialogs for this student.
    await dialog.getByRole('button', { name: 'Give a High 5' }).click();
    const give = page.getByRole('dialog').filter({ hasText: 'Sam Rivera' }).last();
    await give.waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Close student details' }).click();
    await dialog.waitFor({ state: 'detached' });
    const actions = (await db().selectFrom('auditLog').select('action').where('actorId', '=', w.teacher.id).execute()).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['student.view', 'student.flags.update', 'student.attendance.view', 'mood.read', 'student.note.add', 'student.photo.update']),
    );
    await context.close();
  });

  it('in a paid school a teacher sees the plans of a rostered student and the deep links, not the switches; no trusted adults says so (es, 360 px)', async () => {
    const w = await classWithStudent({ paid: true, language: 'es' });
    await rosterStudent(h.app, w.school.id, w.student.id);
    await db().updateTable('schoolMemberships').set({ iep: true }).where('userId', '=', w.student.id).execute();
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 780 });
    await h.signInAs(context, w.teacher.id);
    await openDetails(page, 'Sam Rivera');
    const dialog = page.getByRole('dialog', { name: 'Datos del estudiante' });
    await dialog.getByRole('heading', { name: 'Sam Rivera' }).waitFor();
    await expect.poll(() => dialog.getByRole('switch').count()).toBe(0);
    // The plan is named in Spanish, the acronym kept for district paperwork (decision 0593).
    await dialog.getByText('Educación individualizada (IEP): Sí').waitFor();
    await expect.poll(() => dialog.getByRole('link', { name: 'Abrir el programa IEP' }).getAttribute('href')).toBe('https://district.example/iep');
    await expect.poll(() => dialog.getByRole('link', { name: 'Abrir el programa de idioma' }).getAttribute('href')).toBe('https://district.example/ell');
    await expect.poll(() => dialog.getByRole('link', { name: 'Abrir el programa 504' }).count()).toBe(0);
    // Paid schools' photos come from the district.
    await expect.poll(() => dialog.getByRole('button', { name: 'Examinar' }).count()).toBe(0);
    await dialog.getByText('Hoy no ha registrado su ánimo').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'student-detail-paid-es-360');
    await dialog.getByRole('tab', { name: 'Adultos de confianza' }).click();
    await dialog.getByText('Este estudiante no tiene adultos de confianza').waitFor();
    await dialog.getByRole('tab', { name: 'Detalles del medidor de ánimo' }).click();
    await dialog.getByText('No hay registros de ánimo en estas fechas.').waitFor();
    await dialog
      .getByText('Solo se muestra el registro de hoy: los ánimos anteriores de un estudiante son para el estudiante y su familia.', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('group', { name: 'Desde' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'student-detail-moods-es-360');

    // Dates in the Spanish convention; on a phone the rows are cards of a named list (the one data table).
    await addAttendance(h.app, { classId: w.math.id, studentId: w.student.id, schoolDate: '2026-10-06', code: 'T' });
    await dialog.getByRole('tab', { name: 'Detalles de asistencia' }).click();
    const panel = dialog.getByRole('tabpanel');
    const rows = panel.getByRole('list', { name: 'Detalles de asistencia' });
    await rows.getByText('06/10/2026').waitFor();
    await rows.getByText('Tarde').waitFor();
    await expect.poll(() => panel.getByRole('group', { name: 'Desde' }).textContent()).toContain('15/09/2026');
    await expectNoAxeViolations(page);
    await shot(page, 'student-detail-attendance-es-360');
    await context.close();
  });

  it.each([
    ['en', 'en-US', 1366, 'Student details', 'IEP', 'Saved'],
    ['es', 'es-ES', 360, 'Datos del estudiante', 'Educación individualizada (IEP)', 'Guardado'],
  ] as const)(
    'in a school of a paid district the SIS does not list, the admin records the plans with the switches (docs/decisions/0606; %s)',
    async (language, locale, width, title, iep, saved) => {
      const w = await classWithStudent({ paid: true, language });
      const admin = await buildUser(h.app, { role: 'teacher', schoolId: w.school.id, isAdmin: true, firstName: 'Ada', lastName: 'Admin', language });
      const { context, page } = await h.newPage({ locale, width, height: 900 });
      await h.signInAs(context, admin.id);
      await openDetails(page, 'Sam Rivera');
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('heading', { name: 'Sam Rivera' }).waitFor();
      await dialog.getByRole('switch', { name: iep }).check();
      await expect
        .poll(async () => (await db().selectFrom('schoolMemberships').select('iep').where('userId', '=', w.student.id).executeTakeFirstOrThrow()).iep)
        .toBe(true);
      await expect.poll(() => dialog.getByRole('switch', { name: iep }).isChecked()).toBe(true);
      // The notice shows below the header, never over the school's name.
      const notice = await page.getByText(saved, { exact: true }).boundingBox();
      const header = await page.locator('header').first().boundingBox();
      expect(notice!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      await expectNoAxeViolations(page);
      await shot(page, `student-detail-unlisted-${language}-${width}`, { fullPage: false });
      await context.close();
    },
  );

  it.each([
    ['en', 'en-US', 1366, 'Student details', 'Mood meter details', 'Attendance details'],
    ['es', 'es-ES', 360, 'Datos del estudiante', 'Detalles del medidor de ánimo', 'Detalles de asistencia'],
  ] as const)(
    'an admin who does not teach the student sees no mood and no moods tab, as the server answers (decision 0420; %s)',
    async (language, locale, width, title, moodsTab, attendanceTab) => {
      const w = await classWithStudent({ language });
      const admin = await buildUser(h.app, { role: 'teacher', schoolId: w.school.id, isAdmin: true, firstName: 'Ada', lastName: 'Admin', language });
      await addMood(h.app, { userId: w.student.id, schoolId: w.school.id, schoolDate: '2026-10-15', mood: 'grinning' });
      const { context, page } = await h.newPage({ locale, width, height: 900 });
      await h.signInAs(context, admin.id);
      await openDetails(page, 'Sam Rivera');
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('heading', { name: 'Sam Rivera' }).waitFor();
      await dialog.getByRole('tab', { name: attendanceTab }).waitFor();
      await expect.poll(() => dialog.getByRole('tab', { name: moodsTab }).count()).toBe(0);
      await expect.poll(() => dialog.getByRole('img', { name: language === 'en' ? 'happy' : 'feliz' }).count()).toBe(0);
      // The admin still edits the switches (policies.canEditFlags).
      await expect.poll(() => dialog.getByRole('switch').count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await shot(page, `student-detail-admin-${language}-${width}`, { fullPage: false });
      await context.close();
    },
  );
});
