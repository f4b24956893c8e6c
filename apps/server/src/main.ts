import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { StartupError, openDatabase } from './db/open.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './db/seed/demo.js';

async function main() {
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  const app = await buildApp({ config, database });
  if (config.demo) await seedDemoIfEmpty(app.services);
  app.services.jobs.start();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await app.services.jobs.stop();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    release();
    throw new StartupError(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `High5 is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/`,
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `Rate limits: ${{ memory: 'in memory (one process)', postgres: 'in PostgreSQL, shared by every process', redis: 'in Redis (REDIS_URL), shared by every process' }[app.services.rateLimits.kind]}`,
  ];
  if (config.demo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`, ...DEMO_ACCOUNTS.map((a) => `  ${a.login.padEnd(28)} ${a.what}`));
    if (!config.mail.smtpUrl) lines.push(`Mail goes to the dev outbox: http://${config.host}:${port}/dev/outbox`);
  }
  process.stdout.write(lines.join('\n') + '\n\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`High5 cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`High5 cannot start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
