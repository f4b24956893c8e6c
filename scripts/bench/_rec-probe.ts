// Temporary probe (not a scenario: files starting with _ are skipped by bench.ts).
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openPostgres } from '../../apps/server/src/db/database.js';
import { registerBenchRoutes } from '../../apps/server/src/modules/system/bench-routes.js';
import { sessionFor } from '../../apps/server/src/test/factories.js';

const database = await openPostgres(process.env.BENCH_DATABASE_URL!, { max: 10 });
await (await import('../../apps/server/src/db/migrate.js')).migrate(database);
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/recbench', DEMO: 'false', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', PUBLIC_URL: 'http://127.0.0.1' });
const app = await buildApp({ config, database, logger: false });
registerBenchRoutes(app);
await app.ready();
const db = app.services.db;
const teacher = await db.selectFrom('users').select('id').where('email', '=', 'teacher1@large.high5.test').executeTakeFirstOrThrow();
const m = await db.selectFrom('schoolMemberships as m').innerJoin('schools as s', 's.id', 'm.schoolId').select('m.schoolId').where('m.userId', '=', teacher.id).where('s.name', '=', 'Oak Grove Elementary').executeTakeFirstOrThrow();
const giver = await db.selectFrom('schoolMemberships').select('userId').where('schoolId', '=', m.schoolId).where('role', '=', 'teacher').where('userId', '<>', teacher.id).executeTakeFirstOrThrow();
await db.updateTable('schools').set({ dailyGiveLimit: 1000 }).where('id', '=', m.schoolId).execute();
const cookie = await sessionFor(app, giver.userId, m.schoolId);
const cat = await db.selectFrom('categories').select('id').where('key', '=', 'kindness').executeTakeFirstOrThrow();
const body = { kind: 'high5', recipientId: teacher.id, categoryIds: [cat.id], comment: 'bench give' };
async function time(name: string, fn: () => Promise<unknown>, n = 300) {
  for (let i = 0; i < 30; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(name, ((performance.now() - t0) / n).toFixed(3), 'ms');
}
try {
for (let round = 0; round < 2; round++) {
  if (process.env.ONLY_READS !== '1') await time('bare insert', async () => { const r = await app.inject({ method: 'POST', url: '/v1/bench/insert', payload: {}, headers: { cookie } }); if (r.statusCode !== 200) throw new Error(r.body); });
  if (process.env.ONLY_READS !== '1') await time('give', async () => { const r = await app.inject({ method: 'POST', url: '/v1/recognitions', payload: body, headers: { cookie } }); if (r.statusCode !== 200) throw new Error(r.body); });
  await time('select1', async () => { await app.inject({ method: 'GET', url: '/v1/bench/select1', headers: { cookie } }); });
  const tcookie = await sessionFor(app, teacher.id, m.schoolId);
  await time('received', async () => { const r = await app.inject({ method: 'GET', url: '/v1/recognition/received?kind=high5', headers: { cookie: tcookie } }); if (r.statusCode !== 200) throw new Error(r.body); });
  await time('recipients', async () => { const r = await app.inject({ method: 'GET', url: '/v1/recognition/recipients?role=student&limit=10', headers: { cookie: tcookie } }); if (r.statusCode !== 200) throw new Error(r.body); });
  await time('dashboard', async () => { const r = await app.inject({ method: 'GET', url: '/v1/recognition/dashboard', headers: { cookie: await Promise.resolve(cookie) } }); if (r.statusCode !== 200) throw new Error(r.body); });
}
} finally {
await db.deleteFrom('recognitions').where('comment', 'in', ['bench give', 'bench']).execute();
await db.deleteFrom('dailyGiveCounts').where('userId', '=', giver.userId).execute();
await db.updateTable('schools').set({ dailyGiveLimit: 20 }).where('id', '=', m.schoolId).execute();
await db.deleteFrom('sessions').where('userId', '=', giver.userId).execute();
await app.close();
await database.close();
}
