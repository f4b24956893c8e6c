import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every migration not yet applied, in file-name order, each in its own
 * transaction together with its bookkeeping row. Forward-only: there is no down.
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const applied = new Set(
    (await database.db.selectFrom('schemaMigrations').select('name').execute()).map((row) => row.name),
  );
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const script = await readFile(migrationsDir + file, 'utf8');
    const name = file.replace(/'/g, "''");
    try {
      await database.exec(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    } catch (error) {
      await database.exec('ROLLBACK').catch(() => {});
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    }
    ran.push(file);
  }
  return ran;
}
