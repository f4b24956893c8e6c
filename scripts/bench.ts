/**
 * `npm run bench [-- --only=<text>] [-- --duration=<seconds>] [-- --connections=<n>] [-- --pairs=<n>] [-- --page-runs=<n>] [-- --verbose] [-- --no-splash] [-- --enumeration-tries=<n>]`
 *
 * Starts the real server in this process and loads it with autocannon (in a worker thread, so
 * the load generator does not share the server's event loop). With BENCH_DATABASE_URL it runs
 * on that PostgreSQL database, which must hold the large seed (`npm run seed:large`); without
 * it, on a fresh PGlite database in a temporary folder with the demo seed.
 *
 * Scenarios live in scripts/bench/<area>.ts, each exporting `scenarios` (see bench/types.ts);
 * every file there is picked up. Bare endpoints to compare with are in
 * apps/server/src/modules/system/bench-routes.ts, registered here only.
 *
 * A scenario's cost against its baseline is measured in `--pairs` (3) short pairs run back to back
 * (baseline, then scenario, duration / pairs seconds each) and reported as the median of the pairs'
 * ratios with their spread: on a shared 2-core machine the baseline alone varies by a third from one
 * minute to the next, so a ratio of two runs minutes apart says more about the minute than the code.
 *
 * Then, when the web app is built (`npm run build`), `page-load` (bench/_page-load.ts): a student
 * signs in through Chromium on a throttled school-Wi-Fi profile, cold cache, `--page-runs` (3) times;
 * `--only=page-load` runs it alone.
 *
 * Last, `enumeration` (bench/_enumeration.ts): sign-in, sign-up and forgot password timed for an
 * existing and an unknown account, `--enumeration-tries` (100) alternating calls each, medians compared.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp, webDist } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPGlite, openPostgres, type Database } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../apps/server/src/db/seed/demo.js';
import { LARGE_PASSWORD } from '../apps/server/src/db/seed/large.js';
import { registerBenchRoutes } from '../apps/server/src/modules/system/bench-routes.js';
import type { Services } from '../apps/server/src/services/index.js';
import { enumerationTable, measureEnumeration } from './bench/_enumeration.js';
import { measurePageLoad, pageLoadTable } from './bench/_page-load.js';
import { sessionFor } from './bench/_session.js';
import type { BenchAccount, BenchContext, BenchRequest, Scenario } from './bench/types.js';

interface Measure {
  rps: number;
  p50: number;
  /** autocannon has no p95: it lies between p90 and p97.5, both shown. */
  p90: number;
  p97_5: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const duration = Number(args.duration ?? 9);
