/**
 * `npm run bench:morning [-- --students=2000] [-- --duration=15] [-- --connections=20]`
 *
 * A school morning: the students of one school check in their mood and open their
 * dashboard within a few minutes. Runs on BENCH_DATABASE_URL (PostgreSQL with the large seed)
 * against real server processes (`src/main.ts`): first two processes sharing the load, then one
 * with the same number of connections, and prints throughput, p50 and p99 per endpoint and
 * process count, and the ratio. When the largest school has fewer than --students students,
 * students of other schools join it for the run; their memberships and every check-in written
 * during the run are removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { hashToken } from '../apps/server/src/plugins/session.js';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const wanted = Number(args.students ?? 2000);
const duration = Number(args.duration ?? 15);
const connections = Number(args.connections ?? 20);
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Row {
  endpoint: string;
  processes: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database with the large seed (npm run seed:large).');
  const database = await openPostgres(url, { max: 4 });
  await migrate(database);
  const { db } = database;
  const school = await sql<{ id: string; name: string; students: number }>`select s.id, s.name, count(*)::int as students from schools s
    join school_memberships m on m.school_id = s.id and m.role = 'student' and m.status = 'active' group by s.id order by 3 desc, s.name limit 1`.execute(db);
  const { id: schoolId, name, students: have } = school.rows[0]!;
  // Students of other schools join this one for the run (a membership each, removed after):
  // adding accounts would mean deleting them later, which cascades through every table.
  const missing = Math.max(0, wanted - have);
  const guests = missing
    ? await sql<{ userId: string }>`insert into school_memberships (user_id, school_id, role, grade)
        select m.user_id, ${schoolId}, 'student', m.grade from school_memberships m
        where m.role = 'student' and m.status = 'active' and m.school_id <> ${schoolId}
          and not exists (select 1 from school_memberships o where o.user_id = m.user_id and o.school_id = ${schoolId})
        order by m.user_id limit ${missing} returning user_id`.execute(db)
    : { rows: [] };
  const students = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('schoolId', '=', schoolId)
    .where('role', '=', 'student')
    .where('status', '=', 'active')
    .orderBy('userId')
    .limit(wanted)
    .execute();
  const since = new Date();
  const cookies: string[] = [];
  for (const s of students) {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        tokenHash: hashToken(token),
        userId: s.userId,
        schoolId,
        createdAt: since,
        lastSeenAt: since,
        expiresAt: new Date(since.getTime() + 3_600_000),
      })
      .execute();
    cookies.push(`high5_session=${token}`);
  }
  log(`${name}: ${students.length} students (${guests.rows.length} from other schools for the run), ${connections} connections, ${duration} s per run.`);

  const rows: Row[] = [];
  try {
    for (const count of [2, 1]) {
      const servers: ServerProcess[] = [];
      for (let i = 0; i < count; i++)
        servers.push(
          await startServerProcess({
            env: { DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: 'http://127.0.0.1', JOBS_CONCURRENCY: '2' },
          }),
        );
      try {
        const each = Math.max(1, Math.floor(connections / (2 * count)));
        const runs = servers.flatMap((server) => [
          {
            endpoint: 'POST /v1/moods (check in)',
            server,
            requests: cookies.map((cookie) => ({
              method: 'POST' as const,
              path: '/v1/moods',
              headers: { cookie, origin: server.url, 'content-type': 'application/json' },
              body: JSON.stringify({ mood: 'smile' }),
            })),
          },
          {
            endpoint: 'GET /v1/recognition/dashboard',
            server,
            requests: cookies.map((cookie) => ({ method: 'GET' as const, path: '/v1/recognition/dashboard', headers: { cookie } })),
          },
        ]);
        const results = await Promise.all(runs.map((r) => autocannon({ url: r.server.url, connections: each, duration, workers: 1, requests: r.requests })));
        for (const endpoint of [...new Set(runs.map((r) => r.endpoint))]) {
          const mine = results.filter((_, i) => runs[i]!.endpoint === endpoint);
          rows.push({
            endpoint,
            processes: count,
            rps: mine.reduce((a, m) => a + m.requests.average, 0),
            // Each process's run has its own histogram: the slower one is shown.
            p50: Math.max(...mine.map((m) => m.latency.p50)),
            p99: Math.max(...mine.map((m) => m.latency.p99)),
            non2xx: mine.reduce((a, m) => a + m.non2xx, 0),
            errors: mine.reduce((a, m) => a + m.errors + m.timeouts, 0),
          });
        }
        log(`  ${count} process${count > 1 ? 'es' : ''} done`);
      } finally {
        for (const server of servers) await server.stop();
      }
    }
  } finally {
    log('  cleaning up');
    await db
      .deleteFrom('sessions')
      .where('createdAt', '>=', since)
      .where(
        'userId',
        'in',
        students.map((s) => s.userId),
      )
      .execute();
    await db.deleteFrom('moods').where('schoolId', '=', schoolId).where('checkedInAt', '>=', since).execute();
    if (guests.rows.length)
      await db
        .deleteFrom('schoolMemberships')
        .where('schoolId', '=', schoolId)
        .where(
          'userId',
          'in',
          guests.rows.map((g) => g.userId),
        )
        .execute();
    log('  cleaned up');
    await database.close();
  }
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
  const lines = rows.map((r) => {
    const single = rows.find((o) => o.endpoint === r.endpoint && o.processes === 1)!;
    const scale = r.processes > 1 ? `${fmt(r.rps / Math.max(single.rps, 1))}x one process` : '';
    const problems = r.non2xx + r.errors ? `  !! ${r.non2xx} non-2xx, ${r.errors} errors` : '';
    return `${r.endpoint.padEnd(32)} ${String(r.processes).padStart(9)} ${fmt(r.rps).padStart(8)} ${fmt(r.p50).padStart(7)} ${fmt(r.p99).padStart(7)}  ${scale}${problems}`;
  });
  process.stdout.write(`\n${'endpoint'.padEnd(32)} processes    req/s  p50 ms  p99 ms  scaling\n${lines.join('\n')}\n\n`);
  if (rows.some((r) => r.non2xx + r.errors > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`The bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
