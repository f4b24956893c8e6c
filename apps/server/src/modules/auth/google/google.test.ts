import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, TEST_PASSWORD } from '../../../test/factories.js';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fake-google.js';
import { freePort, signIn } from '../test-factories.js';

let t: TestApp;
let google: FakeGoogle;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  google = await startFakeGoogle({ redirectUri: `${base}/v1/auth/google/callback` });
  t = await buildTestApp({ PUBLIC_URL: base, GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const cookieFrom = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);

/** The whole browser round trip: our server, the provider's login and consent, our callback. */
async function googleSignIn(sub: string, query = '', session?: string) {
  const start = await fetch(`${base}/v1/auth/google${query}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const stateCookie = cookieFrom(start, 'high5_google');
  expect(start.headers.getSetCookie().join()).toMatch(/high5_google=.*HttpOnly.*SameSite=Lax/i);
  const providerUrl = start.headers.get('location')!;
  expect(providerUrl).toContain(google.issuer);
  expect(providerUrl).toContain('code_challenge_method=S256');
  const callback = await google.signIn(providerUrl, sub);
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie: [stateCookie, session].filter(Boolean).join('; ') } });
  return { done, location: done.headers.get('location'), session: cookieFrom(done, 'high5_session'), callback };
}

const me = async (cookie: string) => (await t.call('GET', '/v1/auth/me', { cookie })).json.ResponseData;

describe('Google sign-in', () => {
  it('says it is on in auth.config', async () => {
    expect((await t.call('GET', '/v1/auth/config')).json.ResponseData.googleEnabled).toBe(true);
  });

  it('creates a new user without a school, named and in the language of the claims, who then sets up', async () => {
    google.setAccount('google-new-1', {
      email: 'Nueva.Docente@Gmail.Example',
      email_verified: true,
      given_name: 'Nueva',
      family_name: 'Docente',
      locale: 'es-419',
    });
    const { done, location, session } = await googleSignIn('google-new-1');
    expect(done.status).toBe(302);
    expect(location).toBe('/dashboard');
    expect(session).toBeDefined();
    const user = await me(session!);
    expect(user).toMatchObject({
      email: 'nueva.docente@gmail.example',
      firstName: 'Nueva',
      lastName: 'Docente',
      language: 'es',
      role: null,
      school: null,
      hasPassword: false,
    });
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    const setup = await t.call('POST', '/v1/auth/setup', { cookie: session!, body: { role: 'student', classCode: cls.joiningCode } });
    expect(setup.json.ResponseData).toMatchObject({ role: 'student', classCount: 1 });
    // The same Google identity later signs into the same account.
    const again = await googleSignIn('google-new-1');
    expect((await me(again.session!)).id).toBe(user.id);
  });

  it('signs into the existing account with the same verified e-mail and links it', async () => {
    const existing = await buildUser(t.app, { email: 'linked.teacher@school.example', role: 'teacher' });
    google.setAccount('google-link-1', { email: 'linked.teacher@school.example', email_verified: true, given_name: 'Other', family_name: 'Name' });
    const { session } = await googleSignIn('google-link-1');
    const user = await me(session!);
    expect(user).toMatchObject({ id: existing.id, role: 'teacher', firstName: existing.firstName, hasPassword: true });
    const row = await t.app.services.db.selectFrom('users').select('googleSub').where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(row.googleSub).toBe('google-link-1');
    expect((await signIn(t, existing.email!, TEST_PASSWORD)).status).toBe(200);
  });

  it('does not link an e-mail that Google has not verified', async () => {
    const existing = await buildUser(t.app, { email: 'unverified.claim@school.example' });
    google.setAccount('google-unverified', { email: 'unverified.claim@school.example', email_verified: false, given_name: 'Eve' });
    const { session } = await googleSignIn('google-unverified');
    const user = await me(session!);
    expect(user.id).not.toBe(existing.id);
    expect(user).toMatchObject({ email: null, role: null });
  });

  it('takes over an account whose address was never confirmed, dropping the password someone else may have set', async () => {
    const squatted = await buildUser(t.app, { email: 'squatted@school.example' });
    await t.app.services.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', squatted.id).execute();
    google.setAccount('google-owner', { email: 'squatted@school.example', email_verified: true });
    const { session } = await googleSignIn('google-owner');
    expect(await me(session!)).toMatchObject({ id: squatted.id, hasPassword: false });
    expect((await signIn(t, 'squatted@school.example', TEST_PASSWORD)).status).toBe(401);
  });

  it('refuses an account already linked to another Google identity', async () => {
    await buildUser(t.app, { email: 'taken.link@school.example' });
    google.setAccount('google-a', { email: 'taken.link@school.example', email_verified: true });
    google.setAccount('google-b', { email: 'taken.link@school.example', email_verified: true });
    await googleSignIn('google-a');
    const { location, session } = await googleSignIn('google-b');
    expect(location).toBe('/?error=GOOGLE_ACCOUNT_LINKED');
    expect(session).toBeUndefined();
  });

  it('refuses an account every school has deactivated (rostering), as the password sign-in does', async () => {
    const gone = await buildUser(t.app, { email: 'left.district@school.example', role: 'student' });
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'inactive' }).where('userId', '=', gone.id).execute();
    google.setAccount('google-gone', { email: 'left.district@school.example', email_verified: true });
    const { location, session } = await googleSignIn('google-gone');
    expect(location).toBe('/?error=ACCOUNT_INACTIVE');
    expect(session).toBeUndefined();
    const password = await signIn(t, gone.email!, TEST_PASSWORD);
    expect(password.status).toBe(403);
    expect(password.json.ErrorCode).toBe('ACCOUNT_INACTIVE');
    // Active again (the SIS returns them), they sign in with Google.
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'active' }).where('userId', '=', gone.id).execute();
    expect((await googleSignIn('google-gone')).session).toBeDefined();
  });

  it('gives a new session id and ends the one the browser came with', async () => {
    const user = await buildUser(t.app, { email: 'rotate@school.example' });
    google.setAccount('google-rotate', { email: 'rotate@school.example', email_verified: true });
    const old = (await signIn(t, user.email!, TEST_PASSWORD)).cookie!;
    const { session } = await googleSignIn('google-rotate', '', old);
    expect(session).not.toBe(old);
    expect((await t.call('GET', '/v1/auth/me', { cookie: old })).status).toBe(401);
  });

  it('returns to a path of this site only', async () => {
    google.setAccount('google-return', { email: 'return@school.example', email_verified: true });
    expect((await googleSignIn('google-return', '?returnTo=/mood')).location).toBe('/mood');
    expect((await googleSignIn('google-return', '?returnTo=//evil.example/x')).location).toBe('/dashboard');
    expect((await googleSignIn('google-return', '?returnTo=https://evil.example')).location).toBe('/dashboard');
  });

  it('refuses a callback without the state cookie, with a forged one, or a replayed code', async () => {
    google.setAccount('google-forge', { email: 'forge@school.example', email_verified: true });
    const start = await fetch(`${base}/v1/auth/google?intent=signup`, { redirect: 'manual' });
    const stateCookie = cookieFrom(start, 'high5_google')!;
    const callback = await google.signIn(start.headers.get('location')!, 'google-forge');
    const noCookie = await fetch(callback, { redirect: 'manual' });
    expect(noCookie.headers.get('location')).toBe('/?error=GOOGLE_FAILED');
    const forged = await fetch(callback, { redirect: 'manual', headers: { cookie: `${stateCookie.slice(0, -3)}abc` } });
    expect(forged.headers.get('location')).toBe('/?error=GOOGLE_FAILED');
    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', 'not-the-state');
    const mismatch = await fetch(wrongState, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(mismatch.headers.get('location')).toBe('/signup?error=GOOGLE_FAILED');
    const ok = await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(ok.headers.get('location')).toBe('/dashboard');
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(replay.headers.get('location')).toBe('/signup?error=GOOGLE_FAILED');
    expect(cookieFrom(replay, 'high5_session')).toBeUndefined();
  });

  it('refuses a state cookie older than 10 minutes', async () => {
    google.setAccount('google-slow', { email: 'slow@school.example', email_verified: true });
    const start = await fetch(`${base}/v1/auth/google`, { redirect: 'manual' });
    const callback = await google.signIn(start.headers.get('location')!, 'google-slow');
    t.clock.advance(11 * 60_000);
    const late = await fetch(callback, { redirect: 'manual', headers: { cookie: cookieFrom(start, 'high5_google')! } });
    expect(late.headers.get('location')).toBe('/?error=GOOGLE_FAILED');
  });

  it('when the person cancels at the provider, it goes back with GOOGLE_FAILED', async () => {
    const start = await fetch(`${base}/v1/auth/google`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const res = await fetch(`${base}/v1/auth/google/callback?error=access_denied&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: cookieFrom(start, 'high5_google')! },
    });
    expect(res.headers.get('location')).toBe('/?error=GOOGLE_FAILED');
  });
});

describe('Google sign-in when not configured', () => {
  it('answers 404 GOOGLE_NOT_CONFIGURED and auth.config says it is off', async () => {
    const off = await buildTestApp();
    try {
      expect((await off.call('GET', '/v1/auth/config')).json.ResponseData.googleEnabled).toBe(false);
      for (const url of ['/v1/auth/google', '/v1/auth/google/callback?code=x&state=y']) {
        const res = await off.call('GET', url);
        expect(res.status).toBe(404);
        expect(res.json.ErrorCode).toBe('GOOGLE_NOT_CONFIGURED');
      }
    } finally {
      await off.close();
    }
  });
});
