import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Clock } from './clock.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/**
 * A small durable queue in the database. A job is enqueued inside the caller's
 * transaction, so it exists only if that work commits; the worker runs due jobs,
 * retrying failures with exponential backoff (10 s, 20 s, 40 s … up to max_attempts).
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly db: Db, private readonly clock: Clock) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  async enqueue(db: Db, kind: string, payload: Record<string, unknown>, runAt?: Date) {
    await db.insertInto('jobs').values({ kind, payload: JSON.stringify(payload), runAt: runAt ?? this.clock.now() }).execute();
  }

  /** Runs every job that is due now; returns how many ran. Tests call it directly. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  private async drain() {
    let count = 0;
    for (;;) {
      const now = this.clock.now();
      const job = await this.db.transaction().execute(async (tx) => {
        const next = await tx
          .selectFrom('jobs')
          .select(['id', 'kind', 'payload', 'attempts', 'maxAttempts'])
          .where('doneAt', 'is', null)
          .where('failedAt', 'is', null)
          .where('runAt', '<=', now)
          .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
          .orderBy('runAt')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (next) await tx.updateTable('jobs').set({ lockedUntil: new Date(now.getTime() + 60_000) }).where('id', '=', next.id).execute();
        return next;
      });
      if (!job) return count;
      count++;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload as Record<string, unknown>);
        // The payload may hold a temporary password or a code: keep no copy once it is delivered.
        await this.db.updateTable('jobs').set({ doneAt: this.clock.now(), lockedUntil: null, payload: '{}' }).where('id', '=', job.id).execute();
      } catch (error) {
        const attempts = job.attempts + 1;
        const retryAt = new Date(this.clock.now().getTime() + 10_000 * 2 ** (attempts - 1));
        await this.db
          .updateTable('jobs')
          .set({
            attempts,
            lastError: String((error as Error).message).slice(0, 500),
            lockedUntil: null,
            runAt: retryAt,
            failedAt: attempts >= job.maxAttempts ? this.clock.now() : null,
            ...(attempts >= job.maxAttempts ? { payload: '{}' } : {}),
          })
          .where('id', '=', job.id)
          .execute();
      }
    }
  }

  /** Polls for due jobs every `intervalMs` until stopped. */
  start(intervalMs = 1000) {
    this.timer = setInterval(() => void this.runDue().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  /** Jobs not yet done, for tests and the health page. */
  async pending() {
    const row = await sql<{ n: number }>`select count(*)::int as n from jobs where done_at is null and failed_at is null`.execute(this.db);
    return row.rows[0]?.n ?? 0;
  }
}
