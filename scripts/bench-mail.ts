/**
 * `npm run bench:mail [-- --count=2000]`: how many e-mails a second the job worker delivers to a
 * real SMTP server on this machine (the test SMTP catcher), through the same queue, pooled SMTP
 * transport and concurrency setting (JOBS_CONCURRENCY) the server uses. With BENCH_DATABASE_URL
 * the queue is on that PostgreSQL (the `jobs` table is used, then emptied); otherwise on a fresh
 * PGlite in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPGlite, openPostgres, type Database } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { startSmtpCatcher } from '../apps/server/src/test/smtp-catcher.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const count = Number(args.count ?? 2000);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  const catcher = await startSmtpCatcher();
  const dataDir = mkdtempSync(join(tmpdir(), 'high5-bench-mail-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database: Database = url ? await openPostgres(url) : await openPGlite({ dataDir: join(dataDir, 'pglite') });
  await migrate(database);
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DEMO: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SMTP_URL: catcher.url });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  log(`Mail: ${count} messages through the job queue on ${url ? 'PostgreSQL' : 'PGlite'}, concurrency ${config.jobs.concurrency}, to a local SMTP server`);

  // Queued as the app queues them: one job per message, in one transaction here.
  await database.db.transaction().execute(async (tx) => {
    for (let i = 0; i < count; i++)
      await app.services.mail.queue(tx, `reader-${i}@example.test`, i % 2 ? 'es' : 'en', 'auth:mail.resetCode', {
        code: String(100000 + i),
        name: 'Reader',
        minutes: 15,
      });
  });
  const started = performance.now();
  app.services.jobs.start(100);
  while (catcher.messages.length < count && performance.now() - started < 300_000) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  await app.services.jobs.stop();
  const distinct = new Set(catcher.messages.map((m) => m.to[0])).size;
  log(
    `Delivered ${catcher.messages.length} (${distinct} distinct recipients) in ${seconds.toFixed(2)} s: ${(catcher.messages.length / seconds).toFixed(1)} e-mails/s`,
  );
  process.stdout.write(`mail.send: ${(catcher.messages.length / seconds).toFixed(1)} e-mails/s\n`);

  if (url) await database.db.deleteFrom('jobs').where('kind', '=', 'mail.send').execute();
  await app.close();
  await database.close();
  await catcher.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (catcher.messages.length !== count || distinct !== count) process.exit(1);
}

main().catch((error: unknown) => {
  log(String((error as Error).stack ?? error));
  process.exit(1);
});
