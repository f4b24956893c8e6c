import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCredentials } from '../../apps/server/src/lib/district-credentials.js';
import { parseBackup, populatedSchool, superAdmin, uploadBackup } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildSchool, buildUser, sessionFor } from '../../apps/server/src/test/factories.js';
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
    await expect.poll(() => page.getByRole('switch', { name: 'Test mode' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    // The base URL is required (ADD_DISTRICT_ATTRIBUTES_REQUIRED).
    await page.getByRole('button', { name: 'Add district' }).click();
    await page.getByText('District name, certificate key and base URL are required.').waitFor();
    await page.getByRole('textbox', { name: 'Base URL' }).fill('https://aeries.riverside.example.test');
    await page.getByRole('button', { name: 'Add district' }).click();
    await page.getByText('District Riverside Unified added.').waitFor();
    const aeries = await db.selectFrom('districts').selectAll().where('name', '=', 'Riverside Unified').executeTakeFirstOrThrow();
    expect(aeries).toMatchObject({ kind: 'aeries', paid: true, testMode: true });
    expect(aeries.credentialsEncrypted).not.toContain('CERT');
    expect(decryptCredentials(h.app.services.secret, aeries.id, aeries.credentialsEncrypted!)).toEqual({ certificate: 'CERT-0123456789' });
    await page.getByRole('cell', { name: 'Riverside Unified' }).first().waitFor();

    // A free school in a new district: Add is enabled once a school is named.
    await page.getByRole('radio', { name: 'FREE SCHOOL' }).check();
    const addSchool = page.getByRole('button', { name: 'Add school' });
    await expect.poll(() => addSchool.isDisabled()).toBe(true);
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
    await expect.poll(() => page.getByRole('button', { name: 'Delete school' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'School' }).fill('Clock');
    await page.getByRole('option', { name: /Clock Tower Elementary/ }).click();
    await page.getByRole('button', { name: 'Backup data' }).click();
    await page.getByText('Backup of Clock Tower Elementary is ready to download.').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('alert').getByRole('link', { name: 'Download the backup of Clock Tower Elementary' }).click(),
    ]);
    const backup = parseBackup(await readFile(await download.path()));
    expect(backup.header.school).toMatchObject({ name: 'Clock Tower Elementary' });
    expect(backup.tables.users!.map((u) => u.id)).toContain(teacher.id);
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
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await second.getByRole('textbox', { name: 'School name' }).fill('clock tower elementary');
    await confirm.click();
    await page.getByText('Clock Tower Elementary was deleted.').waitFor();
    await shot(page, 'settings-en-1366');
    expect(await db.selectFrom('schools').select('id').where('id', '=', school.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('users').select('id').where('id', '=', teacher.id).executeTakeFirst()).toBeUndefined();
    // The backup taken before deleting stays (until its retention ends); the earlier one went with the school.
    expect(await db.selectFrom('schoolBackups').select('id').where('schoolName', '=', 'Clock Tower Elementary').execute()).toHaveLength(1);
    await page.getByText(/Backup of Clock Tower Elementary is ready to download\. It is kept until \d\d\/\d\d\/\d{4}\./).waitFor();
    await context.close();
  });

  it("runs a school's report and adds a Clever district (Spanish, narrow)", async () => {
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
    // The district list: searched, and downloaded as CSV.
    await page.getByRole('searchbox', { name: 'Buscar distritos' }).fill('clever');
    const districts = page.getByRole('list', { name: 'Distritos' });
    await expect.poll(() => districts.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Distrito Clever')]);
    await shot(page, 'districts-es-360');

    await page.goto('/superAdmin-report');
    await expect.poll(() => page.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true);
    await shot(page, 'super-report-es-360');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('restores a deleted school from its backup into an empty school, with a progress bar (English, wide)', async () => {
    const { user } = await superAdmin(h.app);
    const p = await populatedSchool(h.app);
    const cookie = await sessionFor(h.app, user.id);
    const deleted = await h.call('DELETE', `/v1/super/schools/${p.school.id}`, { cookie, body: { confirmName: p.school.name, backup: true } });
    expect(deleted.status).toBe(200);
    const slot = await buildSchool(h.app, { name: 'Restored Academy', districtId: p.school.districtId });

    const { context, page } = await h.newPage({ locale: 'en-US', width: 1366, height: 900 });
    await h.signInAs(context, user.id);
    await page.goto('/settings');
    await page
      .getByRole('button', { name: `Restore the backup of ${p.school.name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Restore a school' });
    await dialog.getByText('Accounts come back without passwords', { exact: false }).waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Start restore' }).isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Restore into' }).fill('Restored');
    await page.getByRole('option', { name: /Restored Academy/ }).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Start restore' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const progress = page.getByRole('progressbar', { name: `Restore of ${p.school.name} into Restored Academy` });
    await progress.waitFor();
    await page.getByRole('status').getByText('Waiting to start…').waitFor();
    await expectNoAxeViolations(page);
    await h.app.services.jobs.runDue();
    await page.getByText(/^Restored Academy is restored \(\d+ records\)\./).waitFor();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('100');
    await shot(page, 'restore-en-1366');
    await expectNoAxeViolations(page);
    const members = await h.app.services.db.selectFrom('schoolMemberships').select('userId').where('schoolId', '=', slot.id).execute();
    expect(members.map((m) => m.userId).sort()).toEqual([p.admin.id, p.student.id, p.parent.id, p.twoSchools.id].sort());
    await context.close();
  });

  it('restores a school from a downloaded file into an empty school, the only kind it offers; an ended restore can be hidden (Spanish, narrow)', async () => {
    const { user } = await superAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    const p = await populatedSchool(h.app);
    const cookie = await sessionFor(h.app, user.id);
    const backup = (await h.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const file = join(await mkdtemp(join(tmpdir(), 'high5-e2e-')), 'copia.ndjson.gz');
    await writeFile(file, (await h.app.inject({ method: 'GET', url: `/v1/super/backups/${backup.id}/file`, headers: { cookie } })).rawPayload);
    expect((await h.call('DELETE', `/v1/super/schools/${p.school.id}`, { cookie, body: { confirmName: p.school.name, backup: false } })).status).toBe(200);
    await buildSchool(h.app, { name: 'Escuela Restaurada', districtId: p.elsewhere.districtId });

    // The server's clock stands still in tests: move it so this restore is the latest one.
    h.clock.advance(60_000);
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, user.id);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Restaurar desde un archivo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restaurar una escuela' });
    // The file button speaks Spanish (not the browser's "Choose File") and names the chosen file.
    await dialog.getByRole('button', { name: 'Archivo de copia (.ndjson.gz) Elegir archivo' }).waitFor();
    await dialog.getByText('Ningún archivo elegido').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByText('copia.ndjson.gz', { exact: true }).waitFor();
    // A school with people is not offered.
    await dialog.getByRole('combobox', { name: 'Restaurar en' }).fill(p.elsewhere.name);
    await page.getByText('Ninguna escuela vacía: agrega una primero en la pantalla Agregar distrito.').waitFor();
    await expect.poll(() => page.getByRole('option', { name: new RegExp(p.elsewhere.name) }).count()).toBe(0);
    await shot(page, 'restore-dialog-es-360');
    await expectNoAxeViolations(page);
    await dialog.getByRole('combobox', { name: 'Restaurar en' }).fill('Escuela Rest');
    await page.getByRole('option', { name: /Escuela Restaurada/ }).click();
    await dialog.getByRole('button', { name: 'Iniciar restauración' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('progressbar', { name: 'Restauración de copia.ndjson.gz en Escuela Restaurada' }).waitFor();
    // A restore under way cannot be hidden.
    await expect.poll(() => page.getByRole('button', { name: 'Ocultar esta restauración' }).count()).toBe(0);
    await h.app.services.jobs.runDue();
    await page.getByText(/^Escuela Restaurada está restaurada \(\d+ registros\)\./).waitFor();
    await shot(page, 'restore-es-360');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a refused restore can be hidden, and stays hidden after a reload (Spanish, narrow)', async () => {
    const { user } = await superAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    const cookie = await sessionFor(h.app, user.id);
    const slot = await buildSchool(h.app, { name: 'Escuela Vacía' });
    h.clock.advance(60_000);
    expect((await uploadBackup(h.app, cookie, slot.id, Buffer.from('not a backup'))).statusCode).toBe(200);
    await h.app.services.jobs.runDue();
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360, height: 800 });
    await h.signInAs(context, user.id);
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: /en Escuela Vacía$/ });
    await panel.getByRole('alert').waitFor();
    await shot(page, 'restore-refused-es-360');
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Ocultar esta restauración' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Copias de seguridad recientes' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: /en Escuela Vacía$/ }).count()).toBe(0);
    await context.close();
  });
});
