import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { openPGlite, openPostgres } from '../db/database.js';
import { migrate } from '../db/migrate.js';

/** Migrates one database once per run; every test file then starts from a copy of it. */
export default async function setup() {
  // Set before the workers start, so they inherit it and find this run's template.
  process.env.HIGH5_TEST_RUN = String(process.pid);
  const { TEMPLATE_DB, templateFile, withDatabase } = await import('./databases.js');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await openPostgres(url, { max: 1 });
    await admin.exec(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.exec(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.close();
    const template = await openPostgres(withDatabase(url, TEMPLATE_DB), { max: 1 });
    await migrate(template);
    await template.close();
    return async () => {
      const cleanup = await openPostgres(url, { max: 1 });
      await cleanup.exec(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await cleanup.close();
    };
  }
  const database = await openPGlite();
  await migrate(database);
  const dump = await (database as unknown as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite.dumpDataDir('none');
  mkdirSync(templateFile.replace(/\/[^/]+$/, ''), { recursive: true });
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return () => rmSync(templateFile, { force: true });
}
