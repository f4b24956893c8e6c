import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCredentials } from '../../apps/server/src/modules/admin/districts/crypto.js';
import { superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

describe('super admin', () => {
  it('adds an Aeries district and a free school, makes an admin, backs up and deletes the school (English, wide)', async () => {
    const { user } = await superAdmin(h.app);
    const db = h.app.services.db;
    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366, height: 900 });
    await h.signInAs(context, user.id);

    // Aeries district.
    await page.goto('/add-district');
    await page.getByRole('radio', { name: 'AERIES' }).check();
    await page.getByRole('textbox', { name: 'District name' }).fill('Riverside Unified');
    await page.getByRole('textbox', { name: 'Certificate key' }).fill('CERT-0123456789');
    expect(await page.getByRole('switch', { name: 'Test mode' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    // The base URL is required (ADD_DISTRICT_ATTRIBUTES_REQUIRED).
    await page.getByRole('button', { name: 'Add district' }).click();
    await page.getByText('District name, base URL and the keys are required.').waitFor();
    await page.getByRole('textbox', { name: 'Base URL' }).fill('https://aeries.riverside.example.test');
    await page.getByRole('button', { name: 'Add district' }).click();
    await page.getByText('District Riverside Unified added.').waitFor();
    const aeries = await db.selectFrom('districts').selectAll().where('name', '=', 'Riverside Unified').executeTakeFirstOrThrow();
    expect(aeries).toMatchObject({ kind: 'aeries', paid: true, testMode: true });
    expect(aeries.credentialsEncrypted).not.toContain('CERT');
    expect(decryptCredentials(h.app.services.secret, aeries.id, aeries.credentialsEncrypted!)).toEqual({ certificate: 'CERT-0123456789' });
    await page.getByRole('cell', { name: 'Riverside Unified' }).waitFor();

    // A free school in a new district: Add is enabled once a school is named.
    await page.getByRole('radio', { name: 'FREE SCHOOL' }).check();
    const addSchool = page.getByRole('button', { name: 'Add school' });
    expect(await addSchool.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'District name' }).fill('Hill Valley');
    await page.getByText('A new district will be created.').waitFor();
    await page.getByRole('combobox', { name: 'School name' }).fill('Clock Tower Elementary');
    await addSchool.click();
    await page.getByText('Clock Tower Elementary added to Hill Valley.').waitFor();
    await shot(page, 'add-district-en-1366');
    const school = await db.selectFrom('schools').selectAll().where('name', '=', 'Clock Tower Elementary').executeTakeFirstOrThrow();

    // Make a teacher of that school an admin.
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Emmett', lastName: 'Brown' });
    await page.goto('/make-admin');
    await page.getByRole('combobox', { name: 'School' }).fill('Clock');
    await page.getByRole('option', { name: /Clock Tower Elementary/ }).click();
    await page.getByRole('button', { name: 'Make Emmett Brown an admin' }).click();
    await page.getByRole('dialog', { name: 'Make admin?' }).getByRole('button', { name: 'Make admin' }).click();
    await page.getByRole('button', { name: 'Remove Emmett Brown as admin' }).waitFor();
    await expectNoAxeViolations(page);
    const member = await db.selectFrom('schoolMemberships').select('isAdmin').where('userId', '=', teacher.id).executeTakeFirstOrThrow();
    expect(member.isAdmin).toBe(true);

    // Back up, download, then delete with two confirmations.
    await page.goto('/settings');
    expect(await page.getByRole('button', { name: 'Delete school' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'School' }).fill('Clock');
    await page.getByRole('option', { name: /Clock Tower Elementary/ }).click();
    await page.getByRole('button', { name: 'Backup data' }).click();
    await page.getByText('Backup of Clock Tower Elementary is ready to download.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('alert').getByRole('link', { name: 'Download the backup of Clock Tower Elementary' }).click()]);
    const backup = JSON.parse((await readFile(await download.path())).toString('utf8'));
    expect(backup.school.name).toBe('Clock Tower Elementary');
    expect(backup.tables.users.map((u: { id: string }) => u.id)).toContain(teacher.id);
    expect(JSON.stringify(backup)).not.toContain('password_hash');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Delete school' }).click();
    const first = page.getByRole('dialog', { name: 'Delete Clock Tower Elementary?' });
    await expectNoAxeViolations(page);
    await first.getByRole('button', { name: 'Continue' }).click();
    const second = page.getByRole('dialog', { name: 'Are you sure?' });
    await second.getByRole('textbox', { name: 'School name' }).waitFor();
    await expectNoAxeViolations(page);
    const confirm = second.getByRole('button', { name: 'Delete school' });
    await second.getByRole('textbox', { name: 'School name' }).fill('Clock Tower');
    expect(await confirm.isDisabled()).toBe(true);
    await second.getByRole('textbox', { name: 'School name' }).fill('clock tower elementary');
    await confirm.click();
    await page.getByText('Clock Tower Elementary was deleted.').waitFor();
    await shot(page, 'settings-en-1366');
    expect(await db.selectFrom('schools').select('id').where('id', '=', school.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('users').select('id').where('id', '=', teacher.id).executeTakeFirst()).toBeUndefined();
    // Two backups: the one asked for, and the one taken before deleting.
    expect(await db.selectFrom('schoolBackups').select('id').where('schoolName', '=', 'Clock Tower Elementary').execute()).toHaveLength(2);
    await context.close();
  });

  it('runs a school\'s report and adds a Clever district (Spanish, narrow)', async () => {
    const { user } = await superAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, user.id);
    await page.goto('/add-district');
    await page.getByRole('radio', { name: 'CLEVER' }).check();
    await page.getByRole('textbox', { name: 'Nombre del distrito' }).fill('Distrito Clever');
    await page.getByRole('textbox', { name: 'Clave de cliente' }).fill('ck_123');
    await page.getByLabel('Secreto de cliente').fill('cs_456');
    await page.getByRole('textbox', { name: 'URL base' }).fill('ftp://clever.example.test');
    await page.getByRole('switch', { name: 'Modo de prueba' }).uncheck();
    await page.getByRole('button', { name: 'Agregar distrito' }).click();
    await page.getByText('Escribe un enlace completo que empiece por https:// o http://.').waitFor();
    await page.getByRole('textbox', { name: 'URL base' }).fill('https://clever.example.test');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Agregar distrito' }).click();
    await page.getByText('Se agregó el distrito Distrito Clever.').waitFor();
    const clever = await h.app.services.db.selectFrom('districts').selectAll().where('name', '=', 'Distrito Clever').executeTakeFirstOrThrow();
    expect(clever).toMatchObject({ kind: 'clever', testMode: false });

    await page.goto('/superAdmin-report');
    expect(await page.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true);
    await shot(page, 'super-report-es-360');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
