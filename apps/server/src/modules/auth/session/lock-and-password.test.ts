import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { BAD_TEXT, NEW_PASSWORD, resetLimits, signIn } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t.app));

async function studentWithJournal() {
  const school = await buildSchool(t.app);
  const user = await buildUser(t.app, { role: 'student', schoolId: school.id });
  const cookie = await sessionFor(t.app, user.id, school.id);
  const entry = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Private', description: 'What I told nobody' } });
  expect(entry.status).toBe(200);
  return { school, user, cookie };
}

const JOURNAL = '/v1/journal?dateRange=2020-01-01_2020-01-31';

describe('the idle lock, held by the server', () => {
  it('while locked, a new tab with the same cookie reads no journal or moods, writes nothing, and only sees who is locked', async () => {
    const { user, cookie } = await studentWithJournal();
    expect((await t.call('GET', '/v1/moods/mine', { cookie })).status).toBe(200);
    expect((await t.call('POST', '/v1/auth/lock', { cookie, body: {} })).status).toBe(200);

    for (const [method, url, body] of [
      ['GET', JOURNAL, undefined],
      ['GET', '/v1/moods/mine', undefined],
      ['POST', '/v1/journal', { heading: 'a', description: 'b' }],
      ['POST', '/v1/auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }],
      ['POST', '/v1/auth/sign-out-everywhere', {}],
      ['PUT', '/v1/auth/language', { language: 'es' }],
    ] as const) {
      const res = await t.call(method, url, { cookie, ...(body ? { body } : {}) });
      expect.soft(res.status, `${method} ${url}`).toBe(423);
      expect.soft(res.json.ErrorCode).toBe('SESSION_LOCKED');
      expect.soft(JSON.stringify(res.json)).not.toContain('What I told nobody');
    }
    // The lock screen learns whose session it is, and nothing else changes.
    const me = await t.call('GET', '/v1/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json.ResponseData).toMatchObject({ id: user.id, locked: true });
    // Locked requests are not activity: the session still ends after 30 idle minutes.
    const lastSeen = await t.app.services.db.selectFrom('sessions').select('lastSeenAt').where('userId', '=', user.id).executeTakeFirstOrThrow();
    t.clock.advance(5 * 60_000);
    await t.call('GET', '/v1/auth/me', { cookie });
    expect((await t.app.services.db.selectFrom('sessions').select('lastSeenAt').where('userId', '=', user.id).executeTakeFirstOrThrow()).lastSeenAt).toEqual(
      lastSeen.lastSeenAt,
    );
  });

  it('a wrong password keeps it locked and is throttled like sign-in; the right one lifts it for every tab', async () => {
    const { cookie } = await studentWithJournal();
    await t.call('POST', '/v1/auth/lock', { cookie, body: {} });
    for (let i = 0; i < 5; i++) expect((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: 'Wrong-pass1!' } })).status).toBe(401);
    expect((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: TEST_PASSWORD } })).status).toBe(429);
    expect((await t.call('GET', JOURNAL, { cookie })).status).toBe(423);
    t.clock.advance(1000);
    expect((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: TEST_PASSWORD } })).status).toBe(200);
    expect((await t.call('GET', JOURNAL, { cookie })).status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie })).json.ResponseData.locked).toBe(false);
  });

  it('sign-out still works while locked, and signing in afresh from the locked browser starts an unlocked session', async () => {
    const { user, cookie } = await studentWithJournal();
    await t.call('POST', '/v1/auth/lock', { cookie, body: {} });
    expect((await t.call('POST', '/v1/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie })).status).toBe(401);
    const again = await sessionFor(t.app, user.id);
    await t.call('POST', '/v1/auth/lock', { cookie: again, body: {} });
    const fresh = await signIn(t, user.email!, TEST_PASSWORD, again);
    expect(fresh.status).toBe(200);
    expect(fresh.json.ResponseData.me.locked).toBe(false);
    expect((await t.call('GET', '/v1/auth/me', { cookie: again })).status).toBe(401);
  });

  it('locking needs a session', async () => {
    expect((await t.call('POST', '/v1/auth/lock', { body: {} })).status).toBe(401);
  });
});

describe('auth.changePassword', () => {
  it('needs the current password (throttled), refuses weak or unchanged ones, then ends every other session', async () => {
    const user = await buildUser(t.app);
    const here = await sessionFor(t.app, user.id);
    const elsewhere = await sessionFor(t.app, user.id);
    const wrong = await t.call('POST', '/v1/auth/password', { cookie: here, body: { currentPassword: 'Wrong-pass1!', newPassword: NEW_PASSWORD } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.ErrorCode).toBe('enterCorrectIDandPass');
    const weak = await t.call('POST', '/v1/auth/password', { cookie: here, body: { currentPassword: TEST_PASSWORD, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    const same = await t.call('POST', '/v1/auth/password', { cookie: here, body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } });
    expect(same.status).toBe(400);
    expect(same.json.ErrorCode).toBe('PASSWORD_SAME_AS_CURRENT');
    for (const bad of [...BAD_TEXT, 'x'.repeat(129)]) {
      expect.soft((await t.call('POST', '/v1/auth/password', { cookie: here, body: { currentPassword: bad, newPassword: NEW_PASSWORD } })).status).toBe(400);
    }
    // Nothing changed so far.
    expect((await t.call('GET', '/v1/auth/me', { cookie: elsewhere })).status).toBe(200);

    const ok = await t.call('POST', '/v1/auth/password', { cookie: here, body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie: here })).status).toBe(200);
    expect((await t.call('GET', '/v1/auth/me', { cookie: elsewhere })).status).toBe(401);
    expect((await signIn(t, user.email!, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(t, user.email!, NEW_PASSWORD)).status).toBe(200);
  });

  it('a stolen session cannot guess the current password: five failures and even the right one waits', async () => {
    const user = await buildUser(t.app);
    const cookie = await sessionFor(t.app, user.id);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/v1/auth/password', { cookie, body: { currentPassword: `Wrong-pass${i}!`, newPassword: NEW_PASSWORD } })).status).toBe(401);
    }
    const held = await t.call('POST', '/v1/auth/password', { cookie, body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
  });

  it('is refused to an account without a password (Google only) and without a session', async () => {
    const user = await buildUser(t.app);
    await t.app.services.db.updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute();
    const cookie = await sessionFor(t.app, user.id);
    expect((await t.call('POST', '/v1/auth/password', { cookie, body: { currentPassword: 'anything', newPassword: NEW_PASSWORD } })).status).toBe(403);
    expect((await t.call('POST', '/v1/auth/password', { body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(401);
  });
});

describe('auth.signOutEverywhere', () => {
  it("ends every session of the user, this one included, and no one else's", async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    const here = await sessionFor(t.app, user.id);
    const elsewhere = await sessionFor(t.app, user.id);
    const someoneElse = await sessionFor(t.app, other.id);
    const res = await t.call('POST', '/v1/auth/sign-out-everywhere', { cookie: here, body: {} });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/high5_session=;/);
    expect((await t.call('GET', '/v1/auth/me', { cookie: here })).status).toBe(401);
    expect((await t.call('GET', '/v1/auth/me', { cookie: elsewhere })).status).toBe(401);
    expect((await t.call('GET', '/v1/auth/me', { cookie: someoneElse })).status).toBe(200);
    expect((await t.call('POST', '/v1/auth/sign-out-everywhere', { body: {} })).status).toBe(401);
  });
});
