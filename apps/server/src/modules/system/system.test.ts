import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('when the database is up, health reports it', async () => {
    const res = await t.call('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ErrorCode: 'err_0', ResponseData: { status: 'ok', database: 'up' } });
  });

  it('when signed out, the High 5 count answers 401', async () => {
    const res = await t.call('GET', '/v1/high5s/count');
    expect(res.status).toBe(401);
    expect(res.json.ErrorCode).toBe('UNAUTHENTICATED');
  });

  it('when signed in, the High 5 count counts High 5s and not Vibes', async () => {
    const school = await buildSchool(t.app);
    const a = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const b = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const row = { schoolId: school.id, giverId: a.id, giverRole: 'teacher', receiverId: b.id, receiverRole: 'student', schoolDate: '2026-10-15' };
    await t.app.services.db.insertInto('recognitions').values([{ ...row, kind: 'high5' }, { ...row, kind: 'high5' }, { ...row, kind: 'vibe' }]).execute();
    const res = await t.call('GET', '/v1/high5s/count', { cookie: await sessionFor(t.app, a.id) });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ high5sCount: 2 });

    await t.app.services.db.insertInto('recognitions').values({ ...row, kind: 'high5' }).execute();
    t.clock.advance(31_000);
    const later = await t.call('GET', '/v1/high5s/count', { cookie: await sessionFor(t.app, a.id) });
    expect(later.json.ResponseData).toEqual({ high5sCount: 3 });
  });

  it('when only background polls arrive, the session still ends after 30 idle minutes', async () => {
    const user = await buildUser(t.app);
    const cookie = await sessionFor(t.app, user.id);
    const poll = { cookie, headers: { 'x-high5-background': '1' } };
    for (let minute = 0; minute < 30; minute += 2) {
      t.clock.advance(2 * 60_000);
      await t.call('GET', '/v1/high5s/count', poll);
    }
    t.clock.advance(60_000);
    expect((await t.call('GET', '/v1/high5s/count', poll)).status).toBe(401);
  });

  it('when a path is unknown under /v1, it answers 404 in the envelope', async () => {
    const res = await t.call('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json.ErrorCode).toBe('NOT_FOUND');
  });

  it('when the body is malformed JSON, it answers 400, not 500', async () => {
    const res = await t.call('POST', '/v1/auth/sign-in', { body: '{"login":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('when a write comes from another site, it is refused', async () => {
    const res = await t.call('POST', '/v1/auth/sign-out', { headers: { origin: 'https://evil.example', host: 'localhost:80' } });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('CSRF_REJECTED');
  });

  it('serves the OpenAPI document with every contract endpoint', async () => {
    const res = await t.call('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json).toHaveProperty('openapi', '3.1.0');
    expect(Object.keys((res.json as unknown as { paths: object }).paths)).toContain('/v1/high5s/count');
  });

  it('sets strict security headers', async () => {
    const res = await t.call('GET', '/v1/health');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
