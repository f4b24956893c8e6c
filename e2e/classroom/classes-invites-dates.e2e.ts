import { addDays } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveHigh5 } from '../../apps/server/src/modules/classroom/test-factories.js';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, notice, openAs, shot } from './support.js';

// Classes, invitations and moods: a new class stays selected, duplicate names are
// refused, invitation files with semicolons, dates validated only once complete, staff view High 5s.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

async function mailsTo(to: string) {
  await h.app.services.jobs.runDue();
  return h.app.services.db.selectFrom('devOutbox').selectAll().where('recipient', '=', to).orderBy('id').execute();
}

describe('classes and invitations', () => {
  it('a new class is selected after creation; a duplicate name is refused on the field (en, 1366 px)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Art 4' });
    const { context, page } = await openAs(h, teacher.id, '/teacher-classes');
    const picker = page.getByRole('combobox', { name: 'Class' });
    await picker.and(page.locator('[value="Art 4"]')).waitFor();

    await page.getByRole('button', { name: 'Create class' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a class' });
    await dialog.getByLabel('Class name').fill('Zoology 4');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await notice(page, 'Class Zoology 4 created.');
    // The new class, not the first of the list, is the selected one, and stays so after the refetch.
    await picker.and(page.locator('[value="Zoology 4"]')).waitFor();
    const created = await h.app.services.db
      .selectFrom('classes')
      .select('joiningCode')
      .where('ownerId', '=', teacher.id)
      .where('name', '=', 'Zoology 4')
      .executeTakeFirstOrThrow();
    await expect.poll(() => page.getByTestId('class-code').textContent()).toBe(created.joiningCode);
    await expect.poll(() => picker.inputValue()).toBe('Zoology 4');

    await page.getByRole('button', { name: 'Create class' }).first().click();
    await dialog.getByLabel('Class name').fill('  art 4 ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('You already have a class with this name. Please choose another name.').waitFor();
    await expect.poll(() => dialog.getByLabel('Class name').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await shot(page, 'issue8-class-duplicate-en-1366');
    await dialog.getByLabel('Class name').fill('Art 4 B');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await notice(page, 'Class Art 4 B created.');
    await picker.and(page.locator('[value="Art 4 B"]')).waitFor();
    expect(await h.app.services.db.selectFrom('classes').select('id').where('ownerId', '=', teacher.id).execute()).toHaveLength(3);
    await context.close();
  });

  it('a semicolon file from Spanish Excel: errors by line, duplicates counted once; re-inviting an unregistered student e-mails again (es, 360 px)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Rosa', lastName: 'Ruiz' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Arte 3' });
    const { context, page } = await openAs(h, teacher.id, '/teacher-classes', { lang: 'es', width: 360 });
    const openCsv = async () => {
      await page.getByRole('button', { name: 'Agregar estudiante' }).click();
      await page.getByRole('menuitem', { name: 'Invitar con un archivo CSV' }).click();
      return page.getByRole('dialog', { name: 'Invitar estudiantes a Arte 3' });
    };

    const dialog = await openCsv();
    const bad = 'Correo electrónico;Nombre;Apellido\r\nlucia@example.test;Lucía;Pérez, hija\r\nno-es-correo;Ana;Gil\r\n';
    await page.locator('#invite-csv-file').setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByText('Hay que corregir 1 línea antes de subir el archivo:').waitFor();
    await dialog.getByText('Línea 3: “no-es-correo” no es un correo electrónico válido.').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Subir e invitar' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'issue8-csv-errors-es-360');
    // A file with no students, one over the invite's row limit, and one too large to read are refused too.
    const csvFile = (body: string) => page.locator('#invite-csv-file').setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await csvFile('Correo electrónico;Nombre;Apellido\r\n');
    await dialog.getByText('El archivo no tiene estudiantes con correo.').waitFor();
    await csvFile(['Email', ...Array.from({ length: 201 }, (_, i) => `s${i}@example.test`)].join('\n'));
    await dialog.getByText('Como máximo 200 estudiantes por archivo. Divídelo en partes.').waitFor();
    await csvFile(`Email\n${'x'.repeat(512 * 1024)}`);
    await dialog.getByText('El archivo es demasiado grande. Divídelo en partes.').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Subir e invitar' }).isDisabled()).toBe(true);
    await shot(page, 'csv-too-large-es-360');

    const good =
      'Correo electrónico;Nombre;Apellido\r\nlucia@example.test;Lucía;Pérez, hija\r\nmateo@example.test;Mateo;Gil\r\nLUCIA@example.test;Lucía;Otra vez\r\n';
    await page.locator('#invite-csv-file').setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByText('2 estudiantes listos para invitar.').waitFor();
    await dialog.getByText('Línea 4: lucia@example.test (ya está en la línea 2)').waitFor();
    await shot(page, 'issue8-csv-ready-es-360');
    await dialog.getByRole('button', { name: 'Subir e invitar' }).click();
    await notice(page, 'Se invitó a 2 estudiantes a Arte 3.');
    await page.getByRole('listitem').filter({ hasText: 'Lucía Pérez, hija' }).waitFor();
    expect(await mailsTo('lucia@example.test')).toHaveLength(1);

    // Lucía never signed in: inviting her again sends a new e-mail.
    await page.getByRole('button', { name: 'Agregar estudiante' }).click();
    await page.getByRole('menuitem', { name: 'Invitar por correo electrónico' }).click();
    const byMail = page.getByRole('dialog', { name: 'Invitar estudiantes a Arte 3' });
    await byMail.getByLabel('Correo del estudiante').fill('lucia@example.test');
    await byMail.getByRole('button', { name: 'Enviar invitación' }).click();
    await notice(page, 'Se invitó a 1 estudiante a Arte 3.');
    await expect.poll(async () => (await mailsTo('lucia@example.test')).length).toBe(2);
    const [first, second] = await mailsTo('lucia@example.test');
    expect(second!.subject).toBe('Te invitan a una clase en High5');
    expect(/Contraseña temporal: (\S+)/.exec(second!.bodyText)![1]).not.toBe(/Contraseña temporal: (\S+)/.exec(first!.bodyText)![1]);
    await context.close();
  });
});

