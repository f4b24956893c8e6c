import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TestClock } from '../services/clock.js';
import { freshDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  /** Calls the API through the real HTTP layer; `cookie` signs the request in. */
  call(method: InjectOptions['method'], url: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<{ status: number; json: Envelope; headers: Record<string, unknown>; cookie?: string }>;
  close(): Promise<void>;
}

interface Envelope {
  ErrorCode: string;
  ResponseData: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  body: string;
  issues?: { path: string; code: string }[];
}

/** Builds the real application on a fresh database of its own. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'high5-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  const clock = new TestClock(new Date('2026-10-15T16:00:00Z'));
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();
  return {
    app,
    clock,
    async call(method, url, options = {}) {
      const response = await app.inject({
        method,
        url,
        headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.headers ?? {}) },
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
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
