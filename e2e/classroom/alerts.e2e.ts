import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { expectAccessible, openAs, shot, type Lang } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

// Tuesday 2026-11-24, 09:00 in Los Angeles: in school hours (08:00-15:30).
const SCHOOL_MORNING = '2026-11-24T17:00:00Z';

const words = {
  en: {
    send: 'Send',
    today: 'Yes, today',
    talkTo: 'I want to talk to…',
    badge: /open alert/,
    talked: 'Talked with the student',
    record: 'Record',
    close: 'Close the alert (the student is taken care of)',
    trail: 'Talked with the student · closed',
    ok: 'OK',
    answerTitle: 'Thank you for telling us',
    crisisTitle: 'School is closed right now',
    crisis: /call or text 988/,
    thanks: 'Thanks!',
  },
  es: {
    send: 'Enviar',
    today: 'Sí, hoy',
    talkTo: 'Quiero hablar con…',
    badge: /alerta abierta/,
    talked: 'Hablé con el estudiante',
    record: 'Guardar',
    close: 'Cerrar la alerta (el estudiante ya está atendido)',
    trail: 'Habló con el estudiante · cerrada',
    ok: 'Entendido',
    answerTitle: 'Gracias por contárnoslo',
    crisisTitle: 'La escuela está cerrada ahora',
    crisis: /mensaje de texto al 988/,
    thanks: '¡Gracias!',
  },
};

describe('well-being alerts', () => {
  it.each(['en', 'es'] as Lang[])(
    '(%s) a student signals "today"; their trusted adult sees the badge on another screen, answers with an action, and the trail shows it',
    async (lang) => {
      h.clock.set(SCHOOL_MORNING);
      const w = words[lang];
      const school = await buildSchool(h.app);
      const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Teacher' });
      const adult = await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Stan', lastName: 'Staff' });
      const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Leo', lastName: 'Mora' });
      await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
      await h.app.services.db.insertInto('trustedAdults').values({ studentId: student.id, adultId: adult.id }).execute();

      const s = await openAs(h, student.id, '/mood', { lang, width: 360 });
      await s.page.locator('[data-mood="weary"]').click();
      const dialog = s.page.getByRole('dialog');
      await dialog.getByRole('radio', { name: w.today }).check();
      await dialog.getByLabel(w.talkTo).click();
      await s.page.getByRole('option', { name: 'Stan Staff' }).click();
      await expectAccessible(s.page);
      await shot(s.page, `alerts-talk-to-${lang}-360`);
      await dialog.getByRole('button', { name: w.send }).click();
      // The answer is a dialog where the child is, not a toast at the top of the page.
      await s.page.getByRole('dialog', { name: w.answerTitle }).getByRole('button', { name: w.ok }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await s.context.close();

      // The trusted adult is on another screen (the journal): the shell's badge shows the alert.
      const a = await openAs(h, adult.id, '/gratitude-journal', { lang, width: 1366 });
      const badge = a.page.getByTestId('alerts-badge');
      await expect.poll(() => badge.getAttribute('aria-label')).toMatch(w.badge);
      await badge.click();
      await a.page.getByTestId('alert-item').filter({ hasText: 'Leo Mora' }).click();
      const alertDialog = a.page.getByRole('dialog');
      // Nothing is pre-selected: the adult chooses what they did and ticks closing.
      await expect.poll(() => alertDialog.getByRole('radio', { name: w.talked }).isChecked()).toBe(false);
      await expect.poll(() => alertDialog.getByRole('checkbox', { name: w.close }).isChecked()).toBe(false);
      await alertDialog.getByRole('radio', { name: w.talked }).check();
      await alertDialog.getByRole('checkbox', { name: w.close }).check();
      await expectAccessible(a.page);
      await shot(a.page, `alerts-dialog-${lang}-1366`);
      await alertDialog.getByRole('button', { name: w.record }).click();
      await alertDialog.getByTestId('alert-trail').getByText(`Stan Staff: ${w.trail}`).waitFor();
      await shot(a.page, `alerts-trail-${lang}-1366`);
      const row = await h.app.services.db.selectFrom('alerts').selectAll().where('studentId', '=', student.id).executeTakeFirstOrThrow();
      expect(row.closedAt).not.toBeNull();
      await a.context.close();
    },
  );

  it("an unacknowledged alert escalates to the admin once the clock moves past the school's minutes; the admin sees it at 1920 px", async () => {
    h.clock.set(SCHOOL_MORNING);
    const school = await buildSchool(h.app);
    const admin = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Mia', lastName: 'Rios' });
    const s = await openAs(h, student.id, '/mood', { lang: 'es' });
    await s.page.locator('[data-mood="pensive"]').click();
    await s.page.getByRole('dialog').getByRole('radio', { name: 'Sí, hoy' }).check();
    await s.page.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
    await s.page.getByRole('dialog', { name: 'Gracias por contárnoslo' }).getByRole('button', { name: 'Entendido' }).click();
    await expect.poll(() => s.page.getByRole('dialog').count()).toBe(0);
    await s.context.close();
    // Nobody answers within 30 school minutes: the alert tick escalates to the school's admins.
    h.clock.advance(31 * 60_000);
    await h.app.services.jobs.runDue();
    const a = await openAs(h, admin.id, '/dashboard', { lang: 'en', width: 1920 });
    const badge = a.page.getByTestId('alerts-badge');
    await expect.poll(() => badge.getAttribute('aria-label')).toBe('1 open alert');
    await expectAccessible(a.page);
    await badge.click();
    await a.page.getByTestId('alert-item').filter({ hasText: 'Mia Rios' }).filter({ hasText: 'escalated' }).waitFor();
    // The open list lies inside the page's banner (axe `region`).
    await expectAccessible(a.page);
    await shot(a.page, 'alerts-escalated-en-1920');
    await a.context.close();
  });

  it.each(['en', 'es'] as Lang[])('(%s) after hours at 360 px, the crisis message shows where the child is, focused, never a green "Thanks!"', async (lang) => {
    h.clock.set('2026-11-25T03:25:00Z'); // Tuesday 19:25 in Los Angeles
    const w = words[lang];
    const school = await buildSchool(h.app);
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher' });
    const student = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Ivy', lastName: 'Lane' });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
    const s = await openAs(h, student.id, '/mood', { lang, width: 360, height: 640 });
    // The child scrolls down to the faces.
    await s.page.locator('[data-mood="weary"]').scrollIntoViewIfNeeded();
    await s.page.locator('[data-mood="weary"]').click();
    await s.page.getByRole('dialog').getByRole('radio', { name: w.today }).check();
    await s.page.getByRole('dialog').getByRole('button', { name: w.send }).click();
    const answer = s.page.getByRole('dialog', { name: w.crisisTitle });
    const message = answer.getByTestId('after-hours-message');
    await message.filter({ hasText: w.crisis }).waitFor();
    // In the viewport, and focused.
    await expect
      .poll(() =>
        message.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await expect.poll(() => message.evaluate((el) => document.activeElement === el)).toBe(true);
    await expect.poll(() => s.page.getByText(w.thanks).count()).toBe(0);
    await expectAccessible(s.page);
    await shot(s.page, `after-hours-${lang}-360`, { fullPage: false });
    await answer.getByRole('button', { name: w.ok }).click();
    await expect.poll(() => s.page.getByRole('dialog').count()).toBe(0);
    await s.context.close();
  });
});
