import type { RecognitionKind, Role } from '@high5/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

/** The school settings a give needs. */
export async function schoolSettings(db: Queryable, schoolId: string) {
  return db
    .selectFrom('schools')
    .select(['id', 'name', 'timeZone', 'dailyGiveLimit', 'high5NotifyEmail', 'high5Vibes'])
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
}

/**
 * Locks the giver's membership row until the transaction ends, so that a giver's
 * concurrent gives count and insert one after another (the daily limit holds under
 * load). Answers false when the membership is gone.
 */
export async function lockGiverMembership(db: Queryable, userId: string, schoolId: string) {
  const row = await db.selectFrom('schoolMemberships').select('userId').where('userId', '=', userId).where('schoolId', '=', schoolId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** How many of `kind` the giver gave in the school on the school-local `date`. */
export async function countGivenOn(db: Queryable, input: { giverId: string; schoolId: string; kind: RecognitionKind; date: string }) {
  const row = await db
    .selectFrom('recognitions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('giverId', '=', input.giverId)
    .where('kind', '=', input.kind)
    .where('schoolDate', '=', input.date)
    .where('schoolId', '=', input.schoolId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Both kinds at once, for the allowance shown before giving. */
export async function countsGivenOn(db: Queryable, input: { giverId: string; schoolId: string; date: string }) {
  const rows = await db
    .selectFrom('recognitions')
    .select(['kind', sql<number>`count(*)::int`.as('n')])
    .where('giverId', '=', input.giverId)
    .where('schoolDate', '=', input.date)
    .where('schoolId', '=', input.schoolId)
    .groupBy('kind')
    .execute();
  const of = (kind: RecognitionKind) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return { high5: of('high5'), vibe: of('vibe') };
}

export interface NewRecognition {
  kind: RecognitionKind;
  schoolId: string;
  giverId: string;
  giverRole: Role;
  receiverId: string;
  receiverRole: Role;
  comment: string;
  givenAt: Date;
  schoolDate: string;
  categoryIds: readonly string[];
}

/** Stores a recognition and its categories in one statement (one round trip); answers its id. */
export async function insertRecognition(db: Queryable, r: NewRecognition) {
  const result = await sql<{ id: number }>`
    with inserted as (
      insert into recognitions (kind, school_id, giver_id, giver_role, receiver_id, receiver_role, comment, given_at, school_date)
      values (${r.kind}, ${r.schoolId}, ${r.giverId}, ${r.giverRole}, ${r.receiverId}, ${r.receiverRole}, ${r.comment}, ${r.givenAt}, ${r.schoolDate})
      returning id
    ), categories as (
      insert into recognition_categories (recognition_id, category_id)
      select inserted.id, c.id from inserted cross join unnest(${[...r.categoryIds]}::uuid[]) as c(id)
    )
    select id from inserted`.execute(db);
  return result.rows[0]!.id;
}

/** Where a "you received" e-mail goes: the adult themselves, or a student's linked parents. */
export async function parentsOf(db: Queryable, studentId: string) {
  return db
    .selectFrom('parentLinks as pl')
    .innerJoin('users as u', 'u.id', 'pl.parentId')
    .select(['u.id', 'u.email', 'u.firstName', 'u.language'])
    .where('pl.studentId', '=', studentId)
    .where('u.email', 'is not', null)
    .execute();
}
