import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { containsPattern } from '../../../lib/search.js';

/** A parent's linked children who are students of the school. */
export async function children(db: Db, parentId: string, schoolId: string) {
  return db
    .selectFrom('parentLinks as p')
    .innerJoin('users as u', 'u.id', 'p.studentId')
    .innerJoin('schoolMemberships as m', (j) =>
      j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student').on('m.status', '<>', 'inactive'),
    )
    .select(['u.id', 'u.email', 'm.grade', displayName('u').as('name')])
    .where('p.parentId', '=', parentId)
    .orderBy(sql`lower(${displayName('u')})`)
    .execute();
}

/** Students of the school by name, e-mail or username (the staff member's student picker). */
export async function schoolStudents(db: Db, schoolId: string, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', 'm.grade', displayName('u').as('name')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'student')
    .where('m.status', '<>', 'inactive');
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb(displayName('u'), 'ilike', pattern), eb('u.email', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  return query
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** High 5s a student received at the school in a date range, newest first, with the viewer's own feedback. */
export async function receivedHigh5s(db: Db, studentId: string, schoolId: string, viewerId: string, from: string, to: string) {
  return db
    .selectFrom('recognitions as r')
    .innerJoin('users as g', 'g.id', 'r.giverId')
    .leftJoin('high5Feedback as f', (j) => j.onRef('f.recognitionId', '=', 'r.id').on('f.authorId', '=', viewerId))
    .select(['r.id', 'r.schoolDate as date', 'r.giverRole as fromRole', 'r.comment', 'f.comment as myFeedback', displayName('g').as('fromName')])
    .where('r.kind', '=', 'high5')
    .where('r.receiverId', '=', studentId)
    .where('r.schoolId', '=', schoolId)
    .where('r.schoolDate', '>=', from)
    .where('r.schoolDate', '<=', to)
    .orderBy('r.givenAt', 'desc')
    .execute();
}

export async function findHigh5(db: Db, id: number) {
  return db.selectFrom('recognitions').select(['id', 'kind', 'schoolId', 'giverId', 'giverRole', 'receiverId']).where('id', '=', id).executeTakeFirst();
}

export async function upsertFeedback(
  db: Db,
  values: { recognitionId: number; authorId: string; teacherId: string; studentId: string; comment: string; feedbackDate: string; createdAt: Date },
) {
  return db
    .insertInto('high5Feedback')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['recognitionId', 'authorId']).doUpdateSet({ comment: values.comment, feedbackDate: values.feedbackDate, createdAt: values.createdAt }),
    )
    .returning(['id', 'feedbackDate'])
    .executeTakeFirstOrThrow();
}

/** Feedback a teacher received on their High 5s at the school, by feedback date. */
export async function feedbackForTeacher(db: Db, teacherId: string, schoolId: string, from: string, to: string) {
  return db
    .selectFrom('high5Feedback as f')
    .innerJoin('recognitions as r', 'r.id', 'f.recognitionId')
    .innerJoin('users as s', 's.id', 'f.studentId')
    .innerJoin('users as a', 'a.id', 'f.authorId')
    .select(['f.id', 'f.comment', 'f.feedbackDate as date', 'r.schoolDate as high5Date', displayName('s').as('studentName'), displayName('a').as('parentName')])
    .where('f.teacherId', '=', teacherId)
    .where('r.schoolId', '=', schoolId)
    .where('f.feedbackDate', '>=', from)
    .where('f.feedbackDate', '<=', to)
    .orderBy('f.feedbackDate', 'desc')
    .orderBy('f.createdAt', 'desc')
    .execute();
}
