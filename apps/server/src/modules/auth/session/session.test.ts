import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { BAD_TEXT, buildInvitedUser, NEW_PASSWORD, setUserPassword, signIn, resetLimits } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t.app));

const WRONG = { ErrorCode: 'enterCorrectIDandPass', ResponseData: null, body: 'enterCorrectIDandPass' };

describe('auth.signIn', () => {
  it('when the e-mail has mixed case and spaces, it signs in with a fresh HttpOnly SameSite cookie', async () => {
    const school = await buildSchool(t.app);
    const user = await buildUser(t.app, { email: 'mixed.case@example.test', schoolId: school.id, role: 'teacher' });
    const res = await signIn(t, '  Mixed.CASE@Example.test ', TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.status).toBe('signed_in');
    expect(res.json.ResponseData.me).toMatchObject({
      id: user.id,
      email: 'mixed.case@example.test',
      role: 'teacher',
      school: { id: school.id, status: 'active' },
      classCount: 0,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/high5_session=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const me = await t.call('GET', '/v1/auth/me', { cookie: res.cookie! });
    expect(me.json.ResponseData.id).toBe(user.id);
  });

  it('when the login has no @, it is a username (any case)', async () => {
    const user = await buildUser(t.app, { email: null, username: 'kid.one', role: 'student' });
    const res = await signIn(t, ' KID.One ', TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.me).toMatchObject({ id: user.id, username: 'kid.one', email: null, role: 'student' });
  });

  it('when the password is wrong, the account is unknown or the e-mail unconfirmed, the answers are identical', async () => {
    const user = await buildUser(t.app);
    const unconfirmed = await buildUser(t.app);
    await t.app.services.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', unconfirmed.id).execute();
    const wrong = await signIn(t, user.email!, 'Wrong-pass1!');
    const unknown = await signIn(t, 'nobody@example.test', 'Wrong-pass1!');
    const unknownUsername = await signIn(t, 'nobody.here', 'Wrong-pass1!');
    const notConfirmed = await signIn(t, unconfirmed.email!, TEST_PASSWORD);
    for (const res of [wrong, unknown, unknownUsername, notConfirmed]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual(WRONG);
      expect(res.cookie).toBeUndefined();
    }
  });

  it('accepts a 128-character password and does not truncate it', async () => {
    const long = `Aa1!${'x'.repeat(124)}`;
    const user = await buildUser(t.app);
    await setUserPassword(t.app, user.id, long);
    expect((await signIn(t, user.email!, long.slice(0, 127))).status).toBe(401);
    expect((await signIn(t, user.email!, long)).status).toBe(200);
    expect((await signIn(t, user.email!, `${long}y`)).status).toBe(400);
  });

  it('gives a new session id at every sign-in and ends the session the request came with', async () => {
    const user = await buildUser(t.app);
    const first = await signIn(t, user.email!, TEST_PASSWORD);
    const second = await signIn(t, user.email!, TEST_PASSWORD, first.cookie);
    expect(second.cookie).toBeDefined();
    expect(second.cookie).not.toBe(first.cookie);
    expect((await t.call('GET', '/v1/auth/me', { cookie: first.cookie! })).status).toBe(401);
    expect((await t.call('GET', '/v1/auth/me', { cookie: second.cookie! })).status).toBe(200);
  });

  it('after 5 failures every attempt waits, doubling from 1 s, even with the right password; success resets', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 5; i++) expect((await signIn(t, user.email!, 'Wrong-pass1!')).status).toBe(401);
    const blocked = await signIn(t, user.email!, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ ErrorCode: 'SIGNIN_THROTTLED', ResponseData: { retryAfterSeconds: 1 } });
    t.clock.advance(1000);
    expect((await signIn(t, user.email!, 'Wrong-pass1!')).status).toBe(401); // 6th failure: 2 s
    t.clock.advance(1000);
    expect((await signIn(t, user.email!, TEST_PASSWORD)).json.ResponseData).toEqual({ retryAfterSeconds: 1 });
    t.clock.advance(1000);
    expect((await signIn(t, user.email!, TEST_PASSWORD)).status).toBe(200);
    const row = await t.app.services.db.selectFrom('users').select(['failedSignins', 'signinBlockedUntil']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ failedSignins: 0, signinBlockedUntil: null });
  });

  it('caps the wait at 15 minutes', async () => {
    const user = await buildUser(t.app);
    await t.app.services.db.updateTable('users').set({ failedSignins: 30, signinBlockedUntil: t.clock.now() }).where('id', '=', user.id).execute();
    expect((await signIn(t, user.email!, 'Wrong-pass1!')).status).toBe(401);
    const blocked = await signIn(t, user.email!, TEST_PASSWORD);
    expect(blocked.json.ResponseData).toEqual({ retryAfterSeconds: 900 });
  });

  it('throttles a login that matches no account exactly like a real one', async () => {
    const user = await buildUser(t.app);
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await signIn(t, user.email!, 'Wrong-pass1!');
      const b = await signIn(t, 'ghost@example.test', 'Wrong-pass1!');
      real.push([a.status, a.json]);
      unknown.push([b.status, b.json]);
    }
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toEqual([429, { ErrorCode: 'SIGNIN_THROTTLED', ResponseData: { retryAfterSeconds: 1 }, body: 'SIGNIN_THROTTLED' }]);
  });

  it('refuses bad input with 400, never 500', async () => {
    const bodies: unknown[] = [undefined, {}, { login: 'a@b.co' }, { password: 'x' }, { login: 'a@b.co', password: 'x'.repeat(129) }];
    for (const bad of BAD_TEXT) bodies.push({ login: bad, password: 'Abc-1234!' }, { login: 'a@b.co', password: bad });
    for (const body of bodies) {
      const res = await t.call('POST', '/v1/auth/sign-in', { body: body as object });
      expect.soft(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
    }
  });
});

