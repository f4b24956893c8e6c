import type { RecognitionKind, Role } from '@high5/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

/** The school settings the give screens need. */
export async function schoolSettings(db: Queryable, schoolId: string) {
  return db.selectFrom('schools').select(['id', 'name', 'timeZone', 'dailyGiveLimit', 'high5NotifyEmail']).where('id', '=', schoolId).executeTakeFirstOrThrow();
}

/** How many of each kind the giver gave in the school today (the school's today, its time zone). */
export async function givenToday(db: Queryable, input: { giverId: string; schoolId: string; now: Date }) {
  const result = await sql<{ kind: RecognitionKind; given: number }>`
    select d.kind, d.given from daily_give_counts d
    join schools s on s.id = d.school_id
    where d.user_id = ${input.giverId} and d.school_id = ${input.schoolId}
      and d.school_date = (${input.now}::timestamptz at time zone s.time_zone)::date`.execute(db);
  const of = (kind: RecognitionKind) => result.rows.find((r) => r.kind === kind)?.given ?? 0;
  return { high5: of('high5'), vibe: of('vibe') };
}

/** Seconds from `now` until the school's next day starts (its midnight, in its time zone): when a daily limit renews. */
export async function secondsUntilSchoolTomorrow(db: Queryable, schoolId: string, now: Date) {
  const row = await sql<{ seconds: number }>`
    select ceil(extract(epoch from ((date_trunc('day', ${now}::timestamptz at time zone s.time_zone) + interval '1 day') at time zone s.time_zone) - ${now}::timestamptz))::int as seconds
    from schools s where s.id = ${schoolId}`.execute(db);
  return Math.max(1, row.rows[0]?.seconds ?? 1);
}

/** The recipient as the give rules need them (see recipients/service.ts `canGiveTo`). */
export interface GiveRecipientRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
  language: string;
  role: Role;
  status: string;
  grade: number | null;
  isChildOfGiver: boolean;
  isParentOfGiver: boolean;
}

export interface GiveAttempt {
  schoolName: string;
  dailyGiveLimit: number;
  high5NotifyEmail: boolean;
  /** The school-local date of the give. */
  today: string;
  /** Null when the recipient is not an active member of the school. */
  recipient: GiveRecipientRow | null;
  /** The asked categories that are of this kind and enabled in the school. */
  categories: { id: string; nameEn: string; nameEs: string }[];
  /** For a parent giver: whether they have an active child in the school (true for other roles). */
  giverHasStanding: boolean;
  /** The giver's count of this kind today, this give included; null when nothing was stored. */
  given: number | null;
  /** The new recognition; null when nothing was stored. */
  id: number | null;
}

/**
 * A whole give in one call of `give_recognition` (migration 0022, one round trip, its plan
 * cached per connection): reads the school, the recipient and the asked categories; when the
 * recipient and every category are valid, raises the giver's count for the day unless it has
 * reached the limit (the count's row is locked and read at its latest committed value, so one
 * person's concurrent gives queue there and the limit holds), and only then stores the
 * recognition and its categories. Answers what the caller's rules need; a caller refusing the
 * give afterwards (role rules, comment) throws, and the request's transaction undoes it all.
 */
export async function attemptGive(
  db: Queryable,
  input: {
    giverId: string;
    giverRole: Role;
    schoolId: string;
    recipientId: string;
    kind: RecognitionKind;
    categoryIds: readonly string[];
    comment: string;
    now: Date;
  },
) {
  const ids = [...new Set(input.categoryIds)];
  const result = await sql<GiveAttempt>`select * from give_recognition(
    ${input.giverId}::uuid, ${input.giverRole}, ${input.schoolId}::uuid, ${input.recipientId}::uuid, ${input.kind},
    ${ids}::uuid[], ${input.comment}, ${input.now}::timestamptz)`.execute(db);
  return result.rows[0];
}

/** Where a "you received" e-mail goes for a student: their linked parents with an address. */
export async function parentsOf(db: Queryable, studentId: string) {
  return db
    .selectFrom('parentLinks as pl')
    .innerJoin('users as u', 'u.id', 'pl.parentId')
    .select(['u.id', 'u.email', 'u.firstName', 'u.language'])
    .where('pl.studentId', '=', studentId)
    .where('u.email', 'is not', null)
    .execute();
}
