import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startCleverIdentity, type CleverIdentityFake } from '../../../test/fakes/clever-identity.js';
import { buildCleverDistrict, buildCleverPerson, freePort, resetLimits } from '../test-factories.js';

let t: TestApp;
let clever: CleverIdentityFake;
let base: string;
// Clever ids are 24 hex digits (ObjectIDs).
let serial = 0;
const cleverId = () => (0x5f000000 + ++serial).toString(16).padStart(24, 'a');

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  clever = await startCleverIdentity({ redirectUri: `${base}/v1/auth/clever/callback` });
  t = await buildTestApp({
    PUBLIC_URL: base,
    CLEVER_CLIENT_ID: clever.clientId,
    CLEVER_CLIENT_SECRET: clever.clientSecret,
    CLEVER_OAUTH_URL: clever.baseUrl,
    CLEVER_API_URL: clever.baseUrl,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await clever.close();
});

const cookieFrom = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);

/** Our start, Clever's sign-in page as `userId`; the callback URL and the browser's state cookie. */
async function startAtClever(userId: string, query = '') {
  const start = await fetch(`${base}/v1/auth/clever${query}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  expect(start.headers.getSetCookie().join()).toMatch(/high5_clever=.*Path=\/v1\/auth\/clever.*HttpOnly.*SameSite=Lax/i);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${clever.baseUrl}/oauth/authorize`);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: clever.clientId,
    redirect_uri: `${base}/v1/auth/clever/callback`,
  });
  expect(authorize.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
  return { callback: await clever.signIn(authorize.href, userId), stateCookie: cookieFrom(start, 'high5_clever')! };
}

/** The whole browser round trip. */
async function cleverSignIn(userId: string, query = '', session?: string) {
  const { callback, stateCookie } = await startAtClever(userId, query);
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie: [stateCookie, session].filter(Boolean).join('; ') } });
  return { location: done.headers.get('location'), session: cookieFrom(done, 'high5_session') };
}

const me = async (cookie: string) => (await t.call('GET', '/v1/auth/me', { cookie })).json.ResponseData;
const config = async () => (await t.call('GET', '/v1/auth/config')).json.ResponseData;

