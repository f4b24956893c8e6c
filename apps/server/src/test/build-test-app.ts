import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres, type Database } from '../db/database.js';
import { TestClock, type Clock } from '../services/clock.js';
import { freshDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL database's address (unset on PGlite): server processes of a test connect to it. */
  databaseUrl?: string;
  clock: TestClock;
  /** Calls the API through the real HTTP layer; `cookie` signs the request in; `remoteAddress` is the caller's address (default 127.0.0.1). */
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { body?: unknown; cookie?: string; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; json: Envelope; headers: Record<string, unknown>; cookie?: string }>;
  close(): Promise<void>;
}

interface Envelope {
  ErrorCode: string;
  ResponseData: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  body: string;
  issues?: { path: string; code: string }[];
}

/** Builds the real application on a fresh database of its own. */
export async function buildTestApp(env: Record<string, string> = {}, options: { clock?: Clock; webRoot?: string } = {}): Promise<TestApp> {
  const [app] = await buildTestApps(1, env, options);
  return app!;
}

/**
 * Builds `count` applications on one fresh database, as several server processes would run
 * on one PostgreSQL: each has its own connection pool and its own in-memory state, and they
 * share one clock and one rate-limit namespace (which keeps them apart from other test files
 * on a shared Redis). On PGlite they share the one embedded database.
 */
export async function buildTestApps(count: number, env: Record<string, string> = {}, options: { clock?: Clock; webRoot?: string } = {}): Promise<TestApp[]> {
  const { database, drop, url } = await freshDatabase();
  const clock = new TestClock(new Date('2026-10-15T16:00:00Z'));
  const namespace = `high5-test-${randomBytes(6).toString('hex')}`;
  const extra: Database[] = [];
  const apps: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    let own = database;
    if (i > 0 && url) {
      own = await openPostgres(url, { max: 20 });
      extra.push(own);
    }
    apps.push({ ...(await buildOne(own, clock, options.clock ?? clock, namespace, env, options.webRoot)), ...(url ? { databaseUrl: url } : {}) });
  }
  let closed = 0;
  for (const t of apps) {
    const close = t.close;
    t.close = async () => {
      await close();
      // The database goes when the last of the apps closes.
      if (++closed === apps.length) {
        for (const d of extra) await d.close();
        await drop();
      }
    };
  }
  return apps;
}

/** `clock` is the test's; `appClock` the app's (the same, or the real clock for tests with server processes). */
async function buildOne(
  database: Database,
  clock: TestClock,
  appClock: Clock,
  namespace: string,
  env: Record<string, string>,
  webRoot?: string,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'high5-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, clock: appClock, logger: false, rateLimitNamespace: namespace, ...(webRoot ? { webRoot } : {}) });
  await app.ready();
  return {
    app,
    clock,
    async call(method, url, options = {}) {
      const response = await app.inject({
        method,
        url,
        headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.headers ?? {}) },
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
      });
      const setCookie = response.cookies.find((c) => c.name === 'high5_session');
      let json: Envelope;
      try {
        json = response.json();
      } catch {
        json = { ErrorCode: 'NOT_JSON', ResponseData: response.body, body: '' };
      }
      return { status: response.statusCode, json, headers: response.headers, ...(setCookie ? { cookie: `high5_session=${setCookie.value}` } : {}) };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
