import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName, registered } from '../common.js';

/**
 * One page of the students a caller looks after: the whole school (admins) or the students
 * of the classes `teacherId` teaches. Keyset-paged by (lower(name), id).
 */
export async function rosterPage(db: Db, schoolId: string, teacherId: string | null, search: string | undefined, after: { key: string; id: string } | null, limit: number) {
  const sortKey = sql<string>`lower(${displayName('u')})`;
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', 'u.username', 'm.grade', displayName('u').as('name'), registered('u').as('registered'), sortKey.as('sortKey')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'student')
    .where('m.status', '<>', 'inactive');
  if (teacherId) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrolments as e')
          .innerJoin('classTeachers as ct', 'ct.classId', 'e.classId')
          .innerJoin('classes as c', 'c.id', 'e.classId')
          .select('e.classId')
          .whereRef('e.studentId', '=', 'u.id')
          .where('ct.teacherId', '=', teacherId)
          .where('c.schoolId', '=', schoolId),
      ),
    );
  }
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb(displayName('u'), 'ilike', pattern), eb('u.email', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  if (after) query = query.where(sql<boolean>`(${sortKey}, u.id) > (${after.key}, ${after.id}::uuid)`);
  return query.orderBy(sortKey).orderBy('u.id').limit(limit + 1).execute();
}

export async function studentAccounts(db: Db, schoolId: string, ids: readonly string[]) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', 'u.username', 'u.firstName', 'u.language', registered('u').as('registered')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'student')
    .where('u.id', 'in', ids)
    .execute();
}
