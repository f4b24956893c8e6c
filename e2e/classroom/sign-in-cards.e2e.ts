import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildSchool, buildUser } from '../../apps/server/src/test/factories.js';
import { expectNoAxeViolations, startHarness, type Harness } from '../support/harness';
import { shot } from '../support/shot.js';

// Class sign-in cards (docs/decisions/0553) and an admin's first sign-in for a class
// (decision 0554), in both languages at 360 px.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const TEXT = {
  'en-US': {
    menu: 'Sign-in cards',
    open: 'Open on this device',
    make: 'Make new cards for the class',
    print: 'Print',
    signIn: 'Sign in',
    code: 'Code on your card',
    invite: 'Invite a class',
    send: 'Send invitations',
    sent: 'Invitation sent',
    noEmail: 'No e-mail address',
    registered: 'Already signed in',
    pick: 'Class',
    wrong: 'That code did not work.',
    withCard: 'Sign in with a class card',
    newCard: 'New card for',
    newCardConfirm: 'Make a new card',
    stops: 'old card will stop working',
    printOne: 'Print this card for',
  },
  'es-ES': {
    menu: 'Tarjetas de acceso',
    open: 'Abrir en este dispositivo',
    make: 'Hacer tarjetas nuevas para la clase',
    print: 'Imprimir',
    signIn: 'Entrar',
    code: 'Código de tu tarjeta',
    invite: 'Invitar a una clase',
    send: 'Enviar invitaciones',
    sent: 'Invitación enviada',
    noEmail: 'Sin correo electrónico',
    registered: 'Ya inició sesión',
    pick: 'Clase',
    wrong: 'Ese código no funcionó.',
    withCard: 'Entrar con la tarjeta de clase',
    newCard: 'Tarjeta nueva para',
    newCardConfirm: 'Hacer una tarjeta nueva',
    stops: 'dejará de funcionar',
    printOne: 'Imprimir esta tarjeta de',
  },
} as const;

