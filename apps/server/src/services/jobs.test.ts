import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { systemClock } from './clock.js';
import { nextRun } from './job-schedules.js';
import { Jobs, type JobLogger } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger() {
  const lines: { level: string; object: object; message: string }[] = [];
  const at = (level: string) => (object: object, message: string) => void lines.push({ level, object, message });
  const logger: JobLogger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

const jobRows = (kind: string) => t.app.services.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

describe('the job queue', () => {
  it('when a handler runs longer than the lease, the lease is renewed and no other worker runs the job', async () => {
    const runs: string[] = [];
    const make = (name: string) => {
      const jobs = new Jobs(t.app.services.db, systemClock, { leaseMs: 300 });
      jobs.register('test.slow', async () => {
        runs.push(name);
        await sleep(1200);
      });
      return jobs;
    };
    const a = make('a');
    const b = make('b');
    await a.enqueue(t.app.services.db, 'test.slow', {});
    const first = a.runDue();
    // While `a` runs it, `b` polls again and again past several lease lengths.
    for (let i = 0; i < 8; i++) {
      await sleep(150);
      await b.runDue();
    }
    await first;
    expect(runs).toEqual(['a']);
    const [row] = await jobRows('test.slow');
    expect(row!.doneAt).not.toBeNull();
    expect(row!.attempts).toBe(0);
  });

  it('when a job fails, the log names its kind and never its payload or message', async () => {
    const { logger, lines } = recordingLogger();
    const jobs = new Jobs(t.app.services.db, t.clock, { logger });
    jobs.register('test.fails', async (payload) => {
      throw Object.assign(new Error(`cannot deliver ${String(payload.code)} to child@example.test`), { code: 'EENVELOPE' });
    });
    await jobs.enqueue(t.app.services.db, 'test.fails', { code: 'secret-814203' });
    await jobs.runDue();
    const failure = lines.find((l) => l.message.startsWith('job failed'));
    expect(failure?.level).toBe('warn');
    expect(failure?.object).toMatchObject({ jobKind: 'test.fails', attempt: 1, final: false, error: { name: 'Error', code: 'EENVELOPE' } });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('secret-814203');
    expect(logged).not.toContain('child@example.test');
    const [row] = await jobRows('test.fails');
    expect(row!.attempts).toBe(1);
    expect(row!.runAt.getTime()).toBe(t.clock.now().getTime() + 10_000);
  });

  it('runs at most `concurrency` jobs at once, and all of them', async () => {
    const jobs = new Jobs(t.app.services.db, t.clock, { concurrency: 3 });
    let running = 0;
    let most = 0;
    let done = 0;
    jobs.register('test.parallel', async () => {
      most = Math.max(most, ++running);
      await sleep(60);
      running--;
      done++;
    });
    for (let i = 0; i < 10; i++) await jobs.enqueue(t.app.services.db, 'test.parallel', { i });
    expect(await jobs.runDue()).toBe(10);
    expect(done).toBe(10);
    expect(most).toBe(3);
  });

  it('deletes done and failed jobs once they are older than the retention, and keeps the rest', async () => {
    const jobs = new Jobs(t.app.services.db, t.clock, { retentionMs: 86_400_000 });
    jobs.register('test.kept', async () => {});
    const now = t.clock.now();
    const old = new Date(now.getTime() - 2 * 86_400_000);
    const recent = new Date(now.getTime() - 3_600_000);
    await t.app.services.db
      .insertInto('jobs')
      .values([
        { kind: 'test.kept', payload: '{}', doneAt: old },
        { kind: 'test.kept', payload: '{}', failedAt: old },
        { kind: 'test.kept', payload: '{}', doneAt: recent },
        { kind: 'test.kept', payload: '{}', runAt: new Date(now.getTime() + 3_600_000) },
      ])
      .execute();
    await jobs.enqueue(t.app.services.db, 'jobs.sweep', {});
    await jobs.runDue();
    const left = await jobRows('test.kept');
    expect(left.map((r) => (r.doneAt ? r.doneAt.getTime() : r.failedAt ? 'failed' : 'waiting'))).toEqual([recent.getTime(), 'waiting']);
  });

  it('fires a daily schedule once at its wall-clock time, however many workers poll', async () => {
    const ran: string[] = [];
    const make = (name: string) => {
      const jobs = new Jobs(t.app.services.db, t.clock);
      jobs.register('test.nightly', async () => void ran.push(name));
      jobs.schedule({ name: 'test.nightly', kind: 'test.nightly', dailyAt: '02:00', timeZone: 'America/Los_Angeles' });
      return jobs;
    };
    const workers = [make('a'), make('b'), make('c')];
    await Promise.all(workers.map((w) => w.runDue()));
    expect(ran).toEqual([]);
    t.clock.set('2026-10-16T09:00:30Z'); // 02:00:30 in Los Angeles
    await Promise.all(workers.map((w) => w.runDue()));
    await Promise.all(workers.map((w) => w.runDue()));
    expect(ran).toHaveLength(1);
    t.clock.set('2026-10-17T09:01:00Z');
    await Promise.all(workers.map((w) => w.runDue()));
    expect(ran).toHaveLength(2);
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it('when polling fails, the poller logs it once and keeps polling', async () => {
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const broken = {
      insertInto() {
        calls++;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    } as unknown as Db;
    const jobs = new Jobs(broken, t.clock, { logger });
    jobs.start(20);
    await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThan(3);
    await jobs.stop();
    const failures = lines.filter((l) => l.message.startsWith('job poller failed'));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.object).toMatchObject({ error: { code: 'ECONNREFUSED' } });
  });
});

describe('schedules', () => {
  it('daily runs follow the wall clock across a change of daylight saving time', () => {
    const nightly = { name: 'n', kind: 'n', dailyAt: '02:30', timeZone: 'America/New_York' };
    // 2026-11-01 at 02:00: New York falls back from UTC-4 to UTC-5.
    expect(nextRun(nightly, new Date('2026-10-30T12:00:00Z')).toISOString()).toBe('2026-10-31T06:30:00.000Z');
    expect(nextRun(nightly, new Date('2026-10-31T12:00:00Z')).toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(nextRun({ name: 'm', kind: 'm', everyMinutes: 5 }, new Date('2026-10-15T16:03:10Z')).toISOString()).toBe('2026-10-15T16:05:00.000Z');
  });
});