const connections = Number(args.connections ?? 10);
const pairs = Number(args.pairs ?? 3);
const warmup = 1;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Loads the server for `seconds`; autocannon runs in a worker thread, away from the server's event loop. */
async function load(baseUrl: string, requests: BenchRequest[], seconds: number, conns = connections): Promise<Measure> {
  const r = await autocannon({
    url: baseUrl,
    connections: conns,
    duration: seconds,
    workers: 1,
    requests: requests.map((q) => ({
      method: q.method ?? 'GET',
      path: q.path,
      headers: { ...(q.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(q.headers ?? {}) },
      ...(q.body !== undefined ? { body: JSON.stringify(q.body) } : {}),
    })),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function account(services: Services, login: string, schoolName: string): Promise<BenchAccount> {
  const row = await services.db
    .selectFrom('users as u')
    .innerJoin('schoolMemberships as m', 'm.userId', 'u.id')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select(['u.id', 'm.schoolId'])
    .where('u.email', '=', login)
    .where('s.name', '=', schoolName)
    .executeTakeFirst();
  if (!row) throw new Error(`${login} is missing from the database`);
  return { id: row.id, login, schoolId: row.schoolId, cookie: await sessionFor(services, row.id, row.schoolId) };
}

async function loadScenarios(): Promise<Scenario[]> {
  const dir = new URL('./bench/', import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'types.ts' && !f.startsWith('_'))
    .sort((a, b) => (a === 'system.ts' ? -1 : b === 'system.ts' ? 1 : a.localeCompare(b)));
  const all: Scenario[] = [];
  for (const file of files) {
    const module = (await import(new URL(file, dir).href)) as { scenarios?: Scenario[] };
    all.push(...(module.scenarios ?? []));
  }
  return all;
}

/** The median of the pairs' throughput ratios (scenario / baseline), and their range. */
function pairedShare(shares: number[]) {
  const sorted = [...shares].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

function table(rows: { scenario: Scenario; m: Measure; shares?: number[] }[]) {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const pct = (n: number) => `${Math.round(n * 100)} %`;
  const lines = rows.map(({ scenario, m, shares }) => {
    const share = shares?.length ? pairedShare(shares) : undefined;
    const ratio = share ? `${pct(share.median)} of its req/s (${shares!.length} pairs: ${pct(share.min)}-${pct(share.max)})` : '';
    const problems = m.errors + m.non2xx > 0 ? `  !! ${m.non2xx} non-2xx, ${m.errors} errors` : '';
    return [
      scenario.name,
      fmt(scenario.connections ?? connections),
      fmt(m.rps),
      fmt(m.p50, 1),
      fmt(m.p90, 1),
      fmt(m.p97_5, 1),
      fmt(m.p99, 1),
      ratio + problems,
    ];
  });
  const header = ['scenario', 'conns', 'req/s', 'p50 ms', 'p90 ms', 'p97.5 ms', 'p99 ms', 'vs baseline, paired'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [row(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(row)].join('\n');
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'high5-bench-'));
  let database: Database;
  if (url) {
    database = await openPostgres(url, { max: 10 });
    await migrate(database);
    log(`Database: PostgreSQL ${new URL(url).pathname.slice(1)} (BENCH_DATABASE_URL), expecting the large seed.`);
  } else {
    database = await openPGlite({ dataDir: join(dataDir, 'pglite') });
    await migrate(database);
    log(`Database: fresh PGlite in ${dataDir} with the demo seed (set BENCH_DATABASE_URL to a large-seeded PostgreSQL for the real numbers).`);
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp({ config, database, logger: false });
  // Ten connections of one user write far faster than a person: the write limit still counts
  // (its cost is part of every write) but must not be what stops the load.
  app.services.rateLimits.override('writes.user', { max: 1_000_000_000, perSeconds: 3600 });
  registerBenchRoutes(app);
  // Requests still running when autocannon stops must finish before a scenario's teardown.
  let inFlight = 0;
  app.addHook('onRequest', async () => void inFlight++);
  app.addHook('onResponse', async () => void inFlight--);
  const settle = async () => {
    for (let waited = 0; inFlight > 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  };
  try {
    if (!url) await seedDemoIfEmpty(app.services);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { services } = app;
    const accounts = url
      ? {
          teacher: await account(services, 'teacher1@large.high5.test', 'Oak Grove Elementary'),
          student: await account(services, 'student1@large.high5.test', 'Oak Grove Elementary'),
          admin: await account(services, 'teacher1@large.high5.test', 'Oak Grove Elementary'),
        }
      : {
          teacher: await account(services, 'teacher@demo.high5.test', 'Demo Elementary'),
          student: await account(services, 'student@demo.high5.test', 'Demo Elementary'),
          admin: await account(services, 'admin@demo.high5.test', 'Demo Elementary'),
        };
    const ctx: BenchContext = {
      baseUrl,
      database: database.kind,
      services,
      accounts,
      sessionFor: (userId, schoolId) => sessionFor(services, userId, schoolId),
    };
    const counts = await services.db
      .selectFrom('recognitions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    log(
      `${counts.n.toLocaleString('en-US')} recognitions; acting as ${accounts.teacher.login} and ${accounts.student.login}; ${connections} connections, ${warmup} s warm-up + ${duration} s per scenario.`,
    );

    // --only=<text> keeps the scenarios whose name holds the text, and the baselines they name.
    const all = await loadScenarios();
    const chosen = all.filter((s) => !args.only || s.name.includes(args.only));
    const wanted = all.filter((s) => chosen.includes(s) || chosen.some((c) => c.baseline === s.name));
    const results: { scenario: Scenario; m: Measure; shares?: number[] }[] = [];
    // A baseline's requests stay ready for the pairs; its teardown runs after the last scenario
    // that compares with it, so what it wrote (the bare insert's High 5s to the teacher) is not
    // in the data later scenarios read.
    const baselines = new Map<string, { scenario: Scenario; state: unknown; requests: BenchRequest[] }>();
    const lastUse = new Map(wanted.flatMap((s, i) => (s.baseline ? [[s.baseline, i] as const] : [])));
    // What a teardown deleted would otherwise leave dead rows that slow the next scenarios' index
    // scans until autovacuum came by: a cost of the bench, not of the product.
    const tearDown = async (scenario: Scenario, state: unknown) => {
      await scenario.teardown?.(ctx, state);
      if (scenario.teardown && database.kind === 'postgres') await sql`VACUUM ANALYZE`.execute(services.db);
    };
    for (const [index, scenario] of wanted.entries()) {
      const state = scenario.setup ? await scenario.setup(ctx) : undefined;
      const request = scenario.request(ctx, state);
      const requests = Array.isArray(request) ? request : [request];
      await load(baseUrl, requests, warmup, scenario.connections);
      const m = await load(baseUrl, requests, duration, scenario.connections);
      await settle();
      const base = scenario.baseline ? baselines.get(scenario.baseline) : undefined;
      const shares: number[] = [];
      for (let pair = 0; base && pair < pairs; pair++) {
        const b = await load(baseUrl, base.requests, duration / pairs, base.scenario.connections);
        await settle();
        const own = await load(baseUrl, requests, duration / pairs, scenario.connections);
        await settle();
        if (b.rps > 0) shares.push(own.rps / b.rps);
      }
      const isBaseline = wanted.some((s) => s.baseline === scenario.name);
      if (isBaseline) baselines.set(scenario.name, { scenario, state, requests });
      else await tearDown(scenario, state);
      for (const [name, done] of baselines) {
        if (lastUse.get(name) !== index) continue;
        await tearDown(done.scenario, done.state);
        baselines.delete(name);
      }
      log(
        `  ${scenario.name}: ${Math.round(m.rps)} req/s${shares.length ? `, ${shares.map((r) => `${Math.round(r * 100)} %`).join(' / ')} of ${scenario.baseline} in pairs` : ''}`,
      );
      results.push({ scenario, m, shares });
    }
    for (const { scenario, state } of baselines.values()) await tearDown(scenario, state);
    if (results.length) process.stdout.write(`\n${table(results)}\n\n`);
    if (!args.only || 'page-load'.includes(args.only)) {
      if (!existsSync(join(webDist, 'index.html'))) log('page-load: skipped, the web app is not built (npm run build).');
      else
        process.stdout.write(
          `${pageLoadTable(await measurePageLoad(baseUrl, accounts.student.login, url ? LARGE_PASSWORD : DEMO_PASSWORD, Number(args['page-runs'] ?? 3), 'verbose' in args, 'no-splash' in args))}\n\n`,
        );
    }
    if (!args.only || 'enumeration'.includes(args.only)) {
      const tries = Number(args['enumeration-tries'] ?? 100);
      process.stdout.write(`${enumerationTable(await measureEnumeration(app, tries), tries)}\n\n`);
    }
    await services.db.deleteFrom('sessions').where('userId', 'in', [accounts.teacher.id, accounts.student.id, accounts.admin.id]).execute();
    if (results.some((r) => r.m.non2xx + r.m.errors > 0)) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`The bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
