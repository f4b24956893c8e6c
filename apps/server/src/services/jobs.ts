import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { errorFacts as databaseErrorFacts, errorSummary, isDatabaseError } from '../lib/error-facts.js';
import type { Clock } from './clock.js';
import { nextRun, type ScheduleDefinition } from './job-schedules.js';

/** `stopping` is aborted when the process shuts down (SIGTERM): a long handler stops and throws JobStopped. */
export type JobHandler = (payload: Record<string, unknown>, stopping: AbortSignal) => Promise<void>;

/** Thrown by a handler that stopped for a shutdown: the job runs again at once elsewhere or at the next start, no attempt counted. */
export class JobStopped extends Error {
  override name = 'JobStopped';
}

/** What the worker reports about each job it ran (metrics listen to it). */
export type JobOutcome = 'done' | 'retry' | 'failed';
export type JobObserver = (kind: string, outcome: JobOutcome, seconds: number) => void;

/** The few pino methods the worker logs with. */
export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobsOptions {
  /** Jobs one process runs at the same time. */
  concurrency: number;
  /** How long a claimed job stays claimed; renewed every third of it while the handler runs. */
  leaseMs: number;
  /** Done and failed jobs older than this are deleted by the `jobs.sweep` schedule. */
  retentionMs: number;
  logger?: JobLogger;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };
export const SWEEP_JOB = 'jobs.sweep';

/** The error's kind for logs: never its message, which may quote an address or a payload. */
/** A database error: its code, constraint and operation, never its values (docs/decisions/0152). */
const errorFacts = (error: unknown) => {
  if (isDatabaseError(error)) return databaseErrorFacts(error);
  const e = error as { name?: string; code?: string; responseCode?: number };
  return { name: e?.name ?? 'Error', ...(e?.code ? { code: String(e.code) } : {}), ...(e?.responseCode ? { responseCode: e.responseCode } : {}) };
};

