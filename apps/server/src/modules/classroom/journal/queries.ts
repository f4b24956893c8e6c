import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

const columns = ['id', 'heading', 'description', 'writtenAt', 'updatedAt'] as const;

/** The user's entries written on `from`..`to` as dates in `timeZone`, newest first. */
export async function entries(db: Db, userId: string, from: string, to: string, timeZone: string) {
  return db
    .selectFrom('journalEntries')
    .select(columns)
    .where('userId', '=', userId)
    .where(sql<boolean>`(written_at at time zone ${timeZone})::date between ${from}::date and ${to}::date`)
    .orderBy('writtenAt', 'desc')
    .execute();
}

export async function insert(db: Db, userId: string, heading: string, description: string, now: Date) {
  return db.insertInto('journalEntries').values({ userId, heading, description, writtenAt: now, updatedAt: now }).returning(columns).executeTakeFirstOrThrow();
}

export async function update(db: Db, userId: string, id: string, heading: string, description: string, now: Date) {
  return db
    .updateTable('journalEntries')
    .set({ heading, description, updatedAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning(columns)
    .executeTakeFirst();
}

export async function remove(db: Db, userId: string, id: string) {
  const result = await db.deleteFrom('journalEntries').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
