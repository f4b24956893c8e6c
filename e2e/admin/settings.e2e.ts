import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolWithAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { shot } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
});
afterAll(() => h?.close());

const school = (id: string) => h.app.services.db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('school configuration', () => {
  it('saves e-mails, trigger time, switches, links and messages, and sends the report now (Spanish, wide)', async () => {
    const { school: s, admin } = await schoolWithAdmin(h.app);
    await h.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', admin.id).execute();
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 1366, height: 900 });
    await h.signInAs(context, admin.id, s.id);
    await page.goto('/admin?view=settings');
    await page.getByRole('heading', { name: 'Informe diario del medidor de ánimo' }).waitFor();
    await expectNoAxeViolations(page);

    // Notification e-mails: a wrong address is refused in the dialog, a good one added, then removed.
    for (const email of ['orientacion@example.test', 'enfermeria@example.test']) {
      await page.getByRole('button', { name: 'Agregar correo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar un correo de notificación' });
      await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(email === 'orientacion@example.test' ? 'no-es-correo' : email);
      if (email === 'orientacion@example.test') {
        await dialog.getByRole('button', { name: 'Agregar' }).click();
        await dialog.getByText('Escribe un correo como nombre@escuela.org.').waitFor();
        await expectNoAxeViolations(page);
        await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      }
      await dialog.getByRole('button', { name: 'Agregar' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Quitar enfermeria@example.test' }).click();
    await page.getByRole('button', { name: 'Quitar enfermeria@example.test' }).waitFor({ state: 'detached' });
    const emails = await h.app.services.db.selectFrom('schoolNotificationEmails').select('email').where('schoolId', '=', s.id).execute();
    expect(emails).toEqual([{ email: 'orientacion@example.test' }]);
    // The address confirms through the link e-mailed to it (decision 0154); the report then reaches it.
    await h.app.services.db.updateTable('schoolNotificationEmails').set({ confirmedAt: new Date() }).where('schoolId', '=', s.id).execute();

    // Trigger time, 24-hour.
    const hours = page.getByRole('spinbutton', { name: 'Horas' });
    await hours.click();
    await page.keyboard.type('1545');
    await page.getByRole('button', { name: 'Actualizar' }).first().click();
    await page.getByText('Hora de envío guardada.').waitFor();
    expect((await school(s.id)).triggerTime).toBe('15:45:00');

    // Generate now.
    await page.getByRole('button', { name: 'Generar informe del medidor de ánimo' }).click();
    await page.getByText('Informe enviado ahora.').waitFor();
    await page.getByText(/^Enviado el \d\d\/\d\d\/\d{4} \d\d:\d\d a 1 dirección\./).waitFor();

    // Switches save at once.
    await page.getByRole('switch', { name: 'Mostrar los High 5 y Vibras recibidos' }).click();
    await page.getByRole('switch', { name: 'Avisar por correo a quien reciba un High 5' }).click();
    await expect.poll(async () => [(await school(s.id)).high5Vibes, (await school(s.id)).high5NotifyEmail]).toEqual([false, true]);

    // Links: http(s) only. Their own Update (other sections have one too).
    const linksUpdate = page
      .locator('form')
      .filter({ has: page.getByRole('textbox', { name: 'Programa IEP' }) })
      .getByRole('button', { name: 'Actualizar' });
    await page.getByRole('textbox', { name: 'Programa IEP' }).fill('javascript:alert(1)');
    await page.getByRole('textbox', { name: 'Programa 504' }).fill('https://504.example.test/plan');
    await linksUpdate.click();
    await page.getByText('Escribe un enlace completo que empiece por https:// o http://.').waitFor();
    await page.getByRole('textbox', { name: 'Programa IEP' }).fill('https://iep.example.test');
    await linksUpdate.click();
    await page.getByText('Enlaces guardados.').waitFor();
    expect(await school(s.id)).toMatchObject({ urlProgramIep: 'https://iep.example.test', urlProgram504: 'https://504.example.test/plan', urlLanguage: null });

    // Messages: one language fills the other.
    await page.getByRole('button', { name: 'Mensajes del medidor de ánimo' }).click();
    const messages = page.getByRole('dialog', { name: 'Mensajes del medidor de ánimo' });
    await messages.getByRole('group', { name: 'Español' }).getByRole('textbox', { name: 'Mensaje 1' }).fill('¿Quieres hablar con alguien?');
    await messages.getByRole('group', { name: 'Inglés' }).getByRole('textbox', { name: 'Mensaje 2' }).fill('We are here for you.');
    await shot(page, 'messages-es-1366');
    await expectNoAxeViolations(page);
    await messages.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Mensajes guardados.').waitFor();
    expect((await school(s.id)).moodmeterMessages).toEqual({
      en: { message1: '¿Quieres hablar con alguien?', message2: 'We are here for you.' },
      es: { message1: '¿Quieres hablar con alguien?', message2: 'We are here for you.' },
    });

    // Prompt OFF: the message fields cannot be edited.
    await page.getByRole('switch', { name: 'Aviso del medidor de ánimo: SÍ' }).click();
    await page.getByRole('switch', { name: 'Aviso del medidor de ánimo: NO' }).waitFor();
    expect((await school(s.id)).promptMoodmeter).toBe(false);
    await page.getByRole('button', { name: 'Mensajes del medidor de ánimo' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('textbox', { name: 'Mensaje 1' }).first().isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    const actions = await h.app.services.db.selectFrom('auditLog').select('action').where('schoolId', '=', s.id).execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(new Set(['configuration.notificationEmails', 'configuration.update', 'moodReport.send']));
    await shot(page, 'settings-es-1366');
    await context.close();
  });
});

describe('category editor', () => {
  it('adds a category in both languages, then disables it and a built-in one (English, narrow)', async () => {
    const { school: s, admin } = await schoolWithAdmin(h.app);
    const { context, page } = await h.newPage({ locale: 'en-US', width: 360, height: 800 });
    await h.signInAs(context, admin.id, s.id);
    await page.goto('/admin?view=settings');
    await page.getByRole('combobox', { name: 'Settings' }).click();
    await page.getByRole('option', { name: 'High 5 categories' }).click();
    await page.getByRole('heading', { name: 'High 5 categories' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add new category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New High 5 category' });
    const add = dialog.getByRole('button', { name: 'Add' });
    await expect.poll(() => add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name in English' }).fill('Curiosity that never stops, always!!');
    // 35 characters at most, counted live.
    await dialog.getByText('Count 35 / 35').waitFor();
    await dialog.getByText('Max 35 Char').waitFor();
    await dialog.getByRole('textbox', { name: 'Name in English' }).fill('Curiosity');
    await dialog.getByRole('tab', { name: 'Spanish' }).click();
    await expect.poll(() => add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name in Spanish' }).fill('Curiosidad');
    await expectNoAxeViolations(page);
    await add.click();
    await page.getByText('Curiosity added.').waitFor();

    const row = await h.app.services.db.selectFrom('categories').selectAll().where('schoolId', '=', s.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'high5', nameEn: 'Curiosity', nameEs: 'Curiosidad' });

    // Built-in names are locked; the school's own can be edited.
    await expect.poll(() => page.getByRole('textbox', { name: 'English' }).first().getAttribute('readonly')).not.toBeNull();
    await page.getByRole('checkbox', { name: 'Use Curiosity' }).click();
    await page.getByRole('checkbox', { name: 'Use Kindness' }).click();
    await page.getByRole('status').getByText('2 unsaved changes').waitFor();
    await shot(page, 'categories-en-360');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Categories saved.').waitFor();
    const settings = await h.app.services.db.selectFrom('categorySettings').select(['categoryId', 'enabled']).where('schoolId', '=', s.id).execute();
    expect(settings).toHaveLength(2);
    expect(settings.every((x) => x.enabled === false)).toBe(true);
    expect(settings.map((x) => x.categoryId)).toContain(row.id);
    await context.close();
  });

  for (const { lang, width } of [
    { lang: 'en' as const, width: 1366 },
    { lang: 'es' as const, width: 360 },
  ]) {
    it(`a school category's blank name is refused on its field and counted as unsaved until fixed (${lang}, ${width} px)`, async () => {
      const es = lang === 'es';
      const { school: s, admin } = await schoolWithAdmin(h.app);
      await h.app.services.db.updateTable('users').set({ language: lang }).where('id', '=', admin.id).execute();
      await h.app.services.db.insertInto('categories').values({ schoolId: s.id, kind: 'high5', nameEn: 'Curiosity', nameEs: 'Curiosidad' }).execute();
      const { context, page } = await h.newPage({ locale: es ? 'es-ES' : 'en-US', width, height: 900 });
      await h.signInAs(context, admin.id, s.id);
      await page.goto('/admin?view=settings');
      await page.getByRole('combobox', { name: es ? 'Configuración' : 'Settings' }).click();
      await page.getByRole('option', { name: es ? 'Categorías de High 5' : 'High 5 categories' }).click();
      const row = page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: es ? 'Usar Curiosity' : 'Use Curiosity' }) });
      const english = row.getByRole('textbox', { name: es ? 'Inglés' : 'English' });
      await english.fill('  ');
      await row.getByText(es ? 'De 1 a 35 caracteres' : '1 to 35 characters').waitFor();
      await page
        .getByRole('status')
        .getByText(es ? '1 cambio sin guardar' : '1 unsaved change')
        .waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `categories-blank-${lang}-${width}`);
      // Update does not send it: the field keeps the complaint and takes the focus.
      await page.getByRole('button', { name: es ? 'Actualizar' : 'Update' }).click();
      await expect.poll(() => english.evaluate((el) => el === document.activeElement)).toBe(true);
      await english.fill('Curiosity!');
      await expect.poll(() => row.getByText(es ? 'De 1 a 35 caracteres' : '1 to 35 characters').count()).toBe(0);
      await page.getByRole('button', { name: es ? 'Actualizar' : 'Update' }).click();
      await page.getByText(es ? 'Categorías guardadas.' : 'Categories saved.').waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: es ? 'sin guardar' : 'unsaved' })
            .count(),
        )
        .toBe(0);
      const saved = await h.app.services.db.selectFrom('categories').select('nameEn').where('schoolId', '=', s.id).executeTakeFirstOrThrow();
      expect(saved.nameEn).toBe('Curiosity!');
      await context.close();
    });
  }
});