describe('staff view High 5s; dates are used only once complete', () => {
  for (const { lang, width } of [
    { lang: 'en' as const, width: 1366 },
    { lang: 'es' as const, width: 360 },
  ]) {
    it(`a staff member finds a student and reads their High 5s; a half-typed year neither queries nor shows an error (${lang}, ${width} px)`, async () => {
      const school = await buildSchool(h.app);
      const staff = await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Cora', lastName: 'Counsel' });
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tom', lastName: 'Teach' });
      const kid = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Nico', lastName: 'Ruiz', email: `nico.${lang}@example.test` });
      // The screen's default range ends on the school's today (not the browser's: another date).
      const today = schoolToday();
      await giveHigh5(h.app, {
        schoolId: school.id,
        giverId: teacher.id,
        giverRole: 'teacher',
        receiverId: kid.id,
        schoolDate: addDays(today, -2),
        comment: 'Great helper',
      });
      const { context, page } = await openAs(h, staff.id, '/dashboard', { lang, width });
      const es = lang === 'es';
      if (width < 600) await page.getByRole('button', { name: es ? 'Abrir menú' : 'Open menu' }).click();
      await page.getByRole('link', { name: es ? 'Ver High 5' : 'View High 5s' }).click();
      await page.getByText(es ? 'Elige un estudiante para ver los High 5 que recibió.' : 'Choose a student to see the High 5s they received.').waitFor();

      const requests: string[] = [];
      page.on('request', (request) => {
        const match = /\/high5s\?dateRange=([^&]+)/.exec(request.url());
        if (match) requests.push(decodeURIComponent(match[1]!));
      });
      const picker = page.getByRole('combobox', { name: es ? 'Estudiante (busca por nombre o correo)' : 'Student (search by name or e-mail)' });
      await picker.fill('nico');
      await page.getByRole('option', { name: new RegExp(`nico.${lang}@example.test`) }).click();
      await page.getByRole('button', { name: /High 5 (from|de) Tom Teach/ }).waitFor();
      await expectAccessible(page);
      await shot(page, `issue8-staff-view-high5-${lang}-${width}`);

      // Type a From date part by part: the year 2, 20, 202 is never sent and never marked wrong.
      const from = page.getByRole('group', { name: es ? 'Desde' : 'From' });
      // The first section: the month in English (MM/dd/yyyy), the day in Spanish (dd/MM/yyyy).
      await from.getByRole('spinbutton').first().click();
      const [y, m, d] = addDays(today, -20).split('-');
      await page.keyboard.type(es ? `${d}${m}` : `${m}${d}`);
      await page.keyboard.type(y!.slice(0, 3));
      await expect
        .poll(() =>
          page
            .getByRole('alert')
            .filter({ hasText: es ? 'un año' : 'one year' })
            .count(),
        )
        .toBe(0);
      await expect.poll(() => from.locator('..').locator('.Mui-error').count()).toBe(0);
      await page.keyboard.type(y!.slice(3));
      await expect.poll(() => requests.includes(`${addDays(today, -20)}_${today}`)).toBe(true);
      expect(requests.filter((r) => !/^[12]\d{3}-\d{2}-\d{2}_[12]\d{3}-\d{2}-\d{2}$/.test(r))).toEqual([]);
      await page.getByRole('button', { name: /High 5 (from|de) Tom Teach/ }).waitFor();
      await context.close();
    });
  }
});
