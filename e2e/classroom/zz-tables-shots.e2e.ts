import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, openAs } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());
const dir = '/tmp/tables-shots';

describe('scratch shots', () => {
  it('teacher classes tables', async () => {
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Omar', lastName: 'Owner' });
    await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Sara', lastName: 'Sub' });
    const names = ['Ana Ruiz', 'Ben Cole', 'Cora Diaz', 'Dev Patel', 'Eli Moss', 'Fay Wong'];
    const ids: string[] = [];
    for (const n of names) {
      const [firstName, lastName] = n.split(' ') as [string, string];
      ids.push((await buildUser(h.app, { schoolId: school.id, role: 'student', firstName, lastName, grade: 5 })).id);
    }
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'History 7', studentIds: ids.slice(0, 3) });
    for (const [lang, width] of [['en', 1366], ['es', 360], ['en', 360]] as const) {
      const es = lang === 'es';
      const { context, page } = await openAs(h, teacher.id, '/teacher-classes', { lang, width });
      await page.getByRole('button', { name: es ? 'Abrir el perfil de Ana Ruiz' : 'Open the profile of Ana Ruiz' }).waitFor();
      await page.screenshot({ path: `${dir}/enrolled-${lang}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: es ? 'Agregar estudiante' : 'Add student' }).click();
      await page.getByRole('menuitem').first().click();
      await page.getByRole('checkbox', { name: es ? 'Seleccionar a Dev Patel' : 'Select Dev Patel' }).check();
      await expectAccessible(page);
      await page.screenshot({ path: `${dir}/find-${lang}-${width}.png`, fullPage: true });
      await page.getByRole('checkbox', { name: es ? 'Seleccionar todo' : 'Select all' }).check();
      await page.screenshot({ path: `${dir}/find-all-${lang}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: es ? 'Volver a la clase' : 'Back to the class' }).click();
      await page.getByRole('tab').nth(1).click();
      await page.getByRole('main').getByText('Omar Owner', { exact: true }).waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: `${dir}/teachers-${lang}-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});
