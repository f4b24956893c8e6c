import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

describe('admin screens', () => {
  it('the only admin is told why, in her gender; a duplicate address is refused; free schools say where links show (Spanish, 360 px)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    await h.app.services.db
      .updateTable('users')
      .set({ language: 'es', gender: 'F', firstName: 'Ana', lastName: 'Luna', email: 'ana.luna.directora@escuela-primaria.example' })
      .where('id', '=', admin.id)
      .execute();
    await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Leo', lastName: 'Sol' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin?view=users');
    // The selected tab is fully inside the visible part of the scrollable strip (it was left half
    // outside when the scroll buttons appeared during MUI's animated scroll).
    const tab = page.getByRole('tab', { name: 'Usuarios administradores' });
    const strip = page.locator('.MuiTabs-scroller');
    await expect
      .poll(async () => {
        const [t, s] = [await tab.boundingBox(), await strip.boundingBox()];
        return !!t && !!s && t.x >= s.x && t.x + t.width <= s.x + s.width + 0.5;
      })
      .toBe(true);
    await page.getByRole('switch', { name: 'Ana Luna es administradora' }).click();
    const dialog = page.getByRole('dialog', { name: 'No puedes dejar de ser administradora' });
    await dialog.getByText('Eres la única administradora', { exact: false }).waitFor();
    await expect.poll(() => dialog.getByRole('button').allTextContents()).toEqual(['Cerrar']);
    await expectNoAxeViolations(page);
    await shot(page, 'sole-admin-es-360');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    // Leo has no gender in his profile: the neutral wording.
    await page.getByRole('switch', { name: 'Leo Sol tiene permisos de administración' }).waitFor();
    await shot(page, 'users-es-360');
    expect((await h.app.services.db.selectFrom('schoolMemberships').select('isAdmin').where('userId', '=', admin.id).executeTakeFirstOrThrow()).isAdmin).toBe(
      true,
    );

    await page.goto('/admin?view=settings');
    await page.getByText('Esta escuela no está conectada a un sistema de distrito', { exact: false }).waitFor();
    await page.getByText('si es un estudiante, lo reciben sus padres', { exact: false }).waitFor();
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Agregar correo' }).click();
      const add = page.getByRole('dialog', { name: 'Agregar un correo de notificación' });
      await add.getByRole('textbox', { name: 'Correo electrónico' }).fill('Orientacion@example.test');
      await add.getByRole('button', { name: 'Agregar' }).click();
      if (attempt === 1) await add.waitFor({ state: 'detached' });
      else {
        await add.getByText('Esa dirección ya está en la lista.').waitFor();
        await add.getByRole('button', { name: 'Cancelar' }).click();
      }
    }
    await expectNoAxeViolations(page);
    await shot(page, 'settings-es-360');
    await context.close();
  });

  it('leaves "received" out of the sidebar when the school hides it; toasts stay clear of the header (English, wide)', async () => {
    const { school, admin } = await schoolWithAdmin(h.app);
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366, height: 900 });
    await h.signInAs(context, admin.id, school.id);
    await page.goto('/admin?view=settings');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'High 5s received' }).waitFor();
    await page.getByRole('switch', { name: 'Show High 5s and Vibes received' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Setting saved.' });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(450);
    await nav.getByRole('link', { name: 'High 5s received' }).waitFor({ state: 'detached' });
    await expect.poll(() => nav.getByRole('link', { name: 'Vibes received' }).count()).toBe(0);
    await shot(page, 'settings-en-1366');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
