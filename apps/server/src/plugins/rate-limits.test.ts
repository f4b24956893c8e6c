import { allEndpoints, type Endpoint } from '@high5/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';
import { WRITE_LIMIT_NAMES, WRITE_LIMITS } from './rate-limits.js';

// Rate limits on every write: per user when signed in, per address otherwise, with
// the contract's own limits on top, answered with 429 RATE_LIMITED and Retry-After.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  for (const name of [WRITE_LIMIT_NAMES.user, WRITE_LIMIT_NAMES.address, WRITE_LIMIT_NAMES.endpoint('admin.inviteStaff')])
    t.app.services.rateLimits.override(name);
  await t.app.services.rateLimits.reset();
});

const writes = (Object.values(allEndpoints) as Endpoint[]).filter((e) => e.method !== 'GET');
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (e: Endpoint) => `/v1${e.path.replace(/:[A-Za-z]+/g, ANY_ID)}`;

function expectLimited(res: { status: number; json: { ErrorCode: string; ResponseData: unknown }; headers: Record<string, unknown> }, what: string) {
  expect.soft(res.status, what).toBe(429);
  expect.soft(res.json.ErrorCode, what).toBe('RATE_LIMITED');
  expect.soft(Number(res.headers['retry-after']), what).toBeGreaterThan(0);
  expect.soft(res.json.ResponseData, what).toEqual({ retryAfterSeconds: Number(res.headers['retry-after']) });
}

describe('every write endpoint of the contract', () => {
  it('is limited per address without a session and per user with one', async () => {
    const user = await buildUser(t.app, { role: 'teacher', isAdmin: true });
    const cookie = await sessionFor(t.app, user.id);
    t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.address, { max: 1, perSeconds: 600 });
    t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.user, { max: 1, perSeconds: 600 });
    // The one allowed write of the address, then of the user.
    expect((await t.call('PUT', '/v1/auth/language', { body: { language: 'en' }, remoteAddress: '198.51.100.1' })).status).toBe(401);
    expect((await t.call('PUT', '/v1/auth/language', { body: { language: 'en' }, cookie })).status).toBe(200);
    for (const e of writes) {
      expectLimited(await t.call(e.method, urlOf(e), { body: {}, remoteAddress: '198.51.100.1' }), `${e.id} without a session`);
      expectLimited(await t.call(e.method, urlOf(e), { body: {}, cookie }), `${e.id} as a user`);
    }
    console.info(`write endpoints checked for a rate limit: ${writes.length}`);
    expect(writes.length).toBeGreaterThan(50);
  });

  it('declares its own limit where a call sends mail, creates accounts or decodes an image', () => {
    const own = [
      'auth.forgotPassword',
      'auth.resetPassword',
      'auth.signUp',
      'auth.verifyEmail',
      'classroom.classInvite',
      'classroom.rosterInvite',
      'classroom.rosterResetPassword',
      'admin.inviteStaff',
      'admin.sendMoodReport',
      'profile.uploadPhoto',
      'profile.uploadStudentPhoto',
      'profile.saveAvatar',
    ];
    for (const id of own) {
      const e = writes.find((w) => w.id === id);
      expect(e?.rateLimit, id).toBeDefined();
      expect(e!.rateLimit!.max, id).toBeLessThanOrEqual(WRITE_LIMITS.user.max);
    }
  });
});

describe('keys', () => {
  it("counts a user's writes against that user only, wherever they come from", async () => {
    const school = await buildSchool(t.app);
    const [a, b] = await Promise.all([buildUser(t.app, { schoolId: school.id }), buildUser(t.app, { schoolId: school.id })]);
    const [ca, cb] = await Promise.all([sessionFor(t.app, a.id), sessionFor(t.app, b.id)]);
    t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.user, { max: 2, perSeconds: 600 });
    const save = (cookie: string, remoteAddress: string) => t.call('PUT', '/v1/auth/language', { body: { language: 'es' }, cookie, remoteAddress });
    expect((await save(ca, '198.51.100.10')).status).toBe(200);
    expect((await save(ca, '198.51.100.11')).status).toBe(200);
    expectLimited(await save(ca, '198.51.100.12'), 'a third write from a third address');
    // Another user at the same address (one school network) is not held back.
    expect((await save(cb, '198.51.100.10')).status).toBe(200);
    // Reads are not limited.
    expect((await t.call('GET', '/v1/auth/me', { cookie: ca })).status).toBe(200);
  });

  it('counts writes without a session against the address', async () => {
    t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.address, { max: 2, perSeconds: 600 });
    const forgot = (remoteAddress: string) => t.call('POST', '/v1/auth/forgot-password', { body: { email: 'someone@example.test' }, remoteAddress });
    expect((await forgot('198.51.100.20')).status).toBe(200);
    expect((await forgot('198.51.100.20')).status).toBe(200);
    expectLimited(await forgot('198.51.100.20'), 'a third write from one address');
    expect((await forgot('198.51.100.21')).status).toBe(200);
  });

  it("adds an endpoint's own limit on top: invitations run out while other writes go on", async () => {
    const admin = await buildUser(t.app, { role: 'teacher', isAdmin: true });
    const cookie = await sessionFor(t.app, admin.id);
    t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.endpoint('admin.inviteStaff'), { max: 2, perSeconds: 3600 });
    const invite = (i: number) =>
      t.call('POST', '/v1/admin/staff-invitations', {
        cookie,
        body: { firstName: 'Ana', lastName: `Staff ${i}`, email: `staff-${i}-${admin.id}@example.test`, language: 'es' },
      });
    expect((await invite(1)).status).toBe(200);
    expect((await invite(2)).status).toBe(200);
    const third = await invite(3);
    expectLimited(third, 'a third invitation');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await t.call('PUT', '/v1/auth/language', { body: { language: 'es' }, cookie })).status).toBe(200);
  });
});
