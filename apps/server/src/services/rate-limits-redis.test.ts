import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { WRITE_LIMIT_NAMES } from '../plugins/rate-limits.js';
import { buildTestApps, type TestApp } from '../test/build-test-app.js';
import { buildUser, sessionFor } from '../test/factories.js';
import { createRateLimits } from './rate-limits.js';

// The Redis store (REDIS_URL), against the machine's Redis; skipped, with the reason, without one.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable() {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const up = await reachable();
if (!up) console.info(`rate-limits-redis.test.ts: skipped, no Redis answers at ${REDIS_URL}.`);

describe.skipIf(!up)('rate limits on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = (await buildTestApps(2, { REDIS_URL })) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await a.app.services.rateLimits.reset();
    await a.close();
    await b.close();
  });

  it('count writes through two applications in one Redis, under their namespace', async () => {
    expect(a.app.services.rateLimits.kind).toBe('redis');
    const user = await buildUser(a.app);
    const cookie = await sessionFor(a.app, user.id);
    for (const t of [a, b]) t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.user, { max: 2, perSeconds: 600 });
    const save = (t: TestApp) => t.call('PUT', '/v1/auth/language', { body: { language: 'es' }, cookie });
    expect((await save(a)).status).toBe(200);
    expect((await save(b)).status).toBe(200);
    const third = await save(a);
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(590);

    const client = new Redis(REDIS_URL);
    try {
      const keys = await client.keys('high5-test-*');
      expect(keys.some((k) => k.endsWith(`:${WRITE_LIMIT_NAMES.user}:u:${user.id}`))).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it('forgets its own counters only when reset', async () => {
    await a.app.services.rateLimits.reset();
    const user = await buildUser(a.app);
    const cookie = await sessionFor(a.app, user.id);
    expect((await b.call('PUT', '/v1/auth/language', { body: { language: 'es' }, cookie })).status).toBe(200);
  });
});

describe('REDIS_URL', () => {
  it('stops the server with one clear line when Redis does not answer', async () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:1', DATA_DIR: '/tmp' });
    await expect(createRateLimits(config, { kind: 'pglite' } as never)).rejects.toThrow(/^Cannot connect to Redis at REDIS_URL \(127\.0\.0\.1:1\)/);
  });
});
