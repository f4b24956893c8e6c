import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { THROTTLES } from '../rate-limits.js';
import { resetLimits } from '../test-factories.js';
import { DEVICE_COOKIE } from './service.js';

// Lockouts as a weapon: each attack of the report, through HTTP, now fails.

const WRONG = 'Wrong-pass1!';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t.app));

interface Attempt {
  login: string;
  password: string;
  from: string;
  device?: string;
  headers?: Record<string, string>;
}

async function attempt(app: TestApp, a: Attempt) {
  const res = await app.call('POST', '/v1/auth/sign-in', {
    body: { login: a.login, password: a.password },
    remoteAddress: a.from,
    headers: { ...(a.device ? { cookie: `${DEVICE_COOKIE}=${a.device}` } : {}), ...(a.headers ?? {}) },
  });
  const setCookie = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const device = setCookie.map((c) => new RegExp(`^${DEVICE_COOKIE}=([^;]+)`).exec(c)?.[1]).find(Boolean);
  return { ...res, device };
}

/** `n` failures from `from`, each against its own unknown login unless `login` is given. */
async function fail(n: number, from: string, login?: string) {
  for (let i = 0; i < n; i++) {
    const res = await attempt(t, { login: login ?? `spray-${i}-${from}@example.test`, password: WRONG, from });
    expect(res.status).toBe(401);
  }
}

/** THROTTLES.account.freeFailures failures on `login`, fewer than THROTTLES.pair.freeFailures from each address. */
async function spread(login: string, addresses: string[]) {
  let left = THROTTLES.account.freeFailures;
  for (const from of addresses) {
    const n = Math.min(left, THROTTLES.pair.freeFailures - 1);
    await fail(n, from, login);
    left -= n;
  }
  expect(left).toBe(0);
}

describe('per login and address', () => {
  it('throttles a login from one address without touching the same login elsewhere or other logins there', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const other = await buildUser(t.app, { role: 'teacher' });
    await fail(5, '198.51.100.1', teacher.email!);
    const blocked = await attempt(t, { login: teacher.email!, password: TEST_PASSWORD, from: '198.51.100.1' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ ErrorCode: 'SIGNIN_THROTTLED', ResponseData: { retryAfterSeconds: 1 } });
    expect(blocked.headers['retry-after']).toBe('1');
    // The teacher from another address, and another account from the attacker's address, go on.
    expect((await attempt(t, { login: teacher.email!, password: TEST_PASSWORD, from: '198.51.100.2' })).status).toBe(200);
    expect((await attempt(t, { login: other.email!, password: TEST_PASSWORD, from: '198.51.100.1' })).status).toBe(200);
  });

  it('never opens a session for a wrong password', async () => {
    const user = await buildUser(t.app);
    await fail(3, '198.51.100.3', user.email!);
    const sessions = await t.app.services.db.selectFrom('sessions').select('tokenHash').where('userId', '=', user.id).execute();
    expect(sessions).toEqual([]);
  });
});

describe('a known device or address', () => {
  it('signs in with the right password although failures from many addresses lock the account for everyone else', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const first = await attempt(t, { login: teacher.email!, password: TEST_PASSWORD, from: '192.0.2.10' });
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(first.headers['set-cookie'])).toMatch(new RegExp(`${DEVICE_COOKIE}=[^;]+; Max-Age=\\d+; Path=/v1/auth; HttpOnly; SameSite=Strict`));
    // The attack: the account's free failures, spread so that no address alone is held back.
    await spread(teacher.email!, ['203.0.113.1', '203.0.113.2', '203.0.113.3']);

    const stranger = await attempt(t, { login: teacher.email!, password: TEST_PASSWORD, from: '203.0.113.99' });
    expect(stranger.status).toBe(429);
    expect(stranger.json.ErrorCode).toBe('SIGNIN_THROTTLED');
    // The teacher's own laptop, now at home (a new address): its device cookie is known.
    expect((await attempt(t, { login: teacher.email!, password: TEST_PASSWORD, from: '198.51.100.77', device: first.device! })).status).toBe(200);
    // The teacher's school network, from a browser without the cookie: the address is known.
    expect((await attempt(t, { login: teacher.email!, password: TEST_PASSWORD, from: '192.0.2.10' })).status).toBe(200);
  });

  it("counts a known device's failures against that device only", async () => {
    const user = await buildUser(t.app);
    const { device } = await attempt(t, { login: user.email!, password: TEST_PASSWORD, from: '192.0.2.20' });
    for (let i = 0; i < THROTTLES.device.freeFailures; i++)
      expect((await attempt(t, { login: user.email!, password: WRONG, from: '192.0.2.20', device: device! })).status).toBe(401);
    expect((await attempt(t, { login: user.email!, password: TEST_PASSWORD, from: '192.0.2.20', device: device! })).status).toBe(429);
    // Without the cookie, the same address is a known address with its own, untouched count.
    expect((await attempt(t, { login: user.email!, password: TEST_PASSWORD, from: '192.0.2.20' })).status).toBe(200);
  });

  it('ignores a device cookie that was never issued to this account', async () => {
    const owner = await buildUser(t.app);
    const victim = await buildUser(t.app);
    const { device } = await attempt(t, { login: owner.email!, password: TEST_PASSWORD, from: '192.0.2.30' });
    await spread(victim.email!, ['203.0.113.11', '203.0.113.12', '203.0.113.13']);
    const res = await attempt(t, { login: victim.email!, password: TEST_PASSWORD, from: '203.0.113.14', device: device! });
    expect(res.status).toBe(429);
  });
});

