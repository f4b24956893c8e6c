import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { openPGlite, openPostgres, ping, type Database } from './database.js';
import { migrate } from './migrate.js';

export class StartupError extends Error {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite must have a single owner: a second server on the same folder would corrupt it. */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, 'high5.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new StartupError(`Another High5 server (pid ${pid}) is using the data directory ${resolve(dir)}. Stop it, or set DATA_DIR to another folder.`);
      }
      rmSync(lockFile, { force: true }); // left behind by a server that crashed
    }
  }
  throw new StartupError(`Could not lock the data directory ${resolve(dir)}.`);
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    try {
      await ping(database.db);
    } catch (error) {
      await database.close().catch(() => {});
      const url = new URL(config.databaseUrl);
      throw new StartupError(
        `Cannot connect to the database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ${(error as Error).message}`,
      );
    }
    await migrate(database);
    return { database, release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPGlite({ dataDir: join(config.dataDir, 'pglite') });
    await migrate(database);
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}
