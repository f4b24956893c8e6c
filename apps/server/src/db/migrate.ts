import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database, Db } from './database.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The advisory lock every High5 process takes around its migrations ("High5" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x486967683500;

/**
 * Applies every migration not yet applied, in file-name order, each in its own
 * transaction together with its bookkeeping row. Forward-only: there is no down.
 * On PostgreSQL several processes may start together: they take turns on an advisory
 * lock, held on one connection, and each reads what is applied only once it holds it,
 * so every migration runs once. (PGlite has a single owner: its data directory's lock.)
 */
export async function migrate(database: Database): Promise<string[]> {
  if (database.kind !== 'postgres') return applyPending(database.db, (script) => database.exec(script));
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      // Scripts without parameters go through the simple protocol, which runs several statements.
      return await applyPending(connection, async (script) => void (await sql.raw(script).execute(connection)));
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

async function applyPending(db: Db, exec: (script: string) => Promise<void>): Promise<string[]> {
  await exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const applied = new Set((await db.selectFrom('schemaMigrations').select('name').execute()).map((row) => row.name));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const script = await readFile(migrationsDir + file, 'utf8');
    const name = file.replace(/'/g, "''");
    try {
      await exec(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    } catch (error) {
      await exec('ROLLBACK').catch(() => {});
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    }
    ran.push(file);
  }
  return ran;
}

/** Migration files not yet applied to this database (the readiness probe fails while any are). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql'));
  const applied = new Set((await database.db.selectFrom('schemaMigrations').select('name').execute()).map((row) => row.name));
  return files.filter((f) => !applied.has(f)).sort();
}
