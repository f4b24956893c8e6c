import { Redis } from 'ioredis';
import { CompiledQuery } from 'kysely';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/database.js';
import { StartupError } from '../db/open.js';
import { AppError } from '../lib/errors.js';
import { escapeLike } from '../lib/search.js';

/** At most `max` requests per `perSeconds` seconds for one key. */
export interface RateRule {
  max: number;
  perSeconds: number;
}

export type RateStoreKind = 'memory' | 'postgres' | 'redis';

/** The 429 every rate limit answers: RATE_LIMITED with the seconds to wait (also sent as Retry-After). */
export const rateLimited = (msBeforeNext: number) =>
  new AppError(429, 'RATE_LIMITED', undefined, { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });

/** rate-limiter-flexible's PostgreSQL store speaks to a `pg` pool; this runs its statements through Kysely. */
function kyselyStoreClient(db: Db) {
  return {
    query: async (q: { text: string; values?: unknown[] }) => {
      const result = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
      return { rows: result.rows, rowCount: result.rows.length || Number(result.numAffectedRows ?? 0) };
    },
  };
}

interface Store {
  kind: RateStoreKind;
  make(keyPrefix: string, rule: RateRule): RateLimiterAbstract;
  /** Forgets every counter under `prefix` (tests). */
  clear(prefix: string): Promise<void>;
  close(): Promise<void>;
}

function memoryStore(): Store {
  return {
    kind: 'memory',
    make: (keyPrefix, rule) => new RateLimiterMemory({ keyPrefix, points: rule.max, duration: rule.perSeconds }),
    clear: async () => {},
    close: async () => {},
  };
}

/** Expired PostgreSQL counters are deleted this often (an hour after they expired), by each process. */
const SWEEP_MS = 5 * 60_000;

function postgresStore(db: Db): Store {
  const storeClient = kyselyStoreClient(db);
  // The library's own sweeper cannot be stopped; this one ends with the app.
  const sweeper = setInterval(() => {
    storeClient.query({ text: 'DELETE FROM rate_limits WHERE expire < $1', values: [Date.now() - 3_600_000] }).catch(() => {});
  }, SWEEP_MS);
  sweeper.unref();
  return {
    kind: 'postgres',
    make: (keyPrefix, rule) =>
      new RateLimiterPostgres({
        storeClient,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true, // migration 0065
        clearExpiredByTimeout: false,
        keyPrefix,
        points: rule.max,
        duration: rule.perSeconds,
        // A database hiccup must not turn every write into a 500: count in memory meanwhile.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: rule.max, duration: rule.perSeconds }),
      }),
    clear: async (prefix) => {
      await storeClient.query({ text: 'DELETE FROM rate_limits WHERE key LIKE $1', values: [`${escapeLike(prefix)}%`] });
    },
    close: async () => clearInterval(sweeper),
  };
}

async function redisStore(url: string): Promise<Store> {
  // No offline queue: while Redis is away, calls fail at once and the memory insurance counts.
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  client.on('error', () => {}); // reconnects by itself; each failed call falls back to memory
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const { host, port } = new URL(url);
    throw new StartupError(`Cannot connect to Redis at REDIS_URL (${host || port}): ${(error as Error).message}`);
  }
  return {
    kind: 'redis',
    make: (keyPrefix, rule) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix,
        points: rule.max,
        duration: rule.perSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: rule.max, duration: rule.perSeconds }),
      }),
    clear: async (prefix) => {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * Named rate limits in one store shared by every server process: Redis when REDIS_URL is set,
 * else the PostgreSQL database, else (the embedded database, one process) memory. Counters live
 * on the store's clock (wall time), not the injectable one. See docs/decisions/0171.
 */
export class RateLimits {
  private readonly limiters = new Map<string, { rule: RateRule; limiter: RateLimiterAbstract }>();
  private readonly overrides = new Map<string, RateRule>();

  constructor(
    private readonly store: Store,
    /** Keeps apart the counters of several High5s (or test apps) on one Redis. */
    private readonly namespace: string,
  ) {}

  get kind(): RateStoreKind {
    return this.store.kind;
  }

  private limiter(name: string, rule: RateRule) {
    const effective = this.overrides.get(name) ?? rule;
    const known = this.limiters.get(name);
    if (known && known.rule.max === effective.max && known.rule.perSeconds === effective.perSeconds) return { rule: effective, limiter: known.limiter };
    const limiter = this.store.make(`${this.namespace}:${name}`, effective);
    this.limiters.set(name, { rule: effective, limiter });
    return { rule: effective, limiter };
  }

  /** Counts one request of `key` under `name`; throws 429 RATE_LIMITED (with the wait) once `rule.max` is used up. */
  async hit(name: string, rule: RateRule, key: string): Promise<void> {
    try {
      await this.limiter(name, rule).limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext);
      throw error;
    }
  }

  /** Throws 429 RATE_LIMITED when `key` has used up `rule`, without counting. */
  async check(name: string, rule: RateRule, key: string): Promise<void> {
    const { rule: effective, limiter } = this.limiter(name, rule);
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= effective.max) throw rateLimited(res.msBeforeNext);
  }

  /** Counts one request (an outcome known afterwards, such as a failure) without refusing it. */
  async count(name: string, rule: RateRule, key: string): Promise<void> {
    await this.limiter(name, rule).limiter.penalty(key, 1);
  }

  /** Tests: replaces `name`'s rule (undefined restores the caller's). */
  override(name: string, rule?: RateRule) {
    if (rule) this.overrides.set(name, rule);
    else this.overrides.delete(name);
  }

  /** Tests: forgets every counter of this namespace. */
  async reset(): Promise<void> {
    this.limiters.clear();
    await this.store.clear(`${this.namespace}:`);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The store the configuration asks for: REDIS_URL, else PostgreSQL, else memory on the embedded database. */
export async function createRateLimits(config: Config, database: Database, namespace = 'high5'): Promise<RateLimits> {
  const store = config.redisUrl ? await redisStore(config.redisUrl) : database.kind === 'postgres' ? postgresStore(database.db) : memoryStore();
  return new RateLimits(store, namespace);
}
