import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPGlite, openPostgres, type Database } from '../db/database.js';

// One template per test run (the global setup names it), so parallel runs never share one.
const RUN = process.env.HIGH5_TEST_RUN ?? 'local';
export const TEMPLATE_DB = `high5_tpl_${RUN}`;
export const templateFile = fileURLToPath(new URL(`../../../../.tmp/pglite-template-${RUN}.tar`, import.meta.url));

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database for one test file: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPGlite({ loadDataDir: new Blob([readFileSync(templateFile)]) });
    return { database, drop: () => database.close() };
  }
  const name = `high5_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  const database = await openPostgres(withDatabase(url, name), { max: 20 });
  return {
    database,
    // Another server process would connect here (tests of state shared between processes).
    url: withDatabase(url, name),
    drop: async () => {
      await database.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
