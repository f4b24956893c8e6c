import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './database.js';

// A connection the server kills while a transaction holds it (a restart, a failover, an idle
// timeout on a proxy) must fail that transaction, not the process, and must not be reused.

const url = process.env.TEST_DATABASE_URL;
if (!url) console.info('connection-loss.test.ts: runs in the PostgreSQL suite (TEST_DATABASE_URL)');

describe.skipIf(!url)('a PostgreSQL connection lost while in use', () => {
  let database: Database;
  let admin: Database;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    database = await openPostgres(url!, { max: 2 });
    admin = await openPostgres(url!, { max: 1 });
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await database.close();
    await admin.close();
  });

  it('fails the transaction, does not crash the process, and the next query gets a live connection', async () => {
    const outcome = database.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
      // Killed between two statements of the transaction: the client is checked out and idle.
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin.db);
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the socket's end arrive while no query runs
      await sql`select 1`.execute(tx);
    });
    await expect(outcome).rejects.toThrow();
    expect(uncaught).toEqual([]);
    for (let i = 0; i < 4; i++) {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0]!.one).toBe(1);
    }
  });
});
