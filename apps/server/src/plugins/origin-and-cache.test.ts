import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';

/** The Origin check compared the host only; sensitive answers could be cached (decision 0154). */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://high5.school.example' });
  const school = await buildSchool(t.app);
  const student = await buildUser(t.app, { schoolId: school.id, role: 'student' });
  cookie = await sessionFor(t.app, student.id, school.id);
});
afterAll(() => t.close());

const write = (origin: string, host = 'app.internal:3000') =>
  t.call('POST', '/v1/journal', { cookie, headers: { origin, host }, body: { heading: 'Hi', description: 'Text' } });

describe('the Origin check', () => {
  it('refuses an origin that only shares the host, or only starts like it', async () => {
    for (const origin of [
      'https://app.internal:3000',
      'http://app.internal:3000.evil.example',
      'http://app.internal',
      'http://app.internal:3001',
      'null',
      'http://evil.example',
      'https://high5.school.example.evil.example',
      'http://high5.school.example',
    ]) {
      const res = await write(origin);
      expect(res.status, origin).toBe(403);
      expect(res.json.ErrorCode, origin).toBe('CSRF_REJECTED');
    }
  });

  it("accepts the exact scheme, host and port the request reached, or PUBLIC_URL's", async () => {
    expect((await write('http://app.internal:3000')).status).toBe(200);
    expect((await write('https://high5.school.example')).status).toBe(200);
    expect((await write('http://localhost', 'localhost:80')).status).toBe(200);
  });
});

describe('the Origin check behind a trusted proxy', () => {
  it('never takes the host from X-Forwarded-Host: a client names any host there', async () => {
    const proxied = await buildTestApp({ PUBLIC_URL: 'https://high5.school.example', TRUST_PROXY: 'loopback' });
    const school = await buildSchool(proxied.app);
    const student = await buildUser(proxied.app, { schoolId: school.id, role: 'student' });
    const own = await sessionFor(proxied.app, student.id, school.id);
    const send = (headers: Record<string, string>) =>
      proxied.call('POST', '/v1/journal', { cookie: own, headers: { host: 'app.internal:3000', ...headers }, body: { heading: 'Hi', description: 'Text' } });
    const forged = await send({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(forged.status).toBe(403);
    expect(forged.json.ErrorCode).toBe('CSRF_REJECTED');
    // PUBLIC_URL's origin and the Host header's still pass, through the proxy too.
    expect((await send({ origin: 'https://high5.school.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await send({ origin: 'https://app.internal:3000', 'x-forwarded-proto': 'https' })).status).toBe(200);
    const written = await proxied.app.services.db.selectFrom('journalEntries').select('id').where('userId', '=', student.id).execute();
    expect(written).toHaveLength(2);
    await proxied.close();
  });
});

describe('Cache-Control', () => {
  it('every API answer, success or failure, signed in or not, says no-store', async () => {
    await write('http://app.internal:3000');
    for (const [url, who] of [
      ['/v1/journal?dateRange=2026-10-01_2026-10-15', cookie],
      ['/v1/profile', cookie],
      ['/v1/auth/session', cookie],
      ['/v1/health', undefined],
      ['/v1/journal', undefined],
    ] as const) {
      const res = await t.call('GET', url, who ? { cookie: who } : {});
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const failed = await t.call('POST', '/v1/auth/sign-in', { body: { login: 'x' } });
    expect(failed.status).toBe(400);
    expect(failed.headers['cache-control']).toBe('no-store');
  });
});
