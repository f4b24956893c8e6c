/**
 * `npm run bench:backup`: backs up the largest school of BENCH_DATABASE_URL (which must hold the
 * large seed) the way the super admin's button does, and reports its time, size and the process's
 * memory while it streams (a school must never sit whole in memory: docs/decisions/0182). With
 * `-- --restore-into=postgres://…/empty_db` it then restores that file into a new school of that
 * other database (migrated here, as another High5 would be) and reports the time. The backup is
 * deleted afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { runRestore } from '../apps/server/src/modules/admin/backups/restore.js';
import { backupSchool, startUploadedRestore } from '../apps/server/src/modules/admin/backups/service.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));

const log = (line: string) => process.stderr.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database with the large seed (npm run seed:large)');
  const dataDir = mkdtempSync(join(tmpdir(), 'high5-bench-backup-'));
  const database = await openPostgres(url);
  await migrate(database);
  const app = await buildApp({
    config: loadConfig({ ...process.env, NODE_ENV: 'production', DEMO: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir }),
    database,
    logger: false,
  });
  const db = database.db;
  const school = await sql<{ id: string; name: string; members: number; recognitions: number; moods: number }>`
    select s.id, s.name,
      (select count(*)::int from school_memberships m where m.school_id = s.id) as members,
      (select count(*)::int from recognitions r where r.school_id = s.id) as recognitions,
      (select count(*)::int from moods o where o.school_id = s.id) as moods
    from schools s order by members desc limit 1`.execute(db);
  const target = school.rows[0];
  if (!target) throw new Error('no school in the database');
  const actor = await db.selectFrom('users').select('id').orderBy('createdAt').limit(1).executeTakeFirstOrThrow();
  log(`Backing up ${target.name}: ${target.members} members, ${target.recognitions} recognitions, ${target.moods} check-ins`);

  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  const backup = await db.transaction().execute((tx) => backupSchool(tx, app.services, actor.id, target.id, { includeJournals: false }));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  log(
    `${backup.rowCount} rows, ${mb(backup.sizeBytes)} gzip, in ${seconds.toFixed(1)} s; heap ${mb(base.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)}); RSS peak +${mb(peakRss - base.rss)}`,
  );
  process.stdout.write(`backup: ${backup.rowCount} rows in ${seconds.toFixed(1)} s, peak heap +${mb(peakHeap - base.heapUsed)}\n`);

  const row = await db.deleteFrom('schoolBackups').where('id', '=', backup.id).returning('storageKey').executeTakeFirstOrThrow();
  if (args['restore-into']) await restoreElsewhere(args['restore-into'], (await app.services.storage.getStream(row.storageKey))!, dataDir);
  await app.services.storage.delete(row.storageKey);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Restores the file into a new school of another database, as another High5 would. */
async function restoreElsewhere(url: string, file: NodeJS.ReadableStream, dataDir: string) {
  const database = await openPostgres(url);
  await migrate(database);
  const app = await buildApp({
    config: loadConfig({ ...process.env, NODE_ENV: 'production', DEMO: 'false', LOG_LEVEL: 'warn', DATA_DIR: join(dataDir, 'elsewhere') }),
    database,
    logger: false,
  });
  const db = database.db;
  const district = await db
    .insertInto('districts')
    .values({ name: `Bench restore ${Date.now()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slot = await db.insertInto('schools').values({ districtId: district.id, name: 'Restored' }).returning('id').executeTakeFirstOrThrow();
  const actor = await db
    .insertInto('users')
    .values({ email: `bench-${Date.now()}@example.test`, isSuperAdmin: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storageKey = 'restores/bench.ndjson.gz';
  await app.services.storage.putStream(storageKey, file as never, 'application/gzip');
  const restore = await db
    .transaction()
    .execute((tx) => startUploadedRestore(tx, app.services, actor.id, slot.id, { storageKey, fileName: 'bench.ndjson.gz' }));
  const started = performance.now();
  await runRestore(app.services, restore.id);
  const seconds = (performance.now() - started) / 1000;
  const done = await db.selectFrom('schoolRestores').select(['status', 'rowsDone', 'errorCode']).where('id', '=', restore.id).executeTakeFirstOrThrow();
  log(
    `Restore into another database: ${done.status}${done.errorCode ? ` (${done.errorCode})` : ''}, ${done.rowsDone} rows in ${seconds.toFixed(1)} s (${Math.round(done.rowsDone / seconds)} rows/s)`,
  );
  process.stdout.write(`restore: ${done.rowsDone} rows in ${seconds.toFixed(1)} s\n`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  log(String((error as Error).stack ?? error));
  process.exit(1);
});
