import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const main = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A real High5 server in a child process (`src/main.ts` through tsx), listening on a free port. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Sends a request; `cookie` signs it in. Never throws for a refused connection: status 0. */
  call(method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** SIGTERM and wait (a clean stop), or `signal` such as SIGKILL. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  /** Environment for the server (DATABASE_URL, SMTP_URL, JOBS_…); the rest defaults to a quiet test server. */
  env?: Record<string, string>;
  /** Folder for DATA_DIR (embedded database); a temporary one is made and removed otherwise. */
  dataDir?: string;
  /** How long to wait for the readiness probe. */
  readyTimeoutMs?: number;
}

/**
 * Starts `src/main.ts` on port 0 and waits until it says where it listens and its readiness
 * probe passes. Reusable by any test or bench that needs several real processes.
 */
export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const ownDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'high5-proc-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir ?? ownDir!,
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  });

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let url: string | undefined;
  while (!url) {
    const match = /High5 is running at (http:\/\/[^/\s]+)\//.exec(output);
    if (match) url = match[1]!;
    else if (ended) throw new Error(`server exited before listening:\n${output}`);
    else if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    } else await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const call: ServerProcess['call'] = async (method, path, callOptions = {}) => {
    try {
      const res = await fetch(url + path, {
        method,
        headers: {
          ...(callOptions.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(callOptions.cookie ? { cookie: callOptions.cookie } : {}),
          ...(method !== 'GET' ? { origin: url } : {}),
          ...callOptions.headers,
        },
        ...(callOptions.body !== undefined ? { body: JSON.stringify(callOptions.body) } : {}),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, json };
    } catch {
      return { status: 0, json: null };
    }
  };

  while ((await call('GET', '/v1/health/ready')).status !== 200) {
    if (ended) throw new Error(`server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    output: () => output,
    call,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}
