import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { schoolToday } from '../support/calendar.js';
import { downloadCsv, shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const membership = (userId: string, schoolId: string) =>
  h.app.services.db.selectFrom('schoolMemberships').selectAll().where('userId', '=', userId).where('schoolId', '=', schoolId).executeTakeFirstOrThrow();

describe('admin users', () => {
  it('toggles admin and makes a staff member a teacher and back, each after a confirmation (English, narrow)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Alpha' });
    const staff = await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Sam', lastName: 'Staff' });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 360, height: 800 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin-users');
    await page.getByRole('switch', { name: 'Tina Alpha is an admin' }).waitFor();
    await expectNoAxeViolations(page);

    // Cancelling changes nothing.
    await page.getByRole('switch', { name: 'Tina Alpha is an admin' }).click();
    await page.getByRole('dialog', { name: 'Make admin?' }).getByRole('button', { name: 'Cancel' }).click();
    expect((await membership(teacher.id, school.id)).isAdmin).toBe(false);

    // By keyboard: Space on the switch, then the dialog's confirm button.
    await page.getByRole('switch', { name: 'Tina Alpha is an admin' }).focus();
    await page.keyboard.press('Space');
    const confirm = page.getByRole('dialog', { name: 'Make admin?' });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Make admin' }).click();
    await page.getByText('Tina Alpha is now an admin.').waitFor();
    await expect.poll(async () => (await membership(teacher.id, school.id)).isAdmin).toBe(true);
    await expect.poll(() => page.getByRole('switch', { name: 'Tina Alpha is an admin' }).isChecked()).toBe(true);

    // The last-admin rule: with Tina an admin too, the admin may remove their own flag; here they try another's.
    await page.getByRole('button', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Make Sam Staff a teacher' }).click();
    await page.getByRole('dialog', { name: 'Make teacher?' }).getByRole('button', { name: 'Make teacher' }).click();
    await page.getByText('Sam Staff is now a teacher.').waitFor();
    await expect.poll(async () => (await membership(staff.id, school.id)).role).toBe('teacher');
    await page.getByText('There are no staff members yet.').waitFor();

    await page.getByRole('button', { name: 'Teachers' }).click();
    await page.getByRole('button', { name: 'Make Sam Staff staff again' }).click();
    await page.getByRole('dialog', { name: 'Back to staff?' }).getByRole('button', { name: 'Back to staff' }).click();
    await page.getByText('Sam Staff is staff again.').waitFor();
    await expect.poll(async () => (await membership(staff.id, school.id)).role).toBe('staff');
    await shot(page, 'users-en-360');
    await context.close();
  });

  it('searches, sorts, pages and downloads the teacher list (Spanish, wide and narrow)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', admin.id).execute();
    for (let i = 0; i < 30; i++)
      await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: `Docente${String(i).padStart(2, '0')}`, lastName: 'Muñoz' });
    await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Zoe', lastName: 'Zeta' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 1366 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin-users');
    const table = page.getByRole('table', { name: 'Docentes' });
    await table.waitFor();
    // 32 teachers: 25 a page.
    await page.getByText('1–25 de 32').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(26);
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.getByText('26–32 de 32').waitFor();
    // Sorting by name, Z to A, brings Zoe Zeta first.
    // The list opens sorted by name, A to Z; one click turns it.
    await expect.poll(() => table.getByRole('columnheader', { name: /Nombre/ }).getAttribute('aria-sort')).toBe('ascending');
    await table.getByRole('button', { name: /Nombre/ }).click();
    await expect.poll(() => table.getByRole('columnheader', { name: /Nombre/ }).getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toContain('Zoe Zeta');
    await page.getByRole('searchbox', { name: 'Buscar por nombre, correo o nombre de usuario' }).fill('zeta');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await shot(page, 'users-table-es-1366');
    await expectNoAxeViolations(page);

    const { lines: csv } = await downloadCsv(page, page.getByRole('button', { name: 'Descargar CSV' }));
    expect(csv.slice(0, 5)).toEqual([
      'Informe,Usuarios administradores',
      `Escuela,${school.name}`,
      'Grupo de usuarios,Docentes',
      `Descargado el,${schoolToday()}`,
      '',
    ]);
    expect(csv[5]).toBe('Nombre,Correo electrónico,Administración');
    expect(csv.filter((l) => l.includes('Muñoz'))).toHaveLength(30);

    // Narrow: rows are cards, and the order is chosen from a list.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('searchbox', { name: 'Buscar por nombre, correo o nombre de usuario' }).fill('');
    const list = page.getByRole('list', { name: 'Docentes' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(25);
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Nombre: de la A a la Z' }).click();
    await expect.poll(() => list.getByRole('listitem').first().textContent()).toContain('Docente00 Muñoz');
    await shot(page, 'users-table-es-360');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('the last admin cannot remove their own flag: the server says why (English, wide)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ firstName: 'Ada', lastName: 'Admin' }).where('id', '=', admin.id).execute();
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin?view=users');
    await page.getByRole('switch', { name: 'Ada Admin is an admin' }).click();
    // The only admin is told why instead of being offered what the server refuses (decision 0318).
    await page.getByRole('dialog', { name: 'You cannot remove your own admin role' }).getByText('You are the only admin of').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    expect((await membership(admin.id, school.id)).isAdmin).toBe(true);
    await context.close();
  });

  it('approves a teacher waiting for approval (Spanish, wide)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', admin.id).execute();
    const pending = await buildUser(h.app, { schoolId: school.id, role: 'teacher', status: 'pending', firstName: 'Pablo', lastName: 'Pérez', language: 'es' });
    const other = await buildUser(h.app, { schoolId: school.id, role: 'teacher', status: 'pending', firstName: 'Otto', lastName: 'Otro' });
    await h.app.services.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', other.id).execute();
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 1366 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin?view=users');
    await page.getByRole('heading', { name: '2 docentes esperan aprobación' }).waitFor();
    // Only the one who has not confirmed their address is marked (docs/decisions/0607).
    const waiting = page.getByRole('region', { name: '2 docentes esperan aprobación' });
    await expect.poll(() => waiting.getByText('Correo aún sin confirmar').count()).toBe(1);
    await expect.poll(() => waiting.getByText('Otto Otro').getByText('Correo aún sin confirmar').count()).toBe(1);
    await shot(page, 'users-pending-es-1366');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Aprobar a Pablo Pérez' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Aprobar docente?' });
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByText('Pablo Pérez está aprobado.').waitFor();
    await page.getByRole('heading', { name: '1 docente espera aprobación' }).waitFor();
    expect((await membership(pending.id, school.id)).status).toBe('active');
    expect((await membership(other.id, school.id)).status).toBe('pending');
    await page.getByRole('switch', { name: 'Pablo Pérez tiene permisos de administración' }).waitFor();
    const audit = await h.app.services.db.selectFrom('auditLog').select(['action', 'actorId']).where('targetId', '=', pending.id).execute();
    expect(audit).toEqual([{ action: 'teacher.approve', actorId: admin.id }]);
    await h.app.services.jobs.runDue();
    const mail = await h.app.services.db.selectFrom('devOutbox').select('subject').where('recipient', '=', pending.email!).execute();
    expect(mail[0]?.subject).toContain('aprobada');
    await context.close();
  });

  it('invites a staff member, and refuses an address that already has an account (Spanish, narrow)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', admin.id).execute();
    await buildUser(h.app, { role: 'parent', email: 'ocupado@example.test' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Invitar personal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar a un miembro del personal' });
    // Empty fields: an info notice says they are required.
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('El nombre, el apellido y el correo electrónico son obligatorios.').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Rosa');
    await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Díaz');
    await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('ocupado@example.test');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText(/No se puede invitar a este correo electrónico/).waitFor();
    await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('rosa.diaz@example.test');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Invitación enviada a rosa.diaz@example.test.').waitFor();
    const user = await h.app.services.db
      .selectFrom('users')
      .select(['id', 'language', 'mustChangePassword'])
      .where('email', '=', 'rosa.diaz@example.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ language: 'es', mustChangePassword: true });
    expect((await membership(user.id, school.id)).role).toBe('staff');
    await context.close();
  });
});
