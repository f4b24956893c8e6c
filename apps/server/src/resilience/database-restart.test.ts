import { serverT } from '@high5/i18n';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { builtinCategories } from '../modules/admin/test-factories.js';
import { systemClock } from '../services/clock.js';
import { buildSchool, buildUser, sessionFor } from '../test/factories.js';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

// PostgreSQL restarted under a write load. It runs in the PostgreSQL suite, on a
// cluster of its own, so that restarting it disturbs no other test.
const unavailable = !process.env.TEST_DATABASE_URL ? 'it runs in the PostgreSQL suite (TEST_DATABASE_URL)' : privatePostgresUnavailable();
if (unavailable) console.log(`database restart test skipped: ${unavailable}`);

interface Answer {
  status: number;
  code: string | undefined;
  at: number;
}

let cluster: PrivatePostgres;
let database: Database;
let app: FastifyInstance;
let server: ServerProcess;

describe.runIf(!unavailable)('PostgreSQL restarted while gives and moods are written', () => {
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    database = await openPostgres(cluster.url, { max: 4 });
    await migrate(database);
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DEMO: 'false', LOG_LEVEL: 'silent' }), database, clock: systemClock, logger: false });
    server = await startServerProcess({ env: { DATABASE_URL: cluster.url } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await app?.close();
    await database?.close().catch(() => {});
    cluster?.destroy();
  });

  it('keeps every acknowledged write, answers 503 (never 500) while down, and recovers by itself within 10 s', async () => {
    const school = await buildSchool(app, { dailyGiveLimit: 1000, timeZone: 'UTC' });
    const teacher = await buildUser(app, { schoolId: school.id, role: 'teacher' });
    const teacherCookie = await sessionFor(app, teacher.id, school.id);
    const students = await Promise.all(Array.from({ length: 300 }, () => buildUser(app, { schoolId: school.id, role: 'student' })));
    const studentCookies = await Promise.all(students.map((s) => sessionFor(app, s.id, school.id)));
    const [category] = await builtinCategories(app, 'high5');

    const answers: Answer[] = [];
    const givenIds: number[] = [];
    const checkedIn: string[] = [];
    let nextStudent = 0;
    let running = true;
    const record = (res: { status: number; json: { ErrorCode?: string } | null }) => {
      answers.push({ status: res.status, code: res.json?.ErrorCode, at: Date.now() });
      return res.status;
    };
    const giver = async () => {
      for (let i = 0; running; i++) {
        const student = students[i % students.length]!;
        const res = await server.call('POST', '/v1/recognitions', {
          cookie: teacherCookie,
          body: { kind: 'high5', recipientId: student.id, categoryIds: [category!.id] },
        });
        if (record(res) === 200) givenIds.push(res.json.ResponseData.id);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const mooder = async () => {
      while (running && nextStudent < students.length) {
        const i = nextStudent++;
        const res = await server.call('POST', '/v1/moods', { cookie: studentCookies[i], body: { mood: 'smiley' } });
        if (record(res) === 200) checkedIn.push(students[i]!.id);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const writers = [giver(), giver(), mooder(), mooder()];

    await new Promise((resolve) => setTimeout(resolve, 1500));
    cluster.stop('immediate');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    cluster.start();
    const backAt = Date.now();
    const recovered = await (async () => {
      while (Date.now() - backAt < 20_000) {
        if (answers.some((a) => a.at > backAt && a.status === 200)) return Date.now() - backAt;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Infinity;
    })();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(writers);

    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    console.log(
      `database restart: ${answers.length} writes, ${answers.filter((a) => a.status === 200).length} acknowledged, ${answers.filter((a) => a.status === 503).length} answered 503; recovered ${recovered} ms after PostgreSQL was back`,
    );
    // On failure, the server's own words say why: its unexpected errors (a 500), then its last lines
    // (a crash shows as status 0: no answer).
    const unexpected = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"unexpected error"'));
    expect(statuses, [...unexpected.slice(0, 3), server.output().slice(-2000)].join('\n')).toEqual([200, 503]);
    expect(new Set(answers.filter((a) => a.status === 503).map((a) => a.code))).toEqual(new Set(['DB_UNAVAILABLE']));
    // The web app shows the code in the user's language.
    expect(serverT('en')('errors:DB_UNAVAILABLE')).not.toBe('DB_UNAVAILABLE');
    expect(serverT('es')('errors:DB_UNAVAILABLE')).not.toBe(serverT('en')('errors:DB_UNAVAILABLE'));
    expect(recovered).toBeLessThan(10_000);

    const gives = await app.services.db.selectFrom('recognitions').select('id').where('giverId', '=', teacher.id).execute();
    const storedGives = new Set(gives.map((r) => r.id));
    expect(givenIds.filter((id) => !storedGives.has(id))).toEqual([]);
    const moods = await app.services.db.selectFrom('moods').select('userId').where('schoolId', '=', school.id).execute();
    const storedMoods = new Set(moods.map((r) => r.userId));
    expect(checkedIn.filter((id) => !storedMoods.has(id))).toEqual([]);
    expect(givenIds.length).toBeGreaterThan(10);
    expect(checkedIn.length).toBeGreaterThan(10);
  }, 90_000);
});
