import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { resetLimits } from '../modules/auth/test-factories.js';
import { builtinCategories } from '../modules/recognition/give/test-factories.js';
import { WRITE_LIMIT_NAMES } from '../plugins/rate-limits.js';
import { buildTestApps, type TestApp } from '../test/build-test-app.js';
import { withDatabase } from '../test/databases.js';
import { buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../test/factories.js';

// Several server processes on one PostgreSQL: two applications, each with its own
// connection pool and memory, on one database. What one of them counts, the other sees.

const url = process.env.TEST_DATABASE_URL;
if (!url)
  console.info('shared-state.test.ts: the two-application tests need PostgreSQL (TEST_DATABASE_URL); on the embedded database one process is all there is.');

describe.skipIf(!!url)('the embedded database', () => {
  it('keeps rate limits in memory: it has one process', async () => {
    const [only] = await buildTestApps(1);
    try {
      expect(only!.app.services.rateLimits.kind).toBe('memory');
    } finally {
      await only!.close();
    }
  });
});

describe.skipIf(!url)('two applications on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = (await buildTestApps(2)) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('keep their rate limits in the database', () => {
    expect(a.app.services.rateLimits.kind).toBe('postgres');
    expect(b.app.services.rateLimits.kind).toBe('postgres');
  });

  it('count one write limit: writes through one are seen by the other', async () => {
    const user = await buildUser(a.app);
    const cookie = await sessionFor(a.app, user.id);
    for (const t of [a, b]) t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.user, { max: 3, perSeconds: 600 });
    try {
      const save = (t: TestApp) => t.call('PUT', '/v1/auth/language', { body: { language: 'es' }, cookie });
      expect((await save(a)).status).toBe(200);
      expect((await save(b)).status).toBe(200);
      expect((await save(a)).status).toBe(200);
      const fourth = await save(b);
      expect(fourth.status).toBe(429);
      expect(fourth.headers['retry-after']).toBeDefined();
    } finally {
      for (const t of [a, b]) t.app.services.rateLimits.override(WRITE_LIMIT_NAMES.user);
      await resetLimits(a.app);
    }
  });

  it('share the sign-in throttle: an account throttled through one stays throttled on the other', async () => {
    const user = await buildUser(a.app);
    const signIn = (t: TestApp, password: string) =>
      t.call('POST', '/v1/auth/sign-in', { body: { login: user.email, password }, remoteAddress: '198.51.100.5' });
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? a : b, 'Wrong-pass1!')).status).toBe(401);
    const res = await signIn(b, TEST_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.json.ErrorCode).toBe('SIGNIN_THROTTLED');
    expect((await signIn(a, TEST_PASSWORD)).status).toBe(429);
  });

  it('hold the daily give limit with parallel gives split between them', async () => {
    const school = await buildSchool(a.app, { dailyGiveLimit: 5 });
    const [giver, receiver] = await Promise.all([
      buildUser(a.app, { schoolId: school.id, role: 'teacher' }),
      buildUser(a.app, { schoolId: school.id, role: 'student' }),
    ]);
    const [category] = await builtinCategories(a.app, 'high5');
    const cookie = await sessionFor(a.app, giver.id);
    const body = { kind: 'high5', recipientId: receiver.id, categoryIds: [category!.id], comment: '' };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).call('POST', '/v1/recognitions', { cookie, body })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(results.filter((r) => r.status === 429).every((r) => r.json.ErrorCode === 'DAILY_LIMIT_REACHED' && Number(r.headers['retry-after']) > 0)).toBe(true);
    const stored = await b.app.services.db.selectFrom('recognitions').select('id').where('giverId', '=', giver.id).execute();
    expect(stored).toHaveLength(5);
  });
});

describe.skipIf(!url)('migrations started by two processes at once', () => {
  it('run each migration once', async () => {
    const name = `high5_race_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url!, { max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const [one, two] = await Promise.all([openPostgres(withDatabase(url!, name), { max: 2 }), openPostgres(withDatabase(url!, name), { max: 2 })]);
    try {
      const [ranOne, ranTwo] = await Promise.all([migrate(one), migrate(two)]);
      const files = readdirSync(fileURLToPath(new URL('../db/migrations/', import.meta.url)))
        .filter((f) => f.endsWith('.sql'))
        .sort();
      // One process applied everything; the other, which waited for the lock, found nothing left.
      expect([...ranOne, ...ranTwo].sort()).toEqual(files);
      expect(Math.min(ranOne.length, ranTwo.length)).toBe(0);
      const rows = await one.db.selectFrom('schemaMigrations').select('name').execute();
      expect(rows.map((r) => r.name).sort()).toEqual(files);
    } finally {
      await one.close();
      await two.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });
});
