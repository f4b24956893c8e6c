import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Every High 5 ever given, in every school (the public counter). */
export async function high5Total(db: Db) {
  const row = await db
    .selectFrom('recognitions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', 'high5')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The newest mail of the dev outbox. */
export function latestOutboxMail(db: Db, limit: number) {
  return db.selectFrom('devOutbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
