import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * What the student rules need to know about one student and one viewer, in one query: whether
 * `studentId` is a student of `schoolId` (no row otherwise), and the viewer's ties to them.
 * The only "teaches this student" query of the server (docs/decisions/0470).
 */
export function studentTies(db: Db, schoolId: string, studentId: string, viewerId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select((eb) => [
      's.timeZone',
      'm.rostered',
      eb
        .exists(
          eb
            .selectFrom('enrolments as e')
            .innerJoin('classTeachers as ct', 'ct.classId', 'e.classId')
            .innerJoin('classes as c', 'c.id', 'e.classId')
            .select(sql`1`.as('one'))
            .where('e.studentId', '=', studentId)
            .where('ct.teacherId', '=', viewerId)
            .where('c.schoolId', '=', schoolId)
            // This year's classes only: last year's teacher no longer teaches the student (docs/decisions/0608).
            .where('c.schoolYearId', 'is', null),
        )
        .as('inClassOf'),
      eb
        .exists(
          eb
            .selectFrom('trustedAdults as t')
            .select(sql`1`.as('one'))
            .where('t.studentId', '=', studentId)
            .where('t.adultId', '=', viewerId),
        )
        .as('trusted'),
      eb
        .exists(
          eb
            .selectFrom('alertRecipients as r')
            .innerJoin('alerts as a', 'a.id', 'r.alertId')
            .select(sql`1`.as('one'))
            .where('a.schoolId', '=', schoolId)
            .where('a.studentId', '=', studentId)
            .where('r.adultId', '=', viewerId),
        )
        .as('reached'),
      eb
        .exists(
          eb
            .selectFrom('parentLinks as p')
            .select(sql`1`.as('one'))
            .where('p.parentId', '=', viewerId)
            .where('p.studentId', '=', studentId),
        )
        .as('parentOf'),
      eb
        .exists(
          eb
            .selectFrom('parentLinks as p')
            .select(sql`1`.as('one'))
            .where('p.parentId', '=', viewerId)
            .where('p.studentId', '=', studentId)
            .where('p.confirmedAt', 'is not', null),
        )
        .as('knownParentOf'),
      // The school's alert settings row may not exist yet: parents see moods by default (decision 0420).
      eb.fn
        .coalesce(eb.selectFrom('schoolAlertSettings as a').select('a.parentsSeeMoods').where('a.schoolId', '=', schoolId), sql<boolean>`true`)
        .as('parentsSeeMoods'),
    ])
    .where('m.schoolId', '=', schoolId)
    .where('m.userId', '=', studentId)
    .where('m.role', '=', 'student')
    .executeTakeFirst();
}
