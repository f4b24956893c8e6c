import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser, TEST_PASSWORD, type BuildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { signInThroughForm } from '../support/sign-in';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function userIn(values: BuildUser & { schoolId?: string }) {
  const schoolId = values.schoolId ?? (values.isSuperAdmin ? undefined : (await buildSchool(h.app)).id);
  return buildUser(h.app, { ...values, ...(schoolId ? { schoolId } : {}) });
}

/** The paths of the sidebar's links, in order. */
async function sidebarPaths(page: Page) {
  const nav = page.getByRole('navigation', { name: /Main menu|Menú principal/ });
  await nav.waitFor();
  return nav.locator('a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

async function open(context: BrowserContext, page: Page, userId: string, path: string) {
  await h.signInAs(context, userId);
  await page.goto(path);
}

const GIVING = ['/high5', '/positivevibes', '/highfivereport', '/positivevibereport'];

describe('the signed-in shell', () => {
  it('shows each role its own sidebar, and sends every other path back to the landing screen', async () => {
    const cases: { user: BuildUser; links: string[]; forbidden: string; landing: string; alsoAllowed?: string }[] = [
      {
        user: { role: 'teacher' },
        links: ['/dashboard', '/teacher-classes', '/seatingchart', '/student-list', '/feedback', ...GIVING, '/mood', '/TeacherReport'],
        forbidden: '/admin',
        landing: '/teacher-classes',
      },
      {
        user: { role: 'teacher', isAdmin: true },
        links: ['/dashboard', '/teacher-classes', '/seatingchart', '/student-list', '/feedback', ...GIVING, '/mood', '/admin'],
        forbidden: '/make-admin',
        landing: '/teacher-classes',
        alsoAllowed: '/report',
      },
      {
        user: { role: 'student' },
        links: ['/dashboard', '/student-classes', '/trustedadults', ...GIVING, '/mood'],
        forbidden: '/admin-users',
        landing: '/dashboard',
      },
      { user: { role: 'parent' }, links: ['/dashboard', '/mystudent', '/viewhigh5', ...GIVING, '/mood'], forbidden: '/teacher-classes', landing: '/dashboard' },
      { user: { role: 'staff' }, links: ['/dashboard', '/viewhigh5', ...GIVING, '/mood'], forbidden: '/admin', landing: '/dashboard' },
      {
        user: { role: 'staff', isAdmin: true },
        links: ['/dashboard', '/viewhigh5', ...GIVING, '/mood', '/admin'],
        forbidden: '/teacher-classes',
        landing: '/dashboard',
        alsoAllowed: '/admin-users',
      },
      {
        user: { isSuperAdmin: true },
        links: ['/superAdmin-report', '/make-admin', '/add-district', '/settings'],
        forbidden: '/profile',
        landing: '/superAdmin-report',
      },
    ];
    const { context, page } = await h.newPage();
    for (const c of cases) {
      const user = await userIn(c.user);
      await context.clearCookies();
      await open(context, page, user.id, '/');
      await page.waitForURL(`**${c.landing}`);
      await expect.poll(() => sidebarPaths(page), { message: JSON.stringify(c.user) }).toEqual(c.links);
      await page.goto(c.forbidden);
      await page.waitForURL(`**${c.landing}`);
      expect(new URL(page.url()).pathname, `${JSON.stringify(c.user)} at ${c.forbidden}`).toBe(c.landing);
      if (c.alsoAllowed) {
        // The admin flag adds /report, /admin-users and /admin (docs/rules/shell.md#route-tables).
        await page.goto(c.alsoAllowed);
        await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
        expect(new URL(page.url()).pathname).toBe(c.alsoAllowed);
      }
    }
    // A student has the invite-parent button; the profile screen opens the invitation.
    const student = await userIn({ role: 'student' });
    await context.clearCookies();
    await open(context, page, student.id, '/dashboard');
    await page.getByRole('button', { name: 'Invite a parent' }).click();
    await page.waitForURL('**/profile?invite=parent');
    await context.close();
  });

  it('sends a signed-out visitor of any screen to sign-in', async () => {
    const { context, page } = await h.newPage();
    for (const path of ['/dashboard', '/admin', '/user-information', '/nowhere']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await context.close();
  });

  it('on a wide screen: permanent sidebar, help menu with feedback for teachers, the journal in the header, the support link in a new tab', async () => {
    const school = await buildSchool(h.app, { name: 'Willow Creek Elementary' });
    const teacher = await userIn({ role: 'teacher', schoolId: school.id, firstName: 'Tess', lastName: 'Ward' });
    const { context, page } = await h.newPage({ width: 1280 });
    await open(context, page, teacher.id, '/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    await expect.poll(() => sidebarPaths(page)).not.toContain('/gratitude-journal');
    await expect(page.getByRole('link', { name: 'Gratitude journal' }).getAttribute('href')).resolves.toBe('/gratitude-journal');
    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Teacher');

    const support = page.getByTestId('emotional-support-link');
    await expect(support.getAttribute('target')).resolves.toBe('_blank');
    await expect(support.getAttribute('rel')).resolves.toBe('noopener noreferrer');

    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: /Help center/ }).waitFor();
    await page.getByRole('menuitem', { name: /Send feedback/ }).waitFor();
    await expectNoAxeViolations(page);
    // By default the help link opens High5's own help page, not a placeholder address.
    const [help] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: /Help center/ }).click()]);
    await help.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    expect(new URL(help.url()).origin + new URL(help.url()).pathname).toBe(new URL(page.url()).origin + '/help');
    await expectNoAxeViolations(help);
    await help.close();

    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'My profile' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('on a phone: the menu button opens the sidebar, which then holds the journal; no help area', async () => {
    const parent = await userIn({ role: 'parent', language: 'es' });
    const { context, page } = await h.newPage({ locale: 'es-ES', width: 360 });
    await open(context, page, parent.id, '/dashboard');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect.poll(() => sidebarPaths(page)).toEqual(['/dashboard', '/mystudent', '/viewhigh5', ...GIVING, '/mood', '/gratitude-journal']);
    await expect.poll(() => page.getByTestId('help-menu-button').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Medidor de ánimo' }).click();
    await page.waitForURL('**/mood');
    // Choosing a screen closes the drawer.
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('locks after 300 s without activity, keeps the lock on reload, and unlocks with the password', async () => {
    const student = await userIn({ role: 'student', firstName: 'Ivy', lastName: 'Lane' });
    const { context, page } = await h.newPage();
    await page.clock.install();
    await open(context, page, student.id, '/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();

    // Activity before the limit starts the count again.
    await page.clock.fastForward('04:00');
    await page.mouse.move(200, 200);
    await page.clock.fastForward('04:00');
    await expect.poll(() => page.getByTestId('idle-lock').count()).toBe(0);

    await page.clock.fastForward('01:01');
    const lock = page.getByRole('dialog', { name: 'Are you still there?' });
    await lock.waitFor();
    await lock.getByText('Signed in as Ivy Lane').waitFor();
    // The page behind is hidden from assistive technology, and focus stays in the lock.
    await expect(page.locator('#root').getAttribute('aria-hidden')).resolves.toBe('true');
    await expectNoAxeViolations(page);

    await page.reload();
    await lock.waitFor();
    await lock.getByLabel('Password', { exact: true }).fill('Wrong-pass1!');
    await lock.getByRole('button', { name: 'Unlock' }).click();
    // Only a password is asked here: the error speaks of the password, not of an e-mail or ID.
    await lock.getByText('That password is not right. Please try again.').waitFor();
    await lock.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await lock.getByRole('button', { name: 'Unlock' }).click();
    await lock.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await context.close();
  });

  it('a Google-only account unlocks through Google; "Not you?" signs out (in Spanish)', async () => {
    const googleOnly = await userIn({ role: 'teacher', language: 'es' });
    await h.app.services.db
      .updateTable('users')
      .set({ passwordHash: null, googleSub: `g-${googleOnly.id}` })
      .where('id', '=', googleOnly.id)
      .execute();
    const { context, page } = await h.newPage({ locale: 'es-ES' });
    await page.clock.install();
    await open(context, page, googleOnly.id, '/dashboard');
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await page.clock.fastForward('05:01');
    const lock = page.getByRole('dialog', { name: '¿Sigues ahí?' });
    await lock.getByRole('button', { name: 'Continuar con Google' }).waitFor();
    await expect.poll(() => lock.locator('input[type="password"]').count()).toBe(0);
    await lock.getByRole('button', { name: '¿No eres tú? Cierra sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('signs out from the user menu; the session is gone', async () => {
    const staff = await userIn({ role: 'staff' });
    const { context, page } = await h.newPage({ width: 360 });
    await signInThroughForm(page, staff.email!);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.request.get('/v1/auth/me');
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('a teacher with two schools switches school from the header', async () => {
    const first = await buildSchool(h.app, { name: 'North Hill School' });
    const second = await buildSchool(h.app, { name: 'South Bay School' });
    const teacher = await userIn({ role: 'teacher', schoolId: first.id });
    await h.app.services.db.insertInto('schoolMemberships').values({ userId: teacher.id, schoolId: second.id, role: 'teacher', status: 'active' }).execute();
    const { context, page } = await h.newPage();
    await open(context, page, teacher.id, '/teacher-classes');
    const switcher = page.getByTestId('school-switcher');
    await expect.poll(() => switcher.textContent()).toContain('North Hill School');
    await switcher.click();
    await page.getByRole('menuitem', { name: /South Bay School/ }).click();
    await page.getByText('You are now working in South Bay School.').waitFor();
    await expect.poll(() => switcher.textContent()).toContain('South Bay School');
    await context.close();
  });
});

describe('the footer count and the language switch', () => {
  it('shows the number of High 5s given, and the language switch changes the text and is saved', async () => {
    const school = await buildSchool(h.app);
    const teacher = await userIn({ role: 'teacher', schoolId: school.id });
    const student = await userIn({ role: 'student', schoolId: school.id });
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
    const before = await h.app.services.db
      .selectFrom('recognitions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'high5')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
    const rows = [0, 1, 2].map((i) => ({
      kind: 'high5',
      schoolId: school.id,
      giverId: teacher.id,
      giverRole: 'teacher',
      receiverId: student.id,
      receiverRole: 'student',
      schoolDate: `2026-10-0${i + 1}`,
    }));
    await h.app.services.db.insertInto('recognitions').values(rows).execute();
    await h.app.services.db
      .insertInto('recognitions')
      .values({ ...rows[0]!, kind: 'vibe' })
      .execute();
    // The server keeps the count for 30 s: let that pass.
    h.clock.advance(31_000);

    const { context, page } = await h.newPage({ locale: 'en-US' });
    // Before sign-in the switch is for this visit only.
    await page.goto('/');
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: '¡Hola de nuevo!' }).waitFor();
    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back!' }).waitFor();

    await signInThroughForm(page, student.email!);
    const count = page.getByTestId('high5-count');
    await expect.poll(() => count.textContent()).toBe(`High 5s given: ${(before + 3).toLocaleString('en-US')}`);
    await expectNoAxeViolations(page);

    await page.getByTestId('language-select').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await expect.poll(() => count.textContent()).toBe(`High 5 dados: ${(before + 3).toLocaleString('es-ES')}`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await expectNoAxeViolations(page);

    // Saved to the account: a new browser in English still gets Spanish once signed in.
    const saved = await h.app.services.db.selectFrom('users').select('language').where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(saved.language).toBe('es');
    const other = await h.newPage({ locale: 'en-US' });
    await signInThroughForm(other.page, student.email!);
    await other.page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await other.context.close();
    await context.close();
  });
});