/**
 * A durable queue in the database (docs/decisions/0180). A job is enqueued inside the caller's
 * transaction, so it exists only if that work commits. Workers claim due jobs with
 * `FOR UPDATE SKIP LOCKED` under a lease they renew while the handler runs, so a job runs in one
 * process at a time however long it takes; failures are retried with exponential backoff
 * (10 s doubling, up to max_attempts). Schedules fire once across processes.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, ScheduleDefinition>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly workerId = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly options: JobsOptions;
  private readonly observers: JobObserver[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private pollerFailing = false;
  private stopped = false;
  private stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: Partial<JobsOptions> = {},
  ) {
    this.options = { concurrency: 4, leaseMs: 60_000, retentionMs: 7 * 86_400_000, ...options };
    this.register(SWEEP_JOB, () => this.sweep());
    this.schedule({ name: SWEEP_JOB, kind: SWEEP_JOB, everyMinutes: 60 });
  }

  get logger() {
    return this.options.logger ?? silent;
  }

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  observe(observer: JobObserver) {
    this.observers.push(observer);
  }

  /**
   * Runs `kind` on a schedule, once per due time across every process on the database (the
   * run is claimed by one conditional UPDATE). A handler must be registered for `kind`.
   */
  schedule(definition: ScheduleDefinition) {
    this.schedules.set(definition.name, definition);
  }

  async enqueue(db: Db, kind: string, payload: Record<string, unknown>, runAt?: Date) {
    await db
      .insertInto('jobs')
      .values({ kind, payload: JSON.stringify(payload), runAt: runAt ?? this.clock.now() })
      .execute();
  }

  /** Runs every job that is due now (and every schedule that is due); returns how many ran. Tests call it directly. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Enqueues the run of every due schedule; the UPDATE that moves next_run_at is the claim. */
  private async fireSchedules() {
    const now = this.clock.now();
    for (const definition of this.schedules.values()) {
      await this.db
        .insertInto('jobSchedules')
        .values({ name: definition.name, nextRunAt: nextRun(definition, new Date(now.getTime() - 1)) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await this.db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('jobSchedules')
          .set({ nextRunAt: nextRun(definition, now), lastRunAt: now })
          .where('name', '=', definition.name)
          .where('nextRunAt', '<=', now)
          .returning('name')
          .executeTakeFirst();
        if (claimed) await this.enqueue(tx, definition.kind, definition.payload ?? {}, now);
      });
    }
  }

  /** Claims up to `limit` due jobs of the kinds this process handles, under a fresh lease. */
  private async claim(limit: number): Promise<ClaimedJob[]> {
    const now = this.clock.now();
    const kinds = [...this.handlers.keys()];
    const result = await sql<ClaimedJob>`
      update jobs set locked_until = ${new Date(now.getTime() + this.options.leaseMs)}, locked_by = ${this.workerId}
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= ${now}
          and (locked_until is null or locked_until < ${now}) and kind = any(${kinds})
        order by run_at, id limit ${limit}
        for update skip locked)
      returning id, kind, payload, attempts, max_attempts`.execute(this.db);
    return result.rows;
  }

  private async drain() {
    await this.fireSchedules();
    let count = 0;
    for (;;) {
      const free = this.stopped ? 0 : this.options.concurrency - this.inFlight.size;
      const claimed = free > 0 ? await this.claim(free) : [];
      for (const job of claimed) {
        const run: Promise<void> = this.run(job).finally(() => this.inFlight.delete(run));
        this.inFlight.add(run);
        count++;
      }
      if (this.inFlight.size === 0) return count;
      // Wait for a running job to end (then claim again at once), or look again shortly for new ones.
      let wake: NodeJS.Timeout | undefined;
      await Promise.race([...this.inFlight, new Promise<void>((resolve) => (wake = setTimeout(resolve, 250)))]);
      clearTimeout(wake);
    }
  }

  /** Runs one claimed job, renewing its lease until the handler settles. */
  private async run(job: ClaimedJob) {
    const started = performance.now();
    const mine = (db: Db) => db.updateTable('jobs').where('id', '=', job.id).where('lockedBy', '=', this.workerId);
    const renew = setInterval(
      () => {
        mine(this.db)
          .set({ lockedUntil: new Date(this.clock.now().getTime() + this.options.leaseMs) })
          .executeTakeFirst()
          .then((r) => {
            if (r.numUpdatedRows === 0n) this.logger.warn({ jobKind: job.kind, jobId: job.id }, 'job lease lost');
          })
          .catch((error: unknown) => this.logger.warn({ jobKind: job.kind, jobId: job.id, error: errorFacts(error) }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    renew.unref();
    let outcome: JobOutcome;
    try {
      const handler = this.handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, this.stopping.signal);
      clearInterval(renew);
      // The payload may hold a temporary password or a code: keep no copy once it is delivered.
      await mine(this.db).set({ doneAt: this.clock.now(), lockedUntil: null, lockedBy: null, payload: '{}' }).execute();
      outcome = 'done';
    } catch (error) {
      clearInterval(renew);
      if (error instanceof JobStopped) {
        // A shutdown is not the job's failure: released as it was, due now.
        await mine(this.db)
          .set({ lockedUntil: null, lockedBy: null })
          .execute()
          .catch(() => {});
        return;
      }
      const attempts = job.attempts + 1;
      const final = attempts >= job.maxAttempts;
      const retryAt = new Date(this.clock.now().getTime() + 10_000 * 2 ** (attempts - 1));
      this.logger[final ? 'error' : 'warn'](
        { jobKind: job.kind, jobId: job.id, attempt: attempts, final, error: errorFacts(error) },
        final ? 'job failed for good' : 'job failed, will retry',
      );
      await mine(this.db)
        .set({
          attempts,
          lastError: errorSummary(error),
          lockedUntil: null,
          lockedBy: null,
          runAt: retryAt,
          failedAt: final ? this.clock.now() : null,
          ...(final ? { payload: '{}' } : {}),
        })
        .execute()
        .catch((writeError: unknown) => this.logger.error({ jobKind: job.kind, jobId: job.id, error: errorFacts(writeError) }, 'job result not recorded'));
      outcome = final ? 'failed' : 'retry';
    }
    const seconds = (performance.now() - started) / 1000;
    for (const observer of this.observers) observer(job.kind, outcome, seconds);
  }

  /** Deletes done and failed jobs older than the retention, a batch at a time. */
  private async sweep() {
    const before = new Date(this.clock.now().getTime() - this.options.retentionMs);
    for (;;) {
      const result = await sql`
        delete from jobs where id in (
          select id from jobs where done_at < ${before} or failed_at < ${before} limit 5000)`.execute(this.db);
      if (Number(result.numAffectedRows ?? 0) < 5000) return;
    }
  }

  /** Polls for due jobs every `intervalMs` until stopped; a failing poll is logged once, and its recovery. */
  start(intervalMs = 1000) {
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    this.stopped = false;
    const poll = () => {
      this.runDue().then(
        () => {
          if (this.pollerFailing) this.logger.info({}, 'job poller recovered');
          this.pollerFailing = false;
        },
        (error: unknown) => {
          if (!this.pollerFailing) this.logger.error({ error: errorFacts(error) }, 'job poller failed; retrying every poll');
          this.pollerFailing = true;
        },
      );
    };
    this.timer = setInterval(poll, intervalMs);
    this.timer.unref();
    poll();
  }

  /** Stops polling and claiming, and waits for the jobs that are running. */
  async stop() {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.timer);
    await this.running?.catch(() => {});
    await Promise.allSettled([...this.inFlight]);
  }

  /** Jobs waiting or running, by kind (metrics). */
  async depth() {
    const result = await sql<{ kind: string; waiting: number; failed: number }>`
      select kind, count(*) filter (where failed_at is null)::int as waiting, count(*) filter (where failed_at is not null)::int as failed
      from jobs where done_at is null group by kind`.execute(this.db);
    return result.rows;
  }
}
