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

describe('mood meter and emergencies', () => {
  it(
    'a student checks in a low-energy mood with "today"; the teacher sees the glowing emoji on the seating chart and acknowledges it (es student, en teacher)',
    { timeout: 120_000 },
    async () => {
      const school = await buildSchool(h.app);
      await h.app.services.db
        .updateTable('schools')
        .set({
          moodmeterMessages: JSON.stringify({
            en: { message1: '', message2: '' },
            es: { message1: '¿Quieres hablar con un adulto de confianza?', message2: 'Un adulto hablará contigo hoy.' },
          }),
        })
        .where('id', '=', school.id)
        .execute();
      // The test runs on the real clock: school hours at any hour, so the in-hours answer shows.
      await h.app.services.db
        .insertInto('schoolAlertSettings')
        .values({ schoolId: school.id, schoolDayStart: '00:00', schoolDayEnd: '23:59', schoolDays: [1, 2, 3, 4, 5, 6, 7] })
        .execute();
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
      const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Leo', lastName: 'Mora' });
      const other = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Ana', lastName: 'Paz' });
      await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Grade 4', studentIds: [student.id, other.id] });

      const s = await openAs(h, student.id, '/mood', { lang: 'es', width: 360 });
      await s.page.getByRole('heading', { name: '¿Cómo te sientes hoy?' }).waitFor();
      // The 22 faces are High5's own images (no emoji font needed), loaded from this server.
      await s.page.waitForFunction(() => {
        const faces = Array.from(document.querySelectorAll('[data-mood] img')) as HTMLImageElement[];
        return faces.length === 22 && faces.every((face) => face.complete && face.naturalWidth > 0);
      });
      const sources = await s.page.locator('[data-mood] img').evaluateAll((faces) => faces.map((face) => (face as HTMLImageElement).src));
      for (const src of sources) {
        expect(new URL(src).origin).toBe(new URL(s.page.url()).origin);
        expect(new URL(src).pathname).toMatch(/^\/emoji\/[0-9a-f-]+\.svg$/);
      }
      await expectAccessible(s.page);
      await s.page.locator('[data-mood="weary"]').click();
      const dialog = s.page.getByRole('dialog', { name: 'Te sientes: Solo/a' });
      await dialog.getByText('¿Quieres hablar con un adulto de confianza?').waitFor();
      await expectAccessible(s.page);
      // An option must be chosen first.
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await dialog.getByText('Selecciona una opción.').waitFor();
      await dialog.getByRole('radio', { name: 'Sí, hoy' }).check();
      await shot(s.page, 'flow-mood-dialog-es-360');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      // The answer shows in a dialog where the child is, not as a green "¡Gracias!".
      const answer = s.page.getByRole('dialog', { name: 'Gracias por contárnoslo' });
      await answer.getByText('Un adulto hablará contigo hoy.').waitFor();
      await answer.getByRole('button', { name: 'Entendido' }).click();
      await s.page.getByText('Sentimiento: Solo/a').waitFor();
      await expect.poll(() => s.page.locator('[data-mood="weary"]').getAttribute('aria-pressed')).toBe('true');
      await shot(s.page, 'flow-mood-after-es-360');
      await s.context.close();

      // A pleasant mood from the other student is saved at once, with no dialog.
      const o = await openAs(h, other.id, '/mood');
      await o.page.locator('[data-mood="smile"]').click();
      await notice(o.page, 'Thanks! Today you feel Excited.');
      await expect.poll(() => o.page.getByRole('dialog').count()).toBe(0);
      await o.context.close();

      const t = await openAs(h, teacher.id, '/seatingchart');
      const glow = t.page.getByRole('button', { name: 'Leo Mora asked to talk to someone today' });
      await glow.waitFor();
      await shot(t.page, 'flow-emergency-glow');
      await expectAccessible(t.page);
      await glow.click();
      const ack = t.page.getByRole('dialog', { name: 'Leo Mora asked to talk today' });
      await ack.getByRole('button', { name: 'Yes, I checked in' }).click();
      await notice(t.page, 'Thank you. Leo Mora will see on their mood meter that an adult saw their check-in.');
      await glow.waitFor({ state: 'detached' });
      // What the toast promises: the student's mood meter says an adult saw today's check-in.
      const seen = await openAs(h, student.id, '/mood', { lang: 'es', width: 360 });
      await seen.page.getByText('Un adulto vio tu registro y está para ayudarte.').waitFor();
      await expectAccessible(seen.page);
      await shot(seen.page, 'flow-mood-seen-es-360');
      await seen.context.close();
      const audit = await h.app.services.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'mood.emergency_acknowledged')
        .where('targetId', '=', student.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actorId).toBe(teacher.id);
      // It answered the student's open alert too, with who and when (decision 0460); the alert stays open.
      const alert = await h.app.services.db
        .selectFrom('alerts')
        .select(['id', 'firstAcknowledgedAt', 'closedAt'])
        .where('studentId', '=', student.id)
        .executeTakeFirstOrThrow();
      expect(alert.firstAcknowledgedAt).not.toBeNull();
      expect(alert.closedAt).toBeNull();
      expect(await h.app.services.db.selectFrom('alertActions').select(['actorId', 'action']).where('alertId', '=', alert.id).execute()).toEqual([
        { actorId: teacher.id, action: 'seenOnChart' },
      ]);
      await t.context.close();
    },
  );

  it('with the prompt off, a low-energy mood is saved at once without the dialog', async () => {
    const school = await buildSchool(h.app);
    await h.app.services.db.updateTable('schools').set({ promptMoodmeter: false }).where('id', '=', school.id).execute();
    const staff = await buildUser(h.app, { schoolId: school.id, role: 'staff' });
    const { context, page } = await openAs(h, staff.id, '/mood');
    await page.locator('[data-mood="sleeping"]').click();
    await notice(page, 'Today you feel Tired. Thank you for telling us.');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const row = await h.app.services.db.selectFrom('moods').selectAll().where('userId', '=', staff.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mood: 'sleeping', emergency: false, emergencyPriority: 'none' });
    await context.close();
  });
});

