import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { registered } from '../../../lib/registered.js';

/** The school's classes with the student's enrolment and request state. One query. */
export async function classesForStudent(db: Db, schoolId: string, studentId: string, enrolled: boolean) {
  const rows = await db
    .selectFrom('classes as c')
    .innerJoin('users as o', 'o.id', 'c.ownerId')
    .select((eb) => [
      'c.id',
      'c.name',
      displayName('o').as('teacherName'),
      eb.exists(eb.selectFrom('enrolments as e').select('e.classId').whereRef('e.classId', '=', 'c.id').where('e.studentId', '=', studentId)).as('enrolled'),
      eb
        .exists(eb.selectFrom('enrolmentRequests as r').select('r.classId').whereRef('r.classId', '=', 'c.id').where('r.studentId', '=', studentId))
        .as('requested'),
      sql<boolean>`c.school_year_id IS NOT NULL`.as('lastYear'),
      sql<boolean>`c.source_id IS NOT NULL`.as('rostered'),
    ])
    .where('c.schoolId', '=', schoolId)
    .orderBy(sql`c.school_year_id IS NOT NULL`)
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
  // Last year's and rostered classes are listed to their students only: nobody asks to join one (decisions 0571, 0600).
  return rows
    .filter((r) => Boolean(r.enrolled) === enrolled && (enrolled || (!r.lastYear && !r.rostered)))
    .map(({ rostered: _rostered, ...r }) => ({ ...r, enrolled: Boolean(r.enrolled), requested: Boolean(r.requested), lastYear: Boolean(r.lastYear) }));
}

export async function isEnrolled(db: Db, classId: string, studentId: string) {
  return (
    (await db.selectFrom('enrolments').select('classId').where('classId', '=', classId).where('studentId', '=', studentId).executeTakeFirst()) !== undefined
  );
}

export async function classmates(db: Db, classId: string, schoolId: string, viewerId: string) {
  const rows = await db
    .selectFrom('enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.studentId')
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student'))
    .select(['u.id', displayName('u').as('name'), registered('u').as('registered')])
    .where('e.classId', '=', classId)
    .orderBy(sql`lower(${displayName('u')})`)
    .execute();
  return rows.map((r) => ({ ...r, isMe: r.id === viewerId }));
}

export async function insertRequest(db: Db, classId: string, studentId: string) {
  await db
    .insertInto('enrolmentRequests')
    .values({ classId, studentId })
    .onConflict((oc) => oc.columns(['classId', 'studentId']).doNothing())
    .execute();
}
