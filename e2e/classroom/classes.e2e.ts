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

async function lastMailTo(to: string) {
  await h.app.services.jobs.runDue();
  return h.app.services.db.selectFrom('devOutbox').selectAll().where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
}

describe('teacher classes', () => {
  it('a new teacher gets the create-class dialog once, creates a class and sees its code; a student asks to join and the teacher approves (en)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tess', lastName: 'Tran' });
    const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Sofia', lastName: 'Diaz' });

    const { context, page } = await openAs(h, teacher.id, '/teacher-classes');
    // Set by sign-in for a teacher without classes: the dialog opens once, then the flag resets.
    await page.evaluate(() => sessionStorage.setItem('showCreateClassPopup', 'true'));
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Create a class' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Please enter a class name.').waitFor();
    await dialog.getByLabel('Class name').fill('Room 12 Science');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await notice(page, 'Class Room 12 Science created.');
    const code = (await page.getByTestId('class-code').textContent())!;
    expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{6}$/);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('showCreateClassPopup'))).toBe('false');
    await page.reload();
    await page.getByTestId('class-code').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await shot(page, 'flow-class-created');

    // The student asks to join from the other classes.
    const s = await openAs(h, student.id, '/student-classes', { width: 360 });
    await s.page.getByRole('button', { name: 'Other classes' }).click();
    await s.page.getByRole('button', { name: 'Ask to join Room 12 Science' }).click();
    await notice(s.page, 'You asked to join Room 12 Science.');
    await s.page.getByText('Request sent').waitFor();
    await expectAccessible(s.page);
    await s.context.close();

    // The teacher approves.
    await page.reload();
    await page.getByRole('button', { name: 'Add student' }).click();
    await page.getByRole('menuitem', { name: 'Approve requests (1)' }).click();
    await page.getByRole('checkbox', { name: 'Select Sofia Diaz' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Approve (1)' }).click();
    await notice(page, '1 request approved.');
    await page.getByText('No pending requests.').waitFor();
    await page.getByRole('button', { name: 'Back to the class' }).click();
    await page.getByRole('row', { name: /Sofia Diaz/ }).waitFor();
    // A row opens the student detail dialog.
    await page.getByRole('button', { name: 'Open the profile of Sofia Diaz' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Now the student sees the class and its students.
    const classmate = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Hugo', lastName: 'Lim' });
    const invited = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Ivy', lastName: 'New', mustChangePassword: true });
    const cls = await h.app.services.db.selectFrom('classes').select('id').where('schoolId', '=', school.id).executeTakeFirstOrThrow();
    await h.app.services.db
      .insertInto('enrolments')
      .values([
        { classId: cls.id, studentId: classmate.id },
        { classId: cls.id, studentId: invited.id },
      ])
      .execute();
    const again = await openAs(h, student.id, '/student-classes', { width: 360 });
    await again.page.getByRole('button', { name: 'Room 12 Science' }).click();
    await again.page.getByRole('heading', { name: 'Students of Room 12 Science' }).waitFor();
    await expect.poll(() => again.page.getByRole('button', { name: 'Give Sofia Diaz a High 5' }).isDisabled()).toBe(true);
    // Not registered yet: greyed out, no High 5.
    await again.page
      .getByRole('listitem')
      .filter({ hasText: /Ivy New.*Not registered yet/ })
      .waitFor();
    await expect.poll(() => again.page.getByRole('button', { name: 'Give Ivy New a High 5' }).isDisabled()).toBe(true);
    await expectAccessible(again.page);
    await again.page.getByRole('button', { name: 'Give Hugo Lim a High 5' }).click();
    await again.page.getByRole('dialog').waitFor();
    await shot(again.page, 'flow-give-from-class-360');
    await again.page.keyboard.press('Escape');
    await again.context.close();
    await context.close();
  });

  it('invites by e-mail and by CSV, and reports accounts that cannot be invited (es, 360 px)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Rosa', lastName: 'Ruiz' });
    const colleague = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Arte 3' });
    const { context, page } = await openAs(h, teacher.id, '/teacher-classes', { lang: 'es', width: 360 });

    await page.getByRole('button', { name: 'Agregar estudiante' }).click();
    await page.getByRole('menuitem', { name: 'Invitar por correo electrónico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar estudiantes a Arte 3' });
    await dialog.getByLabel('Correo del estudiante').fill('no es un correo');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await dialog.getByText('Escribe un correo electrónico válido.').waitFor();
    await dialog.getByLabel('Nombre (opcional)').fill('Lucía');
    await dialog.getByLabel('Correo del estudiante').fill('lucia.nueva@example.test');
    await expectAccessible(page);
    await shot(page, 'flow-invite-email-es-360');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await notice(page, 'Se invitó a 1 estudiante a Arte 3.');
    const mail = await lastMailTo('lucia.nueva@example.test');
    expect(mail?.subject).toBe('Te invitan a una clase en High5');
    expect(mail?.bodyText).toMatch(/Contraseña temporal: \S+/);

    await page.getByRole('button', { name: 'Agregar estudiante' }).click();
    await page.getByRole('menuitem', { name: 'Invitar con un archivo CSV' }).click();
    const csvDialog = page.getByRole('dialog', { name: 'Invitar estudiantes a Arte 3' });
    await expect.poll(() => csvDialog.getByRole('button', { name: 'Subir e invitar' }).isDisabled()).toBe(true);
    const csv = `Email,First Name,Last Name\nbad-address,X,Y\n`;
    await page.locator('#invite-csv-file').setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await csvDialog.getByText('Hay que corregir 1 línea antes de subir el archivo:').waitFor();
    await expect.poll(() => csvDialog.getByRole('button', { name: 'Subir e invitar' }).isDisabled()).toBe(true);
    await csvDialog.getByRole('button', { name: 'Quitar archivo' }).click();
    const good = `email,first name,last name\r\nmateo@example.test,Mateo,Gil\r\n,Sin,Correo\r\n"${colleague.email}",Otro,Docente\r\n`;
    await page.locator('#invite-csv-file').setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await csvDialog.getByText('2 estudiantes listos para invitar.').waitFor();
    await expectAccessible(page);
    await csvDialog.getByRole('button', { name: 'Subir e invitar' }).click();
    await notice(page, `El estudiante ya existe: ${colleague.email}`);
    // At 360 px each student is a card (a list item) rather than a table row.
    await page.getByRole('listitem').filter({ hasText: 'Mateo Gil' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Lucía' }).waitFor();
    expect(await lastMailTo('mateo@example.test')).toBeTruthy();
    expect(await lastMailTo(colleague.email!)).toBeUndefined();
    await context.close();
  });

  it('adds a substitute teacher and removes them; the owner cannot be removed (en, 1366 px)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Omar', lastName: 'Owner' });
    const sub = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Sara', lastName: 'Sub' });
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'History 7' });
    const { context, page } = await openAs(h, teacher.id, '/teacher-classes');
    await page.getByRole('tab', { name: 'Enrolled teachers' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove Omar Owner from the class' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add student' }).click();
    await page.getByRole('menuitem', { name: 'Find teacher (substitute)' }).click();
    await page.getByRole('heading', { name: 'Add a substitute teacher to History 7' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Sara Sub as a substitute' }).click();
    await notice(page, 'Sara Sub now teaches History 7 as a substitute.');
    await page.getByRole('row', { name: /Sara Sub.*Substitute/ }).waitFor();
    const link = await h.app.services.db
      .selectFrom('classTeachers')
      .selectAll()
      .where('classId', '=', cls.id)
      .where('teacherId', '=', sub.id)
      .executeTakeFirst();
    expect(link?.isSubstitute).toBe(true);
    await page.getByRole('button', { name: 'Remove Sara Sub from the class' }).click();
    await page.getByRole('dialog', { name: 'Remove Sara Sub as a teacher of History 7?' }).getByRole('button', { name: 'Remove' }).click();
    await notice(page, 'Sara Sub no longer teaches the class.');
    await page.getByRole('row', { name: /Sara Sub/ }).waitFor({ state: 'detached' });
    await shot(page, 'flow-substitute');
    await context.close();
  });

  it('renames and deletes a class, and removes a student (es)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const kid = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Iker', lastName: 'Vega' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Mate', studentIds: [kid.id] });
    const { context, page } = await openAs(h, teacher.id, '/teacher-classes', { lang: 'es' });
    await page.getByRole('button', { name: 'Quitar a Iker Vega de la clase' }).click();
    await page.getByRole('button', { name: 'Quitar', exact: true }).click();
    await notice(page, 'Se quitó a Iker Vega de la clase.');
    await page.getByRole('button', { name: 'Cambiar nombre de la clase' }).click();
    const rename = page.getByRole('dialog', { name: 'Cambiar el nombre de la clase' });
    await rename.getByLabel('Nombre de la clase').fill('Matemáticas');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Se cambió el nombre de la clase.');
    await page.getByRole('combobox', { name: 'Clase' }).and(page.locator('[value="Matemáticas"]')).waitFor();
    await page.getByRole('button', { name: 'Eliminar clase' }).click();
    await page.getByRole('dialog', { name: '¿Eliminar Matemáticas?' }).getByRole('button', { name: 'Eliminar clase' }).click();
    await notice(page, 'Se eliminó la clase.');
    await page.getByText('Todavía no tienes clases.').waitFor();
    await context.close();
  });
});