describe('gratitude journal', () => {
  it('writes, edits and deletes an entry (en at 1366 px, es at 360 px)', async () => {
    for (const [lang, width] of [
      ['en', 1366],
      ['es', 360],
    ] as const) {
      const parent = await buildUser(h.app, { schoolId: (await buildSchool(h.app)).id, role: 'parent' });
      const l =
        lang === 'en'
          ? {
              heading: 'Heading',
              description: 'What are you grateful for?',
              save: 'Save',
              update: 'Update',
              saved: 'Journal entry saved.',
              updated: 'Journal entry updated.',
              empty: 'The heading cannot be empty.',
              deleted: 'Journal entry deleted.',
              confirm: 'Delete this entry?',
              del: 'Delete',
            }
          : {
              heading: 'Título',
              description: '¿Qué agradeces?',
              save: 'Guardar',
              update: 'Actualizar',
              saved: 'Se guardó la entrada.',
              updated: 'Se actualizó la entrada.',
              empty: 'El título no puede estar vacío.',
              deleted: 'Se eliminó la entrada.',
              confirm: '¿Eliminar esta entrada?',
              del: 'Eliminar',
            };
      const { context, page } = await openAs(h, parent.id, '/gratitude-journal', { lang, width });
      await page.getByRole('button', { name: l.save, exact: true }).click();
      await notice(page, l.empty);
      await page.getByLabel(l.heading).fill('Family dinner');
      await page.getByLabel(l.description).fill('We cooked <b>together</b>.');
      await page.getByRole('button', { name: l.save, exact: true }).click();
      await notice(page, l.saved);
      await page.getByRole('heading', { name: 'Family dinner' }).waitFor();
      // Text stays text.
      await page.getByText('We cooked <b>together</b>.').waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: lang === 'en' ? 'Edit “Family dinner”' : 'Editar “Family dinner”' }).click();
      await page.getByLabel(l.heading).fill('Family dinner on Sunday');
      await page.getByRole('button', { name: l.update, exact: true }).click();
      await notice(page, l.updated);
      await page.getByRole('heading', { name: 'Family dinner on Sunday' }).waitFor();
      await shot(page, `flow-journal-${lang}-${width}`);
      await page.getByRole('button', { name: lang === 'en' ? 'Delete “Family dinner on Sunday”' : 'Eliminar “Family dinner on Sunday”' }).click();
      await page.getByRole('dialog', { name: l.confirm }).getByRole('button', { name: l.del }).click();
      await notice(page, l.deleted);
      await page.getByRole('heading', { name: 'Family dinner on Sunday' }).waitFor({ state: 'detached' });
      expect(await h.app.services.db.selectFrom('journalEntries').selectAll().where('userId', '=', parent.id).execute()).toEqual([]);
      await context.close();
    }
  });
});

describe('trusted adults', () => {
  it('a student adds a teacher as a trusted adult and removes them (es, 360 px)', async () => {
    const school = await buildSchool(h.app);
    await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Marta', lastName: 'Solís' });
    await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Pablo', lastName: 'Ríos' });
    const student = await buildUser(h.app, { schoolId: school.id, role: 'student' });
    const { context, page } = await openAs(h, student.id, '/trustedadults', { lang: 'es', width: 360 });
    await page.getByText('Todavía no has elegido adultos de confianza.').waitFor();
    await page.getByRole('tab', { name: 'Agregar un adulto de confianza' }).click();
    await page.getByRole('button', { name: 'Agregar a Marta Solís' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Agregar a Marta Solís' }).click();
    await notice(page, 'Marta Solís ahora es uno de tus adultos de confianza.');
    await page.getByRole('button', { name: 'Agregar a Marta Solís' }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Mis adultos de confianza' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: /Marta Solís.*Docente/ })
      .waitFor();
    await shot(page, 'flow-trusted-es-360');
    await page.getByRole('button', { name: 'Quitar a Marta Solís' }).click();
    await page.getByRole('dialog', { name: '¿Quitar a Marta Solís de tus adultos de confianza?' }).getByRole('button', { name: 'Quitar' }).click();
    await notice(page, 'Se quitó a Marta Solís de tus adultos de confianza.');
    await page.getByText('Todavía no has elegido adultos de confianza.').waitFor();
    await context.close();
  });
});
