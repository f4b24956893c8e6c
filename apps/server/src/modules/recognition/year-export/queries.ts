import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';

/** The student as the keepsake names them, their grade and first day in the school, and the school's export rules. */
export function exportStudent(db: Db, schoolId: string, studentId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select([
      'u.firstName',
      'u.lastName',
      displayName('u').as('name'),
      'm.grade',
      'm.createdAt as memberSince',
      's.name as schoolName',
      's.timeZone',
      's.familyExportMinGrade',
      's.retentionYears',
    ])
    .where('m.schoolId', '=', schoolId)
    .where('m.userId', '=', studentId)
    .where('m.role', '=', 'student')
    .executeTakeFirst();
}

/** One page of the High 5s the student received at the school in `from`..`to`, oldest first, after the High 5 `afterId` (keyset). */
export function high5Page(db: Db, input: { schoolId: string; studentId: string; from: string; to: string; afterId: number; limit: number }) {
  return db
    .selectFrom('recognitions as r')
    .innerJoin('users as g', 'g.id', 'r.giverId')
    .select(['r.id', 'r.schoolDate as date', 'r.giverRole', 'r.comment', displayName('g').as('giver')])
    .where('r.kind', '=', 'high5')
    .where('r.receiverId', '=', input.studentId)
    .where('r.schoolId', '=', input.schoolId)
    .where('r.schoolDate', '>=', input.from)
    .where('r.schoolDate', '<=', input.to)
    .where('r.id', '>', input.afterId)
    .orderBy('r.id')
    .limit(input.limit)
    .execute();
}

/** How many High 5s the student received in the year (the keepsake's first page says it). */
export async function high5Count(db: Db, input: { schoolId: string; studentId: string; from: string; to: string }) {
  const row = await db
    .selectFrom('recognitions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'high5')
    .where('receiverId', '=', input.studentId)
    .where('schoolId', '=', input.schoolId)
    .where('schoolDate', '>=', input.from)
    .where('schoolDate', '<=', input.to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the student's journal entries written in `from`..`to` (school-local dates), oldest first, after `afterAt` / `afterId`. */
export function journalPage(
  db: Db,
  input: { userId: string; from: string; to: string; timeZone: string; after: { at: Date; id: string } | null; limit: number },
) {
  let query = db
    .selectFrom('journalEntries')
    .select(['id', 'heading', 'description', 'writtenAt'])
    .where('userId', '=', input.userId)
    .where(sql<boolean>`(written_at at time zone ${input.timeZone})::date between ${input.from}::date and ${input.to}::date`);
  if (input.after) {
    const { at, id } = input.after;
    query = query.where((eb) => eb.or([eb('writtenAt', '>', at), eb.and([eb('writtenAt', '=', at), eb('id', '>', id)])]));
  }
  return query.orderBy('writtenAt').orderBy('id').limit(input.limit).execute();
}

export function avatarKey(db: Db, userId: string) {
  return db.selectFrom('avatars').select('imageKey').where('userId', '=', userId).executeTakeFirst();
}