describe('notification addresses waiting for confirmation (docs/decisions/0590)', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`shows each address's state, resends the link, and never says a report went out to nobody (${lang}, 360 px)`, async () => {
      const es = lang === 'es';
      const { school: s, admin } = await schoolWithAdmin(h.app);
      await h.app.services.db.updateTable('users').set({ language: lang }).where('id', '=', admin.id).execute();
      // Listed before confirmation existed: never confirmed, no link sent.
      await h.app.services.db
        .insertInto('schoolNotificationEmails')
        .values([
          { schoolId: s.id, email: 'counselor@example.test' },
          { schoolId: s.id, email: 'nurse@example.test' },
        ])
        .execute();
      await h.app.services.db.updateTable('schools').set({ moodReportHeldOn: '2026-11-27', triggerTime: '23:59' }).where('id', '=', s.id).execute();
      const { context, page } = await h.newPage({ locale: es ? 'es-ES' : 'en-US', width: 360, height: 800 });
      await h.signInAs(context, admin.id, s.id);
      await page.goto('/admin?view=settings');
      const list = page.getByRole('list', { name: es ? 'Correos de notificación' : 'Notification e-mails' });
      const row = (email: string) => list.getByRole('listitem').filter({ hasText: email });
      await row('nurse@example.test')
        .getByText(es ? 'Esperando confirmación' : 'Waiting for confirmation', { exact: true })
        .waitFor();
      await row('counselor@example.test')
        .getByText(es ? 'Esperando confirmación' : 'Waiting for confirmation', { exact: true })
        .waitFor();
      await page
        .getByText(
          es
            ? 'El informe diario del 27/11/2026 no se envió: ninguna de las direcciones está confirmada todavía.'
            : 'The daily report for 11/27/2026 was not sent: none of the addresses has confirmed yet.',
        )
        .waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `emails-unconfirmed-${lang}-360`);

      // "Generate" names the unconfirmed addresses, not a missing one.
      await page.getByRole('button', { name: es ? 'Generar informe del medidor de ánimo' : 'Generate Mood Meter Report' }).click();
      await page
        .getByText(
          es
            ? 'No se envió nada: ninguna de las direcciones de la lista está confirmada todavía.'
            : 'Nothing was sent: none of the listed addresses has confirmed yet.',
          { exact: false },
        )
        .waitFor();
      expect(await page.getByText(es ? 'Informe enviado ahora.' : 'Report sent now.').count()).toBe(0);

      // The link again, by keyboard: the row says when it went; a second one is throttled.
      const resend = page.getByRole('button', { name: es ? 'Reenviar enlace a nurse@example.test' : 'Send link again to nurse@example.test' });
      await resend.focus();
      await page.keyboard.press('Enter');
      await page.getByText(es ? 'Se envió el enlace de confirmación a nurse@example.test.' : 'Confirmation link sent to nurse@example.test.').waitFor();
      await row('nurse@example.test')
        .getByText(es ? /^Esperando confirmación · enlace enviado el \d\d\/\d\d\/\d{4}/ : /^Waiting for confirmation · link sent \d\d\/\d\d\/\d{4}/)
        .waitFor();
      await resend.click();
      await page
        .getByText(es ? 'Se envió un enlace a esa dirección hace menos de 10 minutos.' : 'A link was sent to that address less than 10 minutes ago.', {
          exact: false,
        })
        .waitFor();
      const audit = await h.app.services.db.selectFrom('auditLog').select('action').where('schoolId', '=', s.id).execute();
      expect(audit.filter((a) => a.action === 'configuration.notificationConfirmationResent')).toHaveLength(1);
      await expectNoAxeViolations(page);
      await shot(page, `emails-resent-${lang}-360`);

      // Once confirmed, the row says so.
      await h.app.services.db
        .updateTable('schoolNotificationEmails')
        .set({ confirmedAt: new Date() })
        .where('email', '=', 'nurse@example.test')
        .where('schoolId', '=', s.id)
        .execute();
      await page.reload();
      await row('nurse@example.test')
        .getByText(es ? 'Confirmada' : 'Confirmed', { exact: true })
        .waitFor();
      expect(
        await row('nurse@example.test')
          .getByRole('button', { name: es ? 'Reenviar enlace a nurse@example.test' : 'Send link again to nurse@example.test' })
          .count(),
      ).toBe(0);
      await context.close();
    });
  }
});
