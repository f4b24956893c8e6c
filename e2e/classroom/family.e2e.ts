import { toIsoDate } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveHigh5 } from '../../apps/server/src/modules/classroom/test-factories.js';
import { buildClass, buildSchool, buildUser, linkParent } from '../../apps/server/src/test/factories.js';
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
    const today = toIsoDate(h.clock.now(), school.timeZone);
    await giveHigh5(h.app, { schoolId: school.id, giverId: teacher.id, giverRole: 'teacher', receiverId: child.id, schoolDate: today, comment: 'Great reading today', categoryKeys: ['perseverance'] });
    await giveHigh5(h.app, { schoolId: school.id, giverId: teacher.id, giverRole: 'teacher', receiverId: otherChild.id, schoolDate: today, comment: 'Not yours' });

    const p = await openAs(h, parent.id, '/mystudent', { lang: 'es', width: 360 });
    await p.page.getByRole('row', { name: /Tomás Luna/ }).waitFor();
    expect(await p.page.getByRole('row', { name: /Zoe Kim/ }).count()).toBe(0);
    await expectAccessible(p.page);
    await p.page.getByRole('link', { name: 'Ver los High 5s de Tomás Luna' }).click();
    await p.page.getByRole('heading', { name: 'Ver High 5s' }).waitFor();
    const row = p.page.getByRole('row', { name: /High 5 de Nora Navarro/ });
    await row.waitFor();
    expect(await p.page.getByText('Not yours').count()).toBe(0);
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
  it('a teacher resets a student\'s password and sees the temporary password once (en)', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const kid = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Maya', lastName: 'Ortiz' });
    await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Not', lastName: 'Mine' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [kid.id] });
    const { context, page } = await openAs(h, teacher.id, '/student-list');
    await page.getByRole('row', { name: /Maya Ortiz/ }).waitFor();
    expect(await page.getByRole('row', { name: /Not Mine/ }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reset the password of Maya Ortiz' }).click();
    await page.getByRole('dialog', { name: 'Reset the password of Maya Ortiz?' }).getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary password for Maya Ortiz' });
    const password = (await shown.getByTestId('temporary-password').textContent())!;
    expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    await expectAccessible(page);
    await shot(page, 'flow-reset-password');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.getByText(password).count()).toBe(0);
    const row = await h.app.services.db.selectFrom('users').select(['mustChangePassword']).where('id', '=', kid.id).executeTakeFirstOrThrow();
    expect(row.mustChangePassword).toBe(true);
    await context.close();
  });
});
