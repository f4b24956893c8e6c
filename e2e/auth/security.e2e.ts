import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** What a page's own script gets from the API with the browser's cookie. */
const statusOf = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u, { credentials: 'same-origin' })).status, url);

const L = {
  en: { lock: 'Are you still there?', password: 'Password', unlock: 'Unlock', heading: 'Heading', description: 'What are you grateful for?', save: 'Save' },
  es: { lock: '¿Sigues ahí?', password: 'Contraseña', unlock: 'Desbloquear', heading: 'Título', description: '¿Qué agradeces?', save: 'Guardar' },
} as const;

describe('the idle lock holds on the server', () => {
  for (const [lang, width] of [
    ['en', 1366],
    ['es', 360],
  ] as const) {
    it(`a new tab of the locked browser reads nothing; the page forgets the journal; the password unlocks every tab (${lang}, ${width} px)`, async () => {
      const l = L[lang];
      const school = await buildSchool(h.app);
      const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Ivy', lastName: 'Lane', language: lang });
      const { context, page } = await h.newPage({ locale: lang === 'es' ? 'es-ES' : 'en-US', width });
      // The browser's today is the server's (the test clock), so the new entry is in the listed dates.
      await page.clock.install({ time: h.clock.now() });
      await h.signInAs(context, student.id);
      await page.goto('/gratitude-journal');
      await page.getByLabel(l.heading).fill('Secret birthday plan');
      await page.getByLabel(l.description).fill('Nobody may read this');
      await page.getByRole('button', { name: l.save, exact: true }).click();
      await page.getByRole('heading', { name: 'Secret birthday plan' }).waitFor();

      await page.clock.fastForward('05:01');
      const lock = page.getByRole('dialog', { name: l.lock });
      await lock.waitFor();
      // Nothing of the page is left behind the lock.
      await expect.poll(() => page.content()).not.toContain('Nobody may read this');
      await expect.poll(() => page.locator('main').count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, `idle-lock-${lang}-${width}`);

      // The attack: another tab of the same browser, and the API straight from it.
      const other = await context.newPage();
      await other.goto('/gratitude-journal');
      await other.getByRole('dialog', { name: l.lock }).waitFor();
      expect(await statusOf(other, '/v1/journal?dateRange=2026-01-01_2026-12-31')).toBe(423);
      expect(await statusOf(other, '/v1/moods/mine')).toBe(423);
      expect(await other.content()).not.toContain('Nobody may read this');

      // The password, typed in the new tab, unlocks both.
      await other.getByLabel(l.password, { exact: true }).fill(TEST_PASSWORD);
      await other.getByRole('button', { name: l.unlock }).click();
      await other.getByRole('heading', { name: 'Secret birthday plan' }).waitFor();
      await lock.waitFor({ state: 'detached' });
      // The first tab fetches its page again.
      await page.getByRole('heading', { name: 'Secret birthday plan' }).waitFor();
      expect(await statusOf(page, '/v1/moods/mine')).toBe(200);
      await context.close();
    });
  }
});

const S = {
  en: {
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    change: 'Change password',
    wrong: 'Your current password is not right.',
    changed: 'Your password has been changed. Other devices were signed out.',
    everywhere: 'Sign out everywhere',
    confirmTitle: 'Sign out on every device?',
  },
  es: {
    current: 'Contraseña actual',
    new: 'Contraseña nueva',
    confirm: 'Confirma la contraseña nueva',
    change: 'Cambiar contraseña',
    wrong: 'Tu contraseña actual no es correcta.',
    changed: 'Tu contraseña se cambió. Se cerró la sesión en los otros dispositivos.',
    everywhere: 'Cerrar sesión en todas partes',
    confirmTitle: '¿Cerrar sesión en todos los dispositivos?',
  },
} as const;

describe('profile security: change password and sign out everywhere', () => {
  for (const [lang, width] of [
    ['en', 1366],
    ['es', 360],
  ] as const) {
    it(`changes the password with the current one, signing out other devices, then signs out everywhere (${lang}, ${width} px)`, async () => {
      const s = S[lang];
      const school = await buildSchool(h.app);
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', language: lang });
      const elsewhere = await sessionFor(h.app, teacher.id);
      const { context, page } = await h.newPage({ locale: lang === 'es' ? 'es-ES' : 'en-US', width });
      await h.signInAs(context, teacher.id);
      await page.goto('/profile');
      const form = page.getByRole('form', { name: s.change });
      await form.getByLabel(s.current, { exact: true }).fill('Wrong-pass1!');
      await form.getByLabel(s.new, { exact: true }).fill('Violet-Harbor-42!');
      await form.getByLabel(s.confirm, { exact: true }).fill('Violet-Harbor-42!');
      await form.getByRole('button', { name: s.change }).click();
      await form.getByRole('alert').filter({ hasText: s.wrong }).waitFor();
      // A wrong current password is not a lost session: still on the profile.
      expect(new URL(page.url()).pathname).toBe('/profile');
      await form.getByLabel(s.current, { exact: true }).fill(TEST_PASSWORD);
      await form.getByRole('button', { name: s.change }).click();
      await page.getByRole('alert').filter({ hasText: s.changed }).waitFor();
      const sessions = () => h.app.services.db.selectFrom('sessions').select('tokenHash').where('userId', '=', teacher.id).execute();
      expect(await sessions()).toHaveLength(1);
      expect((await h.call('GET', '/v1/auth/me', { cookie: elsewhere })).status).toBe(401);
      await page.getByRole('heading', { name: s.everywhere, level: 3 }).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await shot(page, `profile-security-${lang}-${width}`);

      await page.getByRole('button', { name: s.everywhere }).click();
      const dialog = page.getByRole('dialog', { name: s.confirmTitle });
      await dialog.getByRole('button', { name: s.everywhere }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await sessions()).toHaveLength(0);
      await context.close();
    });
  }
});