describe('new-password challenge', () => {
  it('signs in, allows only the challenge endpoints, then sets a different password and ends other sessions', async () => {
    const user = await buildInvitedUser(t.app, { tempPassword: 'Temp-pass9!', expiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000) });
    const other = await sessionFor(t.app, user.id);
    const res = await signIn(t, user.email!, 'Temp-pass9!');
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ status: 'new_password_required' });
    const cookie = res.cookie!;
    expect((await t.call('GET', '/v1/auth/me', { cookie })).json.ResponseData.mustChangePassword).toBe(true);
    expect((await t.call('PUT', '/v1/auth/language', { cookie, body: { language: 'es' } })).status).toBe(200);
    const blocked = await t.call('GET', '/v1/high5s/count', { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.json.ErrorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.call('PUT', '/v1/auth/school', { cookie, body: { schoolId: crypto.randomUUID() } })).json.ErrorCode).toBe('PASSWORD_CHANGE_REQUIRED');

    const same = await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: 'Temp-pass9!' } });
    expect(same.status).toBe(400);
    expect(same.json.ErrorCode).toBe('PASSWORD_SAME_AS_TEMPORARY');
    const common = await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: 'Password1!' } });
    expect(common.json.ErrorCode).toBe('PASSWORD_TOO_COMMON');
    const weak = await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: 'alllowercase1!' } });
    expect(weak.status).toBe(400);
    expect(weak.json.issues).toEqual([{ path: 'body.newPassword', code: 'PASSWORD_TOO_WEAK' }]);

    const done = await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: NEW_PASSWORD } });
    expect(done.status).toBe(200);
    expect(done.json.ResponseData).toMatchObject({ id: user.id, mustChangePassword: false, language: 'es' });
    expect((await t.call('GET', '/v1/high5s/count', { cookie })).status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie: other })).status).toBe(401);
    expect((await signIn(t, user.email!, 'Temp-pass9!')).status).toBe(401);
    expect((await signIn(t, user.email!, NEW_PASSWORD)).json.ResponseData.status).toBe('signed_in');
  });

  it('when the temporary password is past its 7 days, it answers TEMP_PASSWORD_EXPIRED (and only to the right password)', async () => {
    const user = await buildInvitedUser(t.app, { tempPassword: 'Temp-pass9!', expiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000) });
    t.clock.advance(7 * 86_400_000 + 1000);
    const res = await signIn(t, user.email!, 'Temp-pass9!');
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('TEMP_PASSWORD_EXPIRED');
    expect(res.cookie).toBeUndefined();
    expect((await signIn(t, user.email!, 'Other-pass9!')).json).toEqual(WRONG);
  });

  it('is refused to an account that is not in the challenge, and needs a session', async () => {
    const user = await buildUser(t.app);
    const cookie = await sessionFor(t.app, user.id);
    expect((await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: NEW_PASSWORD } })).status).toBe(403);
    expect((await t.call('POST', '/v1/auth/new-password', { body: { newPassword: NEW_PASSWORD } })).status).toBe(401);
    for (const bad of [...BAD_TEXT, 'x'.repeat(129)]) {
      expect.soft((await t.call('POST', '/v1/auth/new-password', { cookie, body: { newPassword: bad } })).status).toBe(400);
    }
  });
});

describe('auth.me', () => {
  it('counts the classes a teacher teaches and a student attends, in the current school', async () => {
    const school = await buildSchool(t.app);
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const student = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
    await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id });
    const me = await t.call('GET', '/v1/auth/me', { cookie: await sessionFor(t.app, teacher.id) });
    expect(me.json.ResponseData).toMatchObject({ role: 'teacher', isAdmin: true, isSuperAdmin: false, hasPassword: true, classCount: 2 });
    expect(me.json.ResponseData.schools).toHaveLength(1);
    const mine = await t.call('GET', '/v1/auth/me', { cookie: await sessionFor(t.app, student.id) });
    expect(mine.json.ResponseData).toMatchObject({ role: 'student', isAdmin: false, classCount: 1 });
  });

  it('shows a super admin without a school, and answers 401 without a session', async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    const me = await t.call('GET', '/v1/auth/me', { cookie: await sessionFor(t.app, admin.id) });
    expect(me.json.ResponseData).toMatchObject({ role: 'superAdmin', isSuperAdmin: true, school: null, schools: [], classCount: 0 });
    expect((await t.call('GET', '/v1/auth/me')).status).toBe(401);
    expect((await t.call('GET', '/v1/auth/me', { cookie: 'high5_session=not-a-session' })).status).toBe(401);
  });
});