describe.each(['en-US', 'es-ES'] as const)('sign-in cards and the class invitation (%s, 360 px)', (locale) => {
  const x = TEXT[locale];
  const language = locale === 'en-US' ? 'en' : 'es';

  it('a teacher opens the class on the device and prints cards; a child signs in by typing the code, another by the QR address', async () => {
    const school = await buildSchool(h.app, { paid: true });
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', language, firstName: 'Tina', lastName: 'Teacher' });
    const amy = await buildUser(h.app, {
      schoolId: school.id,
      role: 'student',
      language,
      firstName: 'Amy',
      lastName: 'Ant',
      email: null,
      username: `amy-${language}-${Date.now()}`,
    });
    const ben = await buildUser(h.app, {
      schoolId: school.id,
      role: 'student',
      language,
      firstName: 'Ben',
      lastName: 'Bee',
      email: null,
      username: `ben-${language}-${Date.now()}`,
    });
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Room 1', studentIds: [amy.id, ben.id] });

    const { context, page } = await h.newPage({ locale, width: 360, height: 780 });
    await h.signInAs(context, teacher.id);
    await page.goto(`/sign-in-cards?classId=${cls.id}`);
    await page.getByRole('button', { name: x.open }).click();
    await page.getByTestId('device-open').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `cards-device-${language}`);

    await page.getByRole('button', { name: x.make }).click();
    const cards = page.getByTestId('sign-in-card');
    await expect.poll(() => cards.count()).toBe(2);
    await expectNoAxeViolations(page);
    const amyCard = cards.filter({ hasText: 'Amy Ant' });
    const code = (await amyCard.getByTestId('card-code').textContent())!;
    const benUrl = (await cards.filter({ hasText: 'Ben Bee' }).getByRole('img').getAttribute('data-url'))!;
    expect(benUrl).toMatch(/\/card#[A-Z0-9]{8}$/);

    // Printed: only the cards, two across.
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('button', { name: x.make }).waitFor({ state: 'hidden' });
    const boxes = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    await page.setViewportSize({ width: 794, height: 1123 });
    await shot(page, `cards-sheet-${language}`);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 360, height: 780 });

    // The teacher signs out; the device keeps its class session.
    await context.clearCookies({ name: 'high5_session' });
    await page.goto('/card');
    const input = page.getByLabel(x.code);
    await input.fill('AAAA-AAAA');
    await page.getByRole('button', { name: x.signIn }).click();
    await page.getByRole('alert').getByText(x.wrong).waitFor();
    await expectNoAxeViolations(page);
    await input.fill(code.toLowerCase());
    await page.getByRole('button', { name: x.signIn }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const sessionCookie = async () => `high5_session=${(await context.cookies()).find((c) => c.name === 'high5_session')?.value}`;
    await expect.poll(async () => (await h.call('GET', '/v1/auth/me', { cookie: await sessionCookie() })).json.ResponseData?.id).toBe(amy.id);

    // The next child opens their card's QR address on the same device.
    await context.clearCookies({ name: 'high5_session' });
    await page.goto(new URL(benUrl).pathname + new URL(benUrl).hash);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(async () => (await h.call('GET', '/v1/auth/me', { cookie: await sessionCookie() })).json.ResponseData?.id).toBe(ben.id);
    await context.close();

    // Another browser (no class session): the card page says so.
    const other = await h.newPage({ locale, width: 360 });
    await other.page.goto(new URL(benUrl).pathname + new URL(benUrl).hash);
    await other.page.getByRole('link', { name: locale === 'en-US' ? 'Go to sign-in' : 'Ir a iniciar sesión', exact: true }).waitFor();
    await expectNoAxeViolations(other.page);
    await shot(other.page, `cards-closed-${language}`);
    await other.context.close();
  });

  it("the sign-in page leads to the card page; a teacher reprints one child's card: the old code is refused, the new one works", async () => {
    const school = await buildSchool(h.app, { paid: true });
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', language });
    const amy = await buildUser(h.app, {
      schoolId: school.id,
      role: 'student',
      language,
      firstName: 'Amy',
      lastName: 'Ant',
      email: null,
      username: `amy1-${language}-${Date.now()}`,
    });
    const ben = await buildUser(h.app, {
      schoolId: school.id,
      role: 'student',
      language,
      firstName: 'Ben',
      lastName: 'Bee',
      email: null,
      username: `ben1-${language}-${Date.now()}`,
    });
    const cls = await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Room 2', studentIds: [amy.id, ben.id] });

    // Signed out: the sign-in page's link opens the card page.
    const { context, page } = await h.newPage({ locale, width: 360, height: 780 });
    await page.goto('/');
    const withCard = page.getByRole('link', { name: x.withCard, exact: true });
    await withCard.waitFor();
    await shot(page, `cards-sign-in-link-${language}`);
    await withCard.click();
    await page.waitForURL((url) => url.pathname === '/card');
    await expectNoAxeViolations(page);

    await h.signInAs(context, teacher.id);
    await page.goto(`/sign-in-cards?classId=${cls.id}`);
    await page.getByRole('button', { name: x.open }).click();
    await page.getByTestId('device-open').waitFor();
    await page.getByRole('button', { name: x.make }).click();
    const cards = page.getByTestId('sign-in-card');
    await expect.poll(() => cards.count()).toBe(2);
    const amyCard = cards.filter({ hasText: 'Amy Ant' });
    const oldCode = (await amyCard.getByTestId('card-code').textContent())!;
    const benCode = (await cards.filter({ hasText: 'Ben Bee' }).getByTestId('card-code').textContent())!;

    // Amy lost her card: a new one, after a question that says the old one stops working.
    await page.getByRole('button', { name: `${x.newCard} Amy Ant` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(x.stops).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `cards-new-one-${language}`);
    await dialog.getByRole('button', { name: x.newCardConfirm }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => amyCard.getByTestId('card-code').textContent()).not.toBe(oldCode);
    const newCode = (await amyCard.getByTestId('card-code').textContent())!;
    expect(await cards.filter({ hasText: 'Ben Bee' }).getByTestId('card-code').textContent()).toBe(benCode);

    // "Print this card": the print dialog opens with Amy's card alone on the page.
    await page.evaluate(() => {
      const w = window as unknown as { prints: number; print: () => void };
      w.prints = 0;
      w.print = () => void (w.prints += 1);
    });
    await page.getByRole('button', { name: `${x.printOne} Amy Ant` }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => cards.filter({ hasText: 'Ben Bee' }).isVisible()).toBe(false);
    expect(await amyCard.isVisible()).toBe(true);
    await page.setViewportSize({ width: 794, height: 1123 });
    await shot(page, `cards-print-one-${language}`);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => cards.filter({ hasText: 'Ben Bee' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoAxeViolations(page);

    // On the class's device: Amy's old code is refused, her new one signs her in.
    await context.clearCookies({ name: 'high5_session' });
    await page.goto('/card');
    const input = page.getByLabel(x.code);
    await input.fill(oldCode);
    await page.getByRole('button', { name: x.signIn }).click();
    await page.getByRole('alert').getByText(x.wrong).waitFor();
    await input.fill(newCode);
    await page.getByRole('button', { name: x.signIn }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const session = `high5_session=${(await context.cookies()).find((c) => c.name === 'high5_session')?.value}`;
    await expect.poll(async () => (await h.call('GET', '/v1/auth/me', { cookie: session })).json.ResponseData?.id).toBe(amy.id);
    await context.close();
  });

  it('an admin sends a class their first sign-in from the student list and reads what happened to each person', async () => {
    const school = await buildSchool(h.app, { paid: true });
    const admin = await buildUser(h.app, { schoolId: school.id, role: 'teacher', isAdmin: true, language });
    const teacher = await buildUser(h.app, { schoolId: school.id, role: 'teacher', firstName: 'Rosa', lastName: 'Rostered' });
    const kid = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Kim', lastName: 'Kid' });
    const noMail = await buildUser(h.app, {
      schoolId: school.id,
      role: 'student',
      firstName: 'Nia',
      lastName: 'Nomail',
      email: null,
      username: `nia-${language}-${Date.now()}`,
    });
    const registered = await buildUser(h.app, { schoolId: school.id, role: 'student', firstName: 'Reg', lastName: 'Done' });
    await h.app.services.db.updateTable('users').set({ passwordHash: null }).where('id', 'in', [teacher.id, kid.id, noMail.id]).execute();
    await buildClass(h.app, { schoolId: school.id, ownerId: teacher.id, name: 'Room 9', studentIds: [kid.id, noMail.id, registered.id] });

    const { context, page } = await h.newPage({ locale, width: 360, height: 780 });
    await h.signInAs(context, admin.id);
    await page.goto('/student-list');
    await page.getByRole('button', { name: x.invite }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(x.pick).click();
    await page.getByRole('option', { name: 'Room 9' }).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: x.send }).click();
    const result = dialog.getByTestId('class-invite-result');
    await result.getByText('Rosa Rostered').waitFor();
    await expect.poll(() => result.locator('li').filter({ hasText: 'Kim Kid' }).textContent()).toContain(x.sent);
    await expect.poll(() => result.locator('li').filter({ hasText: 'Nia Nomail' }).textContent()).toContain(x.noEmail);
    await expect.poll(() => result.locator('li').filter({ hasText: 'Reg Done' }).textContent()).toContain(x.registered);
    await expectNoAxeViolations(page);
    await shot(page, `class-invite-${language}`);
    await context.close();
  });
});
