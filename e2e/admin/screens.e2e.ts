import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCategories, checkIn, recognise, schoolWithAdmin, superAdmin } from '../../apps/server/src/modules/admin/test-factories.js';
import { buildClass, buildUser } from '../../apps/server/src/test/factories.js';
import { apiSettled, expectNoAxeViolations, startHarness, type Harness } from '../support/harness.js';
import { schoolToday } from '../support/calendar.js';
import { shot } from './support.js';

let h: Harness;
let w: Awaited<ReturnType<typeof arrange>>;

beforeAll(async () => {
  h = await startHarness();
  h.clock.set(new Date());
  w = await arrange();
});
afterAll(() => h?.close());

async function arrange() {
  const { school, admin } = await schoolWithAdmin(h.app);
  await h.app.services.db.updateTable('schools').set({ name: 'Lincoln Elementary' }).where('id', '=', school.id).execute();
  const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Alpha' });
  const pablo = await buildUser(h.app, { schoolId: school.id, role: 'teacher', status: 'pending', firstName: 'Pablo', lastName: 'Pérez' });
  await h.app.services.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', pablo.id).execute();
  await buildUser(h.app, { schoolId: school.id, role: 'staff', firstName: 'Sam', lastName: 'Staff' });
  const amy = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Amy', lastName: 'Adams' });
  await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Maths 1', studentIds: [amy.id] });
  const [kindness] = await builtinCategories(h.app, 'high5');
  await recognise(h.app, { schoolId: school.id, giver: { id: teacher.id, role: 'teacher' }, receiver: { id: amy.id, role: 'student' }, date: schoolToday(-1), comment: 'Great teamwork', categoryIds: [kindness!.id] });
  await checkIn(h.app, { userId: amy.id, schoolId: school.id, date: schoolToday(), mood: 'weary' });
  await h.app.services.db.insertInto('schoolNotificationEmails').values({ schoolId: school.id, email: 'counselor@example.test' }).execute();
  const { user: root } = await superAdmin(h.app);
  return { school, admin, teacher, root };
}

interface Screen {
  name: string;
  who: 'admin' | 'teacher' | 'root';
  path: string;
  /** Brings the screen to a state worth checking (results shown, a school chosen). */
  act?: (page: Page, es: boolean) => Promise<void>;
}

/** Does `action` and waits for the API answers it asked for. */
async function answered(page: Page, action: () => Promise<void>) {
  const response = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/v1/'));
  await action();
  await response;
  await apiSettled(page);
}
const submit = (page: Page, es: boolean) => answered(page, () => page.getByRole('button', { name: es ? 'Enviar' : 'Submit' }).click());
const chooseSchool = async (page: Page, es: boolean) => {
  await page.getByRole('combobox', { name: es ? 'Escuela' : 'School' }).fill('Lincoln');
  // The settings screen may have the chosen school's data already: no request to wait for.
  await page.getByRole('option', { name: /Lincoln Elementary/ }).click();
  await apiSettled(page);
};

const screens: Screen[] = [
  { name: 'admin-report', who: 'admin', path: '/admin', act: submit },
  { name: 'admin-mood', who: 'admin', path: '/admin?view=mood', act: submit },
  { name: 'admin-users', who: 'admin', path: '/admin?view=users' },
  { name: 'admin-settings', who: 'admin', path: '/admin?view=settings' },
  {
    name: 'admin-categories',
    who: 'admin',
    path: '/admin?view=settings',
    act: async (page, es) => {
      await page.getByRole('combobox', { name: es ? 'Configuración' : 'Settings' }).click();
      await page.getByRole('option', { name: es ? 'Categorías de Vibras Positivas' : 'Positive Vibe categories' }).click();
    },
  },
  { name: 'report', who: 'admin', path: '/report', act: submit },
  { name: 'admin-users-page', who: 'admin', path: '/admin-users' },
  { name: 'teacher-report', who: 'teacher', path: '/TeacherReport', act: submit },
  { name: 'super-report', who: 'root', path: '/superAdmin-report', act: async (page, es) => (await chooseSchool(page, es), await submit(page, es)) },
  {
    name: 'make-admin',
    who: 'root',
    path: '/make-admin',
    act: async (page, es) => {
      // A pending teacher whose e-mail is not confirmed is marked so (docs/decisions/0607).
      await page.getByRole('listitem').filter({ hasText: 'Pablo Pérez' }).getByText(es ? 'Correo aún sin confirmar' : 'E-mail not confirmed yet').waitFor();
      await chooseSchool(page, es);
    },
  },
  { name: 'add-district', who: 'root', path: '/add-district' },
  { name: 'settings', who: 'root', path: '/settings', act: chooseSchool },
];

describe('admin screens pass axe in both languages, narrow and wide', () => {
  for (const locale of ['en-US', 'es-ES'] as const) {
    for (const width of [360, 1920]) {
      it(`${locale} at ${width} px`, async () => {
        const es = locale === 'es-ES';
        await h.app.services.db.updateTable('users').set({ language: es ? 'es' : 'en' }).where('id', 'in', [w.admin.id, w.teacher.id, w.root.id]).execute();
        for (const screen of screens) {
          const { context, page } = await h.newPage({ locale, width, height: 900 });
          try {
            const user = w[screen.who];
            await h.signInAs(context, user.id, screen.who === 'root' ? undefined : w.school.id);
            await page.goto(screen.path);
            await page.locator('main h1').waitFor();
            await apiSettled(page);
            await screen.act?.(page, es);
            await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(es ? 'es' : 'en');
            await expect.poll(() => page.locator('main h1').count()).toBe(1);
            // Nothing sticks out sideways on a phone.
            await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
            // No button or link is cut off by the box that holds it (the districts' actions in Spanish were); tabs scroll.
            const cut = () =>
              page.evaluate(() =>
                [...document.querySelectorAll('main button:not([role=tab]), main a')]
                  .filter((el) => {
                    const right = el.getBoundingClientRect().right;
                    for (let box = el.parentElement; box; box = box.parentElement) {
                      if (getComputedStyle(box).overflowX !== 'visible' && right > box.getBoundingClientRect().right + 1) return true;
                    }
                    return right > document.documentElement.clientWidth + 1;
                  })
                  .map((el) => el.textContent),
              );
            await expect.poll(cut).toEqual([]);
            // The school's name (the super admin's "Administración de High5") is not cut in the header.
            await expect.poll(() => page.getByTestId('school-name').evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
            await shot(page, `${screen.name}-${locale}-${width}`);
            await expectNoAxeViolations(page);
          } catch (error) {
            await shot(page, `FAILED-${screen.name}-${locale}-${width}`);
            console.error(`admin screen failed: ${screen.name} (${locale}, ${width} px)`);
            throw error;
          } finally {
            await context.close();
          }
        }
      }, 240_000);
    }
  }
});
