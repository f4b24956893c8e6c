import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../../db/database.js';

/** Everything the student detail dialog shows, in one query. */
export function findStudentDetails(db: Db, schoolId: string, studentId: string, today: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select((eb) => [
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.username',
      'u.photoKey',
      'm.grade',
      'm.iep',
      'm.plan504',
      'm.languageLevel',
      's.urlProgramIep',
      's.urlProgram504',
      's.urlLanguage',
      's.urlStudentDocument',
      eb
        .selectFrom('enrolments as e')
        .innerJoin('classes as c', 'c.id', 'e.classId')
        .select(sql<string[]>`coalesce(array_agg(c.name order by lower(c.name)), '{}')`.as('names'))
        .where('e.studentId', '=', studentId)
        .where('c.schoolId', '=', schoolId)
        .as('classes'),
      jsonArrayFrom(
        eb
          .selectFrom('trustedAdults as t')
          .innerJoin('users as a', 'a.id', 't.adultId')
          .select(['a.id', 'a.firstName', 'a.lastName', 'a.email'])
          .where('t.studentId', '=', studentId)
          .orderBy('a.lastName')
          .orderBy('a.firstName'),
      ).as('trustedAdults'),
      eb
        .selectFrom('moods as md')
        .select(sql<{ mood: string; comment: string }>`json_build_object('mood', md.mood, 'comment', md.comment)`.as('m'))
        .where('md.userId', '=', studentId)
        .where('md.schoolDate', '=', today)
        .limit(1)
        .as('todayMood'),
      eb
        .selectFrom('recognitions as r')
        .select(
          sql<{ high5Given: number; high5Received: number; vibeGiven: number; vibeReceived: number }>`json_build_object(
            'high5Given', count(*) filter (where r.kind = 'high5' and r.giver_id = ${studentId}),
            'high5Received', count(*) filter (where r.kind = 'high5' and r.receiver_id = ${studentId}),
            'vibeGiven', count(*) filter (where r.kind = 'vibe' and r.giver_id = ${studentId}),
            'vibeReceived', count(*) filter (where r.kind = 'vibe' and r.receiver_id = ${studentId}))`.as('t'),
        )
        .where('r.schoolId', '=', schoolId)
        .where((w) => w.or([w('r.giverId', '=', studentId), w('r.receiverId', '=', studentId)]))
        .as('totals'),
    ])
    .where('m.schoolId', '=', schoolId)
    .where('m.userId', '=', studentId)
    .executeTakeFirstOrThrow();
}

export async function updateStudentFlags(
  db: Db,
  schoolId: string,
  studentId: string,
  flags: { iep?: boolean; plan504?: boolean; languageLevel?: 'L' | 'LF' | null },
) {
  return db
    .updateTable('schoolMemberships')
    .set(flags)
    .where('schoolId', '=', schoolId)
    .where('userId', '=', studentId)
    .where('role', '=', 'student')
    .returning(['iep', 'plan504', 'languageLevel'])
    .executeTakeFirstOrThrow();
}

export function studentAttendance(db: Db, schoolId: string, studentId: string, from: string, to: string) {
  return db
    .selectFrom('attendance as a')
    .innerJoin('classes as c', 'c.id', 'a.classId')
    .select(['a.schoolDate as date', 'a.code', 'c.name as className'])
    .where('a.studentId', '=', studentId)
    .where('c.schoolId', '=', schoolId)
    .where('a.schoolDate', '>=', from)
    .where('a.schoolDate', '<=', to)
    .orderBy('a.schoolDate', 'desc')
    .orderBy('c.name')
    .execute();
}

export function studentNotes(db: Db, schoolId: string, studentId: string) {
  return db
    .selectFrom('studentNotes as n')
    .innerJoin('users as a', 'a.id', 'n.authorId')
    .select(['n.id', 'n.body', 'n.createdAt', 'n.authorId', 'a.firstName', 'a.lastName'])
    .where('n.studentId', '=', studentId)
    .where('n.schoolId', '=', schoolId)
    .orderBy('n.createdAt', 'desc')
    .limit(500)
    .execute();
}

export function insertStudentNote(db: Db, values: { schoolId: string; studentId: string; authorId: string; body: string; createdAt: Date }) {
  return db.insertInto('studentNotes').values(values).returning(['id', 'body', 'createdAt']).executeTakeFirstOrThrow();
}