describe('Log in with Clever', () => {
  it('auth.config offers it only once a district is rostered from Clever, and names no district', async () => {
    expect((await config()).cleverEnabled).toBe(false);
    await buildCleverDistrict(t.app, cleverId());
    const answer = await config();
    expect(answer.cleverEnabled).toBe(true);
    expect(Object.keys(answer).sort()).toEqual(['cleverEnabled', 'googleEnabled', 'links']);
  });

  it('signs a rostered student in as the person the sync keeps under their Clever id', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    const student = await buildCleverPerson(t.app, district, id, { firstName: 'Mia' });
    // A namesake with the same name in the same school is never the match.
    await buildCleverPerson(t.app, district, cleverId(), { firstName: 'Mia', lastName: student.lastName });
    clever.setUser(id, { district: districtId, type: 'student' });
    const { location, session } = await cleverSignIn(id, '?returnTo=/mood');
    expect(location).toBe('/mood');
    expect(await me(session!)).toMatchObject({ id: student.id, role: 'student', firstName: 'Mia', school: { id: district.schoolId } });
    const row = await t.app.services.db.selectFrom('users').select('lastSigninAt').where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(row.lastSigninAt).not.toBeNull();
  });

  it('signs a rostered teacher in too, and returns only to a path of this site', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    const teacher = await buildCleverPerson(t.app, district, id, { role: 'teacher' });
    clever.setUser(id, { district: districtId, type: 'teacher' });
    const { location, session } = await cleverSignIn(id, '?returnTo=//evil.example/x');
    expect(location).toBe('/dashboard');
    expect(await me(session!)).toMatchObject({ id: teacher.id, role: 'teacher' });
  });

  it('refuses a Clever user nobody rostered here, with CLEVER_NOT_ROSTERED and no session', async () => {
    const districtId = cleverId();
    await buildCleverDistrict(t.app, districtId);
    const stranger = cleverId();
    clever.setUser(stranger, { district: districtId, type: 'student' });
    const { location, session } = await cleverSignIn(stranger);
    expect(location).toBe('/?error=CLEVER_NOT_ROSTERED');
    expect(session).toBeUndefined();
  });

  it('refuses a Clever user of a district not connected here, even with the Clever id of a person rostered elsewhere', async () => {
    const connected = cleverId();
    const district = await buildCleverDistrict(t.app, connected);
    const id = cleverId();
    await buildCleverPerson(t.app, district, id);
    const other = cleverId();
    clever.setUser(id, { district: other, type: 'student' });
    const { location, session } = await cleverSignIn(id);
    expect(location).toBe('/?error=CLEVER_DISTRICT_NOT_CONNECTED');
    expect(session).toBeUndefined();
    // The same id under the district's own Clever district signs in.
    clever.setUser(id, { district: connected, type: 'student' });
    expect((await cleverSignIn(id)).session).toBeDefined();
  });

  it('never matches an Aeries or OneRoster district whose SIS ids look like Clever ids', async () => {
    const districtId = cleverId();
    const aeries = await t.app.services.db
      .insertInto('districts')
      .values({ name: `Aeries ${cleverId()}`, kind: 'aeries', paid: true, sourceDistrictId: districtId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = cleverId();
    await buildCleverPerson(t.app, { id: aeries.id, schoolId: (await buildCleverDistrict(t.app, cleverId())).schoolId }, id);
    clever.setUser(id, { district: districtId, type: 'student' });
    expect((await cleverSignIn(id)).location).toBe('/?error=CLEVER_DISTRICT_NOT_CONNECTED');
  });

  it('refuses a person every school has deactivated (the sync no longer returns them), as the password sign-in does', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    const gone = await buildCleverPerson(t.app, district, id);
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'inactive' }).where('userId', '=', gone.id).execute();
    clever.setUser(id, { district: districtId, type: 'student' });
    const refused = await cleverSignIn(id);
    expect(refused.location).toBe('/?error=ACCOUNT_INACTIVE');
    expect(refused.session).toBeUndefined();
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'active' }).where('userId', '=', gone.id).execute();
    expect((await cleverSignIn(id)).session).toBeDefined();
  });

  it('refuses a callback without the state cookie, with a forged one, with another state or another browser’s state', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    await buildCleverPerson(t.app, district, id);
    clever.setUser(id, { district: districtId, type: 'student' });
    const { callback, stateCookie } = await startAtClever(id);
    const other = await startAtClever(id);
    const call = (url: URL, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect((await call(callback)).headers.get('location')).toBe('/?error=CLEVER_FAILED');
    expect((await call(callback, `${stateCookie.slice(0, -3)}abc`)).headers.get('location')).toBe('/?error=CLEVER_FAILED');
    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', 'not-the-state');
    expect((await call(wrongState, stateCookie)).headers.get('location')).toBe('/?error=CLEVER_FAILED');
    // Another browser's callback (its code and state) with this browser's cookie: login CSRF.
    expect((await call(other.callback, stateCookie)).headers.get('location')).toBe('/?error=CLEVER_FAILED');
    // None of these used up this browser's state or code.
    const ok = await call(callback, stateCookie);
    expect(ok.headers.get('location')).toBe('/dashboard');
    expect(cookieFrom(ok, 'high5_session')).toBeDefined();
  });

  it('refuses a replayed callback, and a replayed code under a fresh state (Clever redeems a code once)', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    await buildCleverPerson(t.app, district, id);
    clever.setUser(id, { district: districtId, type: 'student' });
    const { callback, stateCookie } = await startAtClever(id);
    const first = await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(first.headers.get('location')).toBe('/dashboard');
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(replay.headers.get('location')).toBe('/?error=CLEVER_FAILED');
    expect(cookieFrom(replay, 'high5_session')).toBeUndefined();
    // The old code with a new state of this browser reaches Clever, which refuses it.
    const fresh = await fetch(`${base}/v1/auth/clever`, { redirect: 'manual' });
    const state = new URL(fresh.headers.get('location')!).searchParams.get('state')!;
    const reused = new URL(callback);
    reused.searchParams.set('state', state);
    const refusedBefore = clever.refusedCodes;
    const again = await fetch(reused, { redirect: 'manual', headers: { cookie: cookieFrom(fresh, 'high5_clever')! } });
    expect(again.headers.get('location')).toBe('/?error=CLEVER_FAILED');
    expect(cookieFrom(again, 'high5_session')).toBeUndefined();
    expect(clever.refusedCodes).toBe(refusedBefore + 1);
  });

  it('refuses a state older than 10 minutes, and a sign-in cancelled at Clever', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    await buildCleverPerson(t.app, district, id);
    clever.setUser(id, { district: districtId, type: 'student' });
    const { callback, stateCookie } = await startAtClever(id);
    t.clock.advance(11 * 60_000);
    expect((await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie } })).headers.get('location')).toBe('/?error=CLEVER_FAILED');
    const start = await fetch(`${base}/v1/auth/clever`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const cancelled = await fetch(`${base}/v1/auth/clever/callback?error=access_denied&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: cookieFrom(start, 'high5_clever')! },
    });
    expect(cancelled.headers.get('location')).toBe('/?error=CLEVER_FAILED');
  });

  it('a Clever Portal launch (a code without state) is not redeemed: it starts again with a state, then signs in', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const id = cleverId();
    const student = await buildCleverPerson(t.app, district, id);
    clever.setUser(id, { district: districtId, type: 'student' });
    const launch = await fetch(clever.portalLaunch(id), { redirect: 'manual' });
    expect(launch.headers.get('location')).toBe('/v1/auth/clever');
    expect(cookieFrom(launch, 'high5_session')).toBeUndefined();
    const { location, session } = await cleverSignIn(id);
    expect(location).toBe('/dashboard');
    expect((await me(session!)).id).toBe(student.id);
  });

  it('ends the session the browser came with (a shared device), and gives a new one', async () => {
    const districtId = cleverId();
    const district = await buildCleverDistrict(t.app, districtId);
    const [a, b] = [cleverId(), cleverId()];
    await buildCleverPerson(t.app, district, a);
    const second = await buildCleverPerson(t.app, district, b);
    clever.setUser(a, { district: districtId, type: 'student' });
    clever.setUser(b, { district: districtId, type: 'student' });
    const old = (await cleverSignIn(a)).session!;
    const { session } = await cleverSignIn(b, '', old);
    expect((await me(session!)).id).toBe(second.id);
    expect((await t.call('GET', '/v1/auth/me', { cookie: old })).status).toBe(401);
  });

  it('sends Clever only the documented parameters, never the secret', async () => {
    const start = await fetch(`${base}/v1/auth/clever`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location')!);
    expect([...authorize.searchParams.keys()].sort()).toEqual(['client_id', 'redirect_uri', 'response_type', 'state']);
    expect(authorize.href).not.toContain(clever.clientSecret);
  });

  it('over the start limit of an address, goes back with RATE_LIMITED', async () => {
    // The starts above counted too: fill what is left of the limit.
    await expect(
      (async () => {
        for (let i = 0; i <= 2000; i++) await t.app.authLimits.hit('clever', '127.0.0.1');
      })(),
    ).rejects.toThrow('RATE_LIMITED');
    const res = await fetch(`${base}/v1/auth/clever`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/?error=RATE_LIMITED');
    await resetLimits(t.app);
  });
});

describe('Log in with Clever when not configured', () => {
  it('answers 404 CLEVER_NOT_CONFIGURED and auth.config says it is off, even with a Clever district', async () => {
    const off = await buildTestApp();
    try {
      await buildCleverDistrict(off.app, cleverId());
      expect((await off.call('GET', '/v1/auth/config')).json.ResponseData.cleverEnabled).toBe(false);
      for (const url of ['/v1/auth/clever', '/v1/auth/clever/callback?code=x&state=y']) {
        const res = await off.call('GET', url);
        expect(res.status).toBe(404);
        expect(res.json.ErrorCode).toBe('CLEVER_NOT_CONFIGURED');
      }
    } finally {
      await off.close();
    }
  });

  it('refuses a plain-http Clever address that is not this machine', async () => {
    await expect(buildTestApp({ CLEVER_CLIENT_ID: 'x', CLEVER_CLIENT_SECRET: 'y', CLEVER_OAUTH_URL: 'http://clever.example' })).rejects.toThrow(
      /CLEVER_OAUTH_URL is invalid/,
    );
  });
});
