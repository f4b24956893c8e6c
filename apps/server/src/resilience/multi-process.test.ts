import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCategories } from '../modules/admin/test-factories.js';
import { systemClock } from '../services/clock.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../test/factories.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';

// Several High5 processes on one PostgreSQL: whatever must be shared is shared.
const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log('multi-process tests skipped: they need PostgreSQL (TEST_DATABASE_URL); they run in the PostgreSQL suite');

const SLOW = 'slow-reader@example.test';
const LEASE_SECONDS = 2;

let t: TestApp;
let catcher: SmtpCatcher;
let servers: ServerProcess[] = [];

const until = async <T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.runIf(postgres)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    t = await buildTestApp({}, { clock: systemClock });
    // The slow reader's server acknowledges only after three leases: a worker without a renewed lease would send twice.
    catcher = await startSmtpCatcher({ answerDelayMs: (to) => (to.includes(SLOW) ? LEASE_SECONDS * 3000 : 0) });
    const env = { DATABASE_URL: t.databaseUrl!, SMTP_URL: catcher.url, JOBS_LEASE_SECONDS: String(LEASE_SECONDS) };
    servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await catcher?.close();
    await t?.close();
  });

  it('a throttled account stays throttled on the other process', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const user = await buildUser(t.app, { role: 'teacher' });
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++) {
      status = (await a.call('POST', '/v1/auth/sign-in', { body: { login: user.email, password: 'Wrong-pass-1!' } })).status;
    }
    expect(status).toBe(429);
    const other = await b.call('POST', '/v1/auth/sign-in', { body: { login: user.email, password: TEST_PASSWORD } });
    expect(other.status).toBe(429);
    expect(other.json.ErrorCode).toBe('SIGNIN_THROTTLED');
  });

  it('a per-address rate limit counts requests to both processes', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    let status = 0;
    let sent = 0;
    for (; sent < 500 && status !== 429; sent++) {
      status = (await a.call('POST', '/v1/auth/forgot-password', { body: { email: `nobody-${sent}@example.test` } })).status;
    }
    expect(status).toBe(429);
    const other = await b.call('POST', '/v1/auth/forgot-password', { body: { email: 'nobody-else@example.test' } });
    expect(other.status).toBe(429);
    expect(other.json.ErrorCode).toBe('RATE_LIMITED');
  });

  it('the daily give limit holds with parallel gives split across the processes', async () => {
    const school = await buildSchool(t.app, { dailyGiveLimit: 5 });
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const students = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.app, { schoolId: school.id, role: 'student' })));
    const cookie = await sessionFor(t.app, teacher.id, school.id);
    const [category] = await builtinCategories(t.app, 'high5');
    const answers = await Promise.all(
      students.map((student, i) =>
        servers[i % 2]!.call('POST', '/v1/recognitions', { cookie, body: { kind: 'high5', recipientId: student.id, categoryIds: [category!.id] } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status !== 200).map((r) => r.json.ErrorCode)).toEqual(Array(7).fill('DAILY_LIMIT_REACHED'));
    const stored = await t.app.services.db
      .selectFrom('recognitions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('giverId', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(5);
  });

  it('a mail job that outlasts its lease is delivered exactly once', async () => {
    await t.app.services.mail.queue(t.app.services.db, SLOW, 'en', 'auth:mail.resetCode', { code: '123456', minutes: 15 });
    await catcher.next(SLOW, 15_000);
    const job = await until(
      async () =>
        (await t.app.services.db
          .selectFrom('jobs')
          .select(['doneAt', 'attempts'])
          .where('kind', '=', 'mail.send')
          .where('doneAt', 'is not', null)
          .orderBy('id', 'desc')
          .executeTakeFirst()) ?? undefined,
      LEASE_SECONDS * 6000,
      'the slow mail job to finish',
    );
    expect(job.attempts).toBe(0);
    // Past another lease: nobody took it up again.
    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1500));
    expect(catcher.to(SLOW)).toHaveLength(1);
  }, 60_000);

  it('the daily mood e-mail goes once, whichever process runs the tick', async () => {
    const school = await buildSchool(t.app, { timeZone: 'UTC' });
    const address = `mood-report-${school.id.slice(0, 8)}@example.test`;
    await t.app.services.db.updateTable('schools').set({ triggerTime: '00:00' }).where('id', '=', school.id).execute();
    await t.app.services.db.insertInto('schoolNotificationEmails').values({ schoolId: school.id, email: address, confirmedAt: new Date() }).execute();
    // Both processes poll every second; make the minute's tick due now rather than wait for it.
    await t.app.services.db.updateTable('jobSchedules').set({ nextRunAt: new Date() }).where('name', '=', 'mood-report.tick').execute();
    await catcher.next(address, 15_000);
    await t.app.services.db.updateTable('jobSchedules').set({ nextRunAt: new Date() }).where('name', '=', 'mood-report.tick').execute();
    await until(
      async () =>
        (await t.app.services.db.selectFrom('jobSchedules').select('nextRunAt').where('name', '=', 'mood-report.tick').executeTakeFirstOrThrow()).nextRunAt >
        new Date()
          ? true
          : undefined,
      10_000,
      'the second tick',
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(catcher.to(address)).toHaveLength(1);
  }, 60_000);
});
