import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { Pacer } from '../modules/rostering/engine/pace.js';
import { RequestGauge } from './request-gauge.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('RequestGauge (docs/decisions/0485)', () => {
  it('a quiet server answers at once; a busy one when its last request ends, or at the bound', async () => {
    const gauge = new RequestGauge();
    let resolved = false;
    await gauge.quiet(10_000); // nothing in progress: no wait
    gauge.begin();
    gauge.begin();
    const waiting = gauge.quiet(10_000).then(() => (resolved = true));
    gauge.end();
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBe(false); // one request still in progress
    gauge.end();
    await waiting;
    expect(gauge.busy).toBe(false);

    gauge.begin(); // never ends: the wait is bounded
    const started = performance.now();
    await gauge.quiet(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(gauge.busy).toBe(true);
  });

  it("a sync's pacer waits for a never-quiet server at most as long as the sync has worked", async () => {
    const gauge = new RequestGauge();
    gauge.begin(); // a request that never ends
    const pacer = new Pacer(gauge);
    const started = performance.now();
    let worked = 0;
    for (let i = 0; i < 10; i++) {
      const from = performance.now();
      await new Promise((r) => setTimeout(r, 10)); // a step of work
      worked += performance.now() - from;
      await pacer.step();
    }
    const wall = performance.now() - started;
    expect(wall).toBeGreaterThan(worked * 1.5); // it did step aside
    expect(wall).toBeLessThanOrEqual(worked * 2 + 60); // within its budget (plus one timer's lateness)
  });

  it('the server counts each request once, answered, refused or failed', async () => {
    const gauge = t.app.services.requests;
    expect(gauge.busy).toBe(false);
    await t.call('GET', '/v1/health');
    await t.call('GET', '/v1/no-such-route');
    await t.call('GET', '/v1/me'); // 401 signed out
    await t.call('POST', '/v1/auth/sign-in', { body: { nonsense: true } }); // 400
    // The count drops when each response has gone (its onResponse may run just after inject answers).
    await expect.poll(() => gauge.busy).toBe(false);
  });
});
