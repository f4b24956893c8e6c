import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildDistrict, buildSchool } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

describe('super admin: districts and schools', () => {
  it("edits a district's name and domains, renames a school in a friendly time zone, deletes a school by its name and then its district (English, wide)", async () => {
    const { user } = await superAdmin(h.app);
    const db = h.app.services.db;
    const district = await buildDistrict(h.app, { name: 'Twin Pines District' });
    const school = await buildSchool(h.app, { name: 'Lyon Estates Elementary', districtId: district.id });
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366, height: 900 });
    await h.signInAs(context, user.id);
    await page.goto('/add-district');

    // The FREE SCHOOL form asks only for what it needs, and marks the empty field.
    await page.getByRole('combobox', { name: 'School name' }).fill('Hill Valley High');
    await page.getByRole('button', { name: 'Add school' }).click();
    await page.getByText('District name and school name are required.').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'District name' }).getAttribute('aria-invalid')).toBe('true');
    // Time zones by name, searchable in the user's words.
    await page.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('combobox', { name: 'Time zone' }).fill('new york');
    await page.getByRole('option', { name: 'Eastern Time (New York)' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Eastern Time (New York)');

    // Edit the district: a new name and two domains, one refused as typed.
    await page.getByRole('button', { name: 'Edit Twin Pines District' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Twin Pines District' });
    await dialog.getByRole('textbox', { name: 'District name' }).fill('Lone Pine District');
    const domains = dialog.getByRole('combobox', { name: 'Allowed e-mail domains' });
    await domains.fill('ms.parker@lonepine.example');
    await dialog.getByText('Enter a domain like school.k12.ca.us', { exact: false }).waitFor();
    await domains.fill('@LonePine.example');
    await domains.press('Enter');
    await domains.fill('staff.lonepine.example');
    await expectNoAxeViolations(page);
    await shot(page, 'district-edit-en-1366');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lone Pine District saved.').waitFor();
    await page.getByRole('cell', { name: 'lonepine.example, staff.lonepine.example' }).waitFor();
    expect(await db.selectFrom('districts').select(['name', 'whitelistingDomains']).where('id', '=', district.id).executeTakeFirstOrThrow()).toEqual({
      name: 'Lone Pine District',
      whitelistingDomains: ['lonepine.example', 'staff.lonepine.example'],
    });

    // Rename the school and move it to Mountain Time (Denver).
    await page.getByRole('button', { name: 'Edit Lyon Estates Elementary' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Lyon Estates Elementary' });
    await edit.getByRole('textbox', { name: 'School name' }).fill('Lyon Estates Academy');
    await edit.getByRole('combobox', { name: 'Time zone' }).fill('denver');
    await page.getByRole('option', { name: 'Mountain Time (Denver)' }).click();
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lyon Estates Academy saved.').waitFor();
    await page.getByRole('cell', { name: 'Mountain Time (Denver)' }).waitFor();
    expect(await db.selectFrom('schools').select(['name', 'timeZone']).where('id', '=', school.id).executeTakeFirstOrThrow()).toEqual({
      name: 'Lyon Estates Academy',
      timeZone: 'America/Denver',
    });

    // A district with a school cannot be deleted: the dialog says why and offers nothing else.
    await page.getByRole('button', { name: 'Delete Lone Pine District' }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete Lone Pine District?' });
    await refuse.getByText('This district still has 1 school.', { exact: false }).waitFor();
    await expect.poll(() => refuse.getByRole('button', { name: 'Delete district' }).count()).toBe(0);
    await refuse.getByRole('button', { name: 'Close' }).click();

    // Delete the school: two confirmations, the second by its name.
    await page.getByRole('button', { name: 'Delete Lyon Estates Academy' }).click();
    await page.getByRole('dialog', { name: 'Delete Lyon Estates Academy?' }).getByRole('button', { name: 'Continue' }).click();
    const second = page.getByRole('dialog', { name: 'Are you sure?' });
    await second.getByRole('textbox', { name: 'School name' }).fill('Lyon Estates');
    await expect.poll(() => second.getByRole('button', { name: 'Delete school' }).isDisabled()).toBe(true);
    await second.getByRole('textbox', { name: 'School name' }).fill('Lyon Estates Academy');
    await second.getByRole('button', { name: 'Delete school' }).click();
    await page.getByText('Lyon Estates Academy was deleted.').waitFor();
    expect(await db.selectFrom('schools').select('id').where('id', '=', school.id).executeTakeFirst()).toBeUndefined();

    // Now the empty district goes.
    await page.getByRole('button', { name: 'Delete Lone Pine District' }).click();
    await page.getByRole('dialog', { name: 'Delete Lone Pine District?' }).getByRole('button', { name: 'Delete district' }).click();
    await page.getByText('Lone Pine District was deleted.').waitFor();
    expect(await db.selectFrom('districts').select('id').where('id', '=', district.id).executeTakeFirst()).toBeUndefined();
    const audit = await db.selectFrom('auditLog').select('action').where('targetId', 'in', [district.id, school.id]).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['district.update', 'school.delete', 'district.delete']); // the school's own audit rows go with it (docs/decisions/0182)
    await context.close();
  }, 150_000);

  it('shows time zones and the district editor in Spanish on a phone', async () => {
    const { user } = await superAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    await buildDistrict(h.app, { name: 'Distrito Alameda', whitelistingDomains: ['alameda.example'] });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, user.id);
    await page.goto('/add-district');
    await page.getByRole('combobox', { name: 'Zona horaria' }).click();
    await page.getByRole('combobox', { name: 'Zona horaria' }).fill('los angeles');
    await page.getByRole('option', { name: 'Hora del Pacífico (Los Angeles)' }).click();
    await page.getByRole('button', { name: 'Editar Distrito Alameda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Distrito Alameda' });
    await dialog.getByRole('button', { name: 'alameda.example' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'district-edit-es-360');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await shot(page, 'add-district-es-360');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