describe('a school behind one address', () => {
  it('keeps signing in with right passwords while an attacker there fails more than 100 times; newcomers wait briefly', async () => {
    const school = await buildSchool(t.app);
    const nat = '192.0.2.200';
    const members = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.app, { schoolId: school.id, role: 'student' })));
    const devices: string[] = [];
    for (const m of members) devices.push((await attempt(t, { login: m.email!, password: TEST_PASSWORD, from: nat })).device!);
    const newcomer = await buildUser(t.app, { schoolId: school.id, role: 'student' });

    // The attacker sprays 110 logins from the school's address (and the members' accounts too).
    await fail(THROTTLES.address.freeFailures, nat);
    let failures = THROTTLES.address.freeFailures;
    for (const m of members) {
      t.clock.advance(THROTTLES.address.maxWaitMs);
      expect((await attempt(t, { login: m.email!, password: WRONG, from: nat })).status).toBe(401);
      failures++;
    }
    for (; failures < 110; failures++) {
      t.clock.advance(THROTTLES.address.maxWaitMs);
      expect((await attempt(t, { login: `late-${failures}@example.test`, password: WRONG, from: nat })).status).toBe(401);
    }

    // Every member signs in at once, with or without their device cookie.
    for (const [i, m] of members.entries()) {
      expect((await attempt(t, { login: m.email!, password: TEST_PASSWORD, from: nat })).status).toBe(200);
      expect((await attempt(t, { login: m.email!, password: TEST_PASSWORD, from: nat, device: devices[i]! })).status).toBe(200);
    }
    // A first sign-in from that address waits a short, progressive delay, never a lockout.
    const wait = await attempt(t, { login: newcomer.email!, password: TEST_PASSWORD, from: nat });
    expect(wait.status).toBe(429);
    expect(wait.json.ErrorCode).toBe('SIGNIN_THROTTLED');
    expect(Number(wait.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(wait.headers['retry-after'])).toBeLessThanOrEqual(THROTTLES.address.maxWaitMs / 1000);
    t.clock.advance(Number(wait.headers['retry-after']) * 1000);
    expect((await attempt(t, { login: newcomer.email!, password: TEST_PASSWORD, from: nat })).status).toBe(200);
  }, 120_000);
});

describe('X-Forwarded-For', () => {
  it('is ignored in production when TRUST_PROXY is unset: forged addresses all count against the real one', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const user = await buildUser(production.app);
      const forged = (i: number, password: string) =>
        attempt(production, { login: user.email!, password, from: '198.51.100.40', headers: { 'x-forwarded-for': `10.9.8.${i}` } });
      for (let i = 0; i < 5; i++) expect((await forged(i, WRONG)).status).toBe(401);
      expect((await forged(200, TEST_PASSWORD)).status).toBe(429);
    } finally {
      await production.close();
    }
  });

  it('is read only from the proxies TRUST_PROXY names', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      const user = await buildUser(proxied.app);
      const viaProxy = (client: string, password: string) =>
        proxied.call('POST', '/v1/auth/sign-in', { body: { login: user.email, password }, remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 5; i++) expect((await viaProxy('198.51.100.50', WRONG)).status).toBe(401);
      expect((await viaProxy('198.51.100.50', TEST_PASSWORD)).status).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await viaProxy('198.51.100.51', TEST_PASSWORD)).status).toBe(200);
      // A caller that is not a trusted proxy cannot choose its address.
      const direct = (client: string) =>
        proxied.call('POST', '/v1/auth/sign-in', {
          body: { login: user.email, password: WRONG },
          remoteAddress: '203.0.113.60',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) expect((await direct(`198.51.100.${100 + i}`)).status).toBe(401);
      expect((await direct('198.51.100.199')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('the idle-lock unlock', () => {
  it('shares the sign-in throttle: failed unlocks hold back sign-ins from that address too', async () => {
    const user = await buildUser(t.app);
    const cookie = await sessionFor(t.app, user.id);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: WRONG }, remoteAddress: '198.51.100.60' })).status).toBe(401);
    }
    const unlock = await t.call('POST', '/v1/auth/unlock', { cookie, body: { password: TEST_PASSWORD }, remoteAddress: '198.51.100.60' });
    expect(unlock.status).toBe(429);
    expect(unlock.headers['retry-after']).toBe('1');
    expect((await attempt(t, { login: user.email!, password: TEST_PASSWORD, from: '198.51.100.60' })).status).toBe(429);
    expect((await attempt(t, { login: user.email!, password: TEST_PASSWORD, from: '198.51.100.61' })).status).toBe(200);
  });
});
