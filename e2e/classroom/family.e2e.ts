import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveHigh5 } from '../../apps/server/src/modules/classroom/test-factories.js';
import { buildClass, buildSchool, buildUser, linkParent } from '../../apps/server/src/test/factories.js';
import { schoolToday } from '../support/calendar.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, notice, openAs, shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

describe('my students, view High 5s and feedback', () => {
  it('a parent sees their child, opens a High 5 and thanks the teacher, who reads it in /feedback (es parent at 360 px, en teacher)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Nora', lastName: 'Navarro' });
    const child = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Tomás', lastName: 'Luna', grade: 3 });
    const otherChild = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Zoe', lastName: 'Kim' });
    const parent = await buildUser(h.app, { schoolId: school.id, role: 'parent', firstName: 'Elena', lastName: 'Luna' });
    await linkParent(h.app, parent.id, child.id);
    const today = schoolToday();
    await giveHigh5(h.app, {
      schoolId: school.id,
      giverId: teacher.id,
      giverRole: 'teacher',
      receiverId: child.id,
      schoolDate: today,
      comment: 'Great reading today',
      categoryKeys: ['perseverance'],
    });
    await giveHigh5(h.app, {
      schoolId: school.id,
      giverId: teacher.id,
      giverRole: 'teacher',
      receiverId: otherChild.id,
      schoolDate: today,
      comment: 'Not yours',
    });

    const p = await openAs(h, parent.id, '/mystudent', { lang: 'es', width: 360 });
    // At 360 px each child is a card (a list item).
    await p.page.getByRole('listitem').filter({ hasText: 'Tomás Luna' }).waitFor();
    await expect.poll(() => p.page.getByRole('listitem').filter({ hasText: 'Zoe Kim' }).count()).toBe(0);
    await expectAccessible(p.page);
    await p.page.getByRole('link', { name: 'Ver los High 5 de Tomás Luna' }).click();
    await p.page.getByRole('heading', { name: 'Ver High 5' }).waitFor();
    const row = p.page.getByRole('button', { name: /High 5 de Nora Navarro/ });
    await row.waitFor();
    await expect.poll(() => p.page.getByText('Not yours').count()).toBe(0);
    await expectAccessible(p.page);
    await shot(p.page, 'flow-viewhigh5-es-360');
    await row.click();
    const dialog = p.page.getByRole('dialog', { name: 'High 5' });
    await dialog.getByText('Great reading today').waitFor();
    await dialog.getByText('Perseverancia').waitFor();
    await dialog.getByRole('button', { name: 'Enviar comentario' }).click();
    await dialog.getByText('Escribe tu comentario.').waitFor();
    await dialog.getByLabel('Tu comentario para el docente').fill('¡Gracias por animarlo a leer!');
    await expectAccessible(p.page);
    await dialog.getByRole('button', { name: 'Enviar comentario' }).click();
    await notice(p.page, 'Comentario enviado. ¡Gracias!');
    await p.page.getByText('Comentario enviado', { exact: true }).waitFor();
    await p.context.close();

    const t = await openAs(h, teacher.id, '/feedback');
    await t.page.getByRole('row', { name: /Tomás Luna.*Elena Luna.*¡Gracias por animarlo a leer!/ }).waitFor();
    await expectAccessible(t.page);
    await shot(t.page, 'flow-feedback-en-1366');
    await t.context.close();
  });
});

describe('student list', () => {
  it('a teacher sees no reset; an admin resets a student without e-mail and gets a one-time link, never a password; the student chooses theirs (en 1366)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const admin = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const kid = await buildUser(h.app, {
      schoolId: school.id,
      role: 'student',
      firstName: 'Maya',
      lastName: 'Ortiz',
      email: null,
      username: `maya.${Date.now()}`,
    });
    await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Not', lastName: 'Mine' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [kid.id] });

    const tp = await openAs(h, teacher.id, '/student-list');
    await tp.page.getByRole('row', { name: /Maya Ortiz/ }).waitFor();
    await expect.poll(() => tp.page.getByRole('row', { name: /Not Mine/ }).count()).toBe(0);
    await expect.poll(() => tp.page.getByRole('button', { name: 'Reset the password of Maya Ortiz' }).count()).toBe(0);
    await tp.context.close();

    const { context, page } = await openAs(h, admin.id, '/student-list');
    await page.getByRole('button', { name: 'Reset the password of Maya Ortiz' }).click();
    await page.getByRole('dialog', { name: 'Reset the password of Maya Ortiz?' }).getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('dialog', { name: 'New password link for Maya Ortiz' });
    const link = (await shown.getByTestId('reset-link').textContent())!;
    expect(link).toMatch(/\/reset-link#[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => shown.textContent()).not.toMatch(/[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}/);
    await expectAccessible(page);
    await shot(page, 'flow-reset-link-en-1366');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(link).count()).toBe(0);
    // Nothing changed for the student until they use the link.
    const row = await h.app.services.db.selectFrom('users').select(['mustChangePassword']).where('id', '=', kid.id).executeTakeFirstOrThrow();
    expect(row.mustChangePassword).toBe(false);
    await context.close();

    // The student opens the link on their device (es, 360 px) and chooses a password.
    const student = await h.newPage({ locale: 'es-ES', width: 360 });
    await student.page.goto(new URL(link).pathname + new URL(link).hash);
    await student.page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await student.page.getByLabel('Contraseña nueva', { exact: true }).fill('Violet-Harbor-42!');
    await student.page.getByLabel('Confirma la contraseña nueva', { exact: true }).fill('Violet-Harbor-42!');
    await expectAccessible(student.page);
    await shot(student.page, 'flow-reset-link-screen-es-360');
    await student.page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await student.page.waitForURL((url) => url.pathname === '/');
    await notice(student.page, 'Tu contraseña se guardó. Inicia sesión.');
    // Once only.
    await student.page.goto(new URL(link).pathname + new URL(link).hash);
    await student.page.getByLabel('Contraseña nueva', { exact: true }).fill('Another-Harbor-43!');
    await student.page.getByLabel('Confirma la contraseña nueva', { exact: true }).fill('Another-Harbor-43!');
    await student.page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await student.page.getByRole('alert').filter({ hasText: 'Este enlace ya no funciona' }).waitFor();
    await student.context.close();
  }, 150_000);

  it('an admin resetting a student with an e-mail sees that the link went to the student (es 360)', async () => {
    const school = await buildSchool(h.app);
    const admin = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const kid = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Iker', lastName: 'Sol' });
    const { context, page } = await openAs(h, admin.id, '/student-list', { lang: 'es', width: 360 });
    await page.getByRole('button', { name: 'Restablecer la contraseña de Iker Sol' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.getByTestId('reset-emailed').filter({ hasText: kid.email! }).waitFor();
    await expect.poll(() => page.getByTestId('reset-link').count()).toBe(0);
    await expectAccessible(page);
    await shot(page, 'flow-reset-emailed-es-360');
    await context.close();
  });
});