describe('session lifetime', () => {
  it('ends after 30 minutes without a request', async () => {
    const user = await buildUser(t.app);
    const { cookie } = await signIn(t, user.email!, TEST_PASSWORD);
    t.clock.advance(29 * 60_000);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).status).toBe(401);
  });

  it('ends 12 hours after sign-in however active', async () => {
    const user = await buildUser(t.app);
    const { cookie } = await signIn(t, user.email!, TEST_PASSWORD);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).status).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).status).toBe(401);
  });
});

describe('auth.signOut', () => {
  it('deletes the session and clears the cookie', async () => {
    const user = await buildUser(t.app);
    const { cookie } = await signIn(t, user.email!, TEST_PASSWORD);
    const res = await t.call('POST', '/v1/auth/sign-out', { cookie: cookie!, body: {} });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/high5_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).status).toBe(401);
    expect((await t.call('POST', '/v1/auth/sign-out', { cookie: cookie!, body: {} })).status).toBe(401);
    expect((await t.call('POST', '/v1/auth/sign-out', { cookie: (await signIn(t, user.email!, TEST_PASSWORD)).cookie!, body: { x: 1 } })).status).toBe(400);
  });
});

describe('auth.setLanguage', () => {
  it('saves the language, refuses others, needs a session', async () => {
    const user = await buildUser(t.app);
    const cookie = await sessionFor(t.app, user.id);
    expect((await t.call('PUT', '/v1/auth/language', { cookie, body: { language: 'es' } })).status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie })).json.ResponseData.language).toBe('es');
    for (const language of [...BAD_TEXT, 'fr', 'ES']) expect.soft((await t.call('PUT', '/v1/auth/language', { cookie, body: { language } })).status).toBe(400);
    expect((await t.call('PUT', '/v1/auth/language', { body: { language: 'en' } })).status).toBe(401);
  });
});

describe('auth.switchSchool', () => {
  it("moves the session to another of the user's schools, never to a school they are not in", async () => {
    const a = await buildSchool(t.app);
    const b = await buildSchool(t.app);
    const other = await buildSchool(t.app);
    const teacher = await buildUser(t.app, { schoolId: a.id, role: 'teacher' });
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: teacher.id, schoolId: b.id, role: 'teacher', isAdmin: true }).execute();
    const { cookie } = await signIn(t, teacher.email!, TEST_PASSWORD);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).json.ResponseData.school.id).toBe(a.id);
    const res = await t.call('PUT', '/v1/auth/school', { cookie: cookie!, body: { schoolId: b.id } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ school: { id: b.id, isAdmin: true }, isAdmin: true });
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).json.ResponseData.school.id).toBe(b.id);
    const refused = await t.call('PUT', '/v1/auth/school', { cookie: cookie!, body: { schoolId: other.id } });
    expect(refused.status).toBe(403);
    expect((await t.call('GET', '/v1/auth/me', { cookie: cookie! })).json.ResponseData.school.id).toBe(b.id);
    for (const schoolId of [...BAD_TEXT, 'not-a-uuid'])
      expect.soft((await t.call('PUT', '/v1/auth/school', { cookie: cookie!, body: { schoolId } })).status).toBe(400);
    expect((await t.call('PUT', '/v1/auth/school', { body: { schoolId: a.id } })).status).toBe(401);
  });
});

describe('auth.unlock', () => {
  it("checks the signed-in user's password under the sign-in throttle, keeping the session", async () => {
    const user = await buildUser(t.app);
    const cookie = await sessionFor(t.app, user.id);
    expect((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: TEST_PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: 'Wrong-pass1!' } });
      expect(res.status).toBe(401);
      expect(res.json.ErrorCode).toBe('enterCorrectIDandPass');
    }
    const blocked = await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.ErrorCode).toBe('SIGNIN_THROTTLED');
    expect((await t.call('GET', '/v1/auth/me', { cookie })).status).toBe(200);
    t.clock.advance(1000);
    expect((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: TEST_PASSWORD } })).status).toBe(200);
    for (const password of [...BAD_TEXT, 'x'.repeat(129)])
      expect.soft((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password } })).status).toBe(400);
    expect((await t.call('POST', '/v1/auth/unlock', { body: { password: TEST_PASSWORD } })).status).toBe(401);
  });
});

describe('auth.config', () => {
  it('says Google is off when not configured and gives the links', async () => {
    const res = await t.call('GET', '/v1/auth/config');
    expect(res.json.ResponseData).toEqual({ googleEnabled: false, cleverEnabled: false, links: t.app.services.config.links });
    const google = await t.call('GET', '/v1/auth/google');
    expect(google.status).toBe(404);
    expect(google.json.ErrorCode).toBe('GOOGLE_NOT_CONFIGURED');
  });
});
