import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Either the database or an open transaction: query modules take this as their first parameter. */
export type Queryable = Kysely<DB>;

/** The connection the server runs on: PGlite in a folder, or a PostgreSQL server. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations, seeds). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL): open, idle, and requests waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number };
}

// The same JavaScript types from both drivers: bigint counts as numbers, dates as 'yyyy-MM-dd'.
const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;
const parseInt8 = (value: string) => Number(value);

export async function openPGlite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8]: parseInt8, [DATE]: (v: string) => v, [NUMERIC]: (v: string) => Number(v) },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: 'pglite',
    exec: async (script) => {
      await pglite.exec(script);
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    // Exposed for tests, which snapshot a migrated database once and load it per file.
    ...({ pglite } as object),
  };
}

export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<Database> {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8) return parseInt8;
      if (oid === DATE) return (v: string) => v;
      if (oid === NUMERIC) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types, connectionTimeoutMillis: 5000 });
  // A client losing its server must not crash the process: an idle one is dropped by the pool
  // ('error' on the pool); one checked out by a transaction emits 'error' on itself between
  // queries, and its next query fails instead. pg-pool discards a dead client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // PGlite's errors carry their statement and pg's do not: attach it (not enumerable, so no
    // log prints it) so that error logs can name the operation on both (docs/decisions/0152).
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : undefined;
      // A statement marked by `prepared()` runs as a named prepared statement (one name per text).
      const result = text?.startsWith(PREPARED)
        ? query({ name: `h5_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text, values: args[1] })
        : query(...args);
      if (!text || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (error && typeof error === 'object' && !('query' in error)) Object.defineProperty(error, 'query', { value: text, enumerable: false });
        throw error;
      });
    };
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: 'postgres',
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

const PREPARED = '/* prepared */';

/**
 * Marks a hot statement whose planning costs as much as its execution (the received report:
 * decision 0330): on PostgreSQL it runs as a named prepared statement, planned once per connection
 * and then, once PostgreSQL finds its generic plan as good, not at all; PGlite reads the mark as a comment.
 */
export const prepared = <T>(query: RawBuilder<T>) => sql<T>`/* prepared */ ${query}`;

/** Runs `work` in one transaction on `db`, or inside the transaction `db` already is. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Tx);
  return db.transaction().execute(work);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
