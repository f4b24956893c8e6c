import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl on a free port), so that a test may stop
 * and restart it without disturbing the machine's shared server. Run as the `postgres` user when
 * the test runs as root (PostgreSQL refuses root).
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  const bin = postgresBin();
  if (!bin) return 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser to become postgres';
  return null;
}

function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(base, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'high5-pg-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const command = root ? (['/usr/sbin/runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] as const) : ([join(bin, program), args] as const);
    execFileSync(command[0], [...command[1]], { stdio: 'pipe', cwd: dir });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-instructions', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=on -c shared_buffers=16MB -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
