import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('probes when the database is gone', () => {
  it('liveness still answers 200 (degraded); readiness answers 503', async () => {
    const lost = await buildTestApp();
    await lost.app.services.database.close();
    const health = await lost.call('GET', '/v1/health');
    expect(health.status).toBe(200);
    expect(health.json.ResponseData).toMatchObject({ status: 'degraded', database: 'down' });
    const ready = await lost.call('GET', '/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.ResponseData).toEqual({ ready: false, database: 'down', pendingMigrations: null });
    await lost.close().catch(() => {});
  });

  it('with METRICS_TOKEN set, /metrics asks for it, from anywhere', async () => {
    const token = 'a-long-metrics-token-1234';
    const other = await buildTestApp({ METRICS_TOKEN: token });
    expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token1' } })).statusCode).toBe(403);
    const res = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    await other.close();
  });
});

describe('system', () => {
  it('when the database is up, health reports it', async () => {
    const res = await t.call('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ErrorCode: 'err_0', ResponseData: { status: 'ok', database: 'up' } });
  });

  it('the readiness probe fails while a migration is pending, and passes once it is applied', async () => {
    const [last] = await t.app.services.db.selectFrom('schemaMigrations').selectAll().orderBy('name', 'desc').limit(1).execute();
    await t.app.services.db.deleteFrom('schemaMigrations').where('name', '=', last!.name).execute();
    const pending = await t.call('GET', '/v1/health/ready');
    expect(pending.status).toBe(503);
    expect(pending.json.ResponseData).toEqual({ ready: false, database: 'up', pendingMigrations: 1 });
    await t.app.services.db.insertInto('schemaMigrations').values(last!).execute();
    const ready = await t.call('GET', '/v1/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json.ResponseData).toEqual({ ready: true, database: 'up', pendingMigrations: 0 });
  });

  it('serves /metrics in the Prometheus format to loopback clients only', async () => {
    await t.call('GET', '/v1/health');
    await t.call('GET', '/v1/nothing-here');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/high5_http_requests_total\{method="GET",route="\/v1\/health",status="200"\} \d+/);
    expect(res.body).toMatch(/high5_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(res.body).toContain('high5_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/health",status="200"}');
    expect(res.body).toMatch(/high5_db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain('# TYPE high5_jobs_queued gauge');
    expect(res.body).toContain('high5_process_cpu_seconds_total');

    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    // A proxy on this machine forwards outsiders from loopback: refused too.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    // A proxy that names its client in another header (nginx's X-Real-IP, Forwarded, a CDN's) is a proxy too.
    for (const header of ['x-real-ip', 'forwarded', 'x-forwarded-host', 'true-client-ip', 'cf-connecting-ip', 'x-client-ip', 'via']) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/metrics', headers: { [header]: header === 'via' ? '1.1 proxy' : '203.0.113.9' } })).statusCode,
        header,
      ).toBe(403);
    }
  });

  it('counts jobs by kind and outcome in /metrics', async () => {
    t.app.services.jobs.register('test.metrics', async (payload) => {
      if (payload.fail) throw new Error('no');
    });
    await t.app.services.jobs.enqueue(t.app.services.db, 'test.metrics', {});
    await t.app.services.jobs.enqueue(t.app.services.db, 'test.metrics', { fail: true });
    await t.app.services.jobs.runDue();
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toContain('high5_jobs_total{kind="test.metrics",outcome="done"} 1');
    expect(body).toContain('high5_jobs_total{kind="test.metrics",outcome="retry"} 1');
    expect(body).toContain('high5_jobs_queued{kind="test.metrics",state="waiting"} 1');
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
    await t.app.services.db
      .insertInto('recognitions')
      .values([
        { ...row, kind: 'high5' },
        { ...row, kind: 'high5' },
        { ...row, kind: 'vibe' },
      ])
      .execute();
    const res = await t.call('GET', '/v1/high5s/count', { cookie: await sessionFor(t.app, a.id) });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ high5sCount: 2 });

    await t.app.services.db
      .insertInto('recognitions')
      .values({ ...row, kind: 'high5' })
      .execute();
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
