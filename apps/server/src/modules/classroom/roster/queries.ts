import type { RosterQuery } from '@high5/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { registered } from '../../../lib/registered.js';
import { containsPattern } from '../../../lib/search.js';
import { studentFilterSql } from '../../../lib/student-filter.js';

/**
 * One page of the students a caller looks after: the whole school (admins) or the students of the
 * classes `teacherId` teaches, searched and sorted as asked (ties by name, then id), with the
 * count of all that match.
 */
export async function rosterPage(db: Db, schoolId: string, teacherId: string | null, { q, sort, dir, page, pageSize, ...filter }: RosterQuery) {
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'student')
    .where('m.status', '<>', 'inactive');
  for (const condition of studentFilterSql(filter)) query = query.where(condition);
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
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb(displayName('u'), 'ilike', pattern), eb('u.email', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  const name = sql<string>`lower(${displayName('u')})`;
  const order = sql.raw(dir === 'desc' ? 'desc' : 'asc');
  const first = sort === 'email' ? sql`lower(u.email) ${order} nulls last` : sort === 'grade' ? sql`m.grade ${order} nulls last` : sql`${name} ${order}`;
  const [rows, total] = await Promise.all([
    query
      .select([
        'u.id',
        'u.email',
        'u.username',
        'm.grade',
        'm.iep',
        'm.plan504',
        sql<boolean>`coalesce(m.language_level = 'L', false)`.as('englishLearner'),
        displayName('u').as('name'),
        registered('u').as('registered'),
      ])
      .orderBy(first)
      .orderBy(name)
      .orderBy('u.id')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
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

/**
 * The people of a class an admin sends their first sign-in (decision 0554): its teachers (the
 * owner and co-teachers) and its students, each an active member of the school in that role,
 * locked for the rest of the transaction (a double click waits, then finds the invitation).
 */
export async function classPeople(db: Db, classId: string, schoolId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId))
    .select(['u.id', 'u.email', 'u.firstName', 'u.language', 'm.role', displayName('u').as('name'), registered('u').as('registered')])
    .where('m.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('m.role', '=', 'student'),
          eb.exists(eb.selectFrom('enrolments as e').select('e.classId').whereRef('e.studentId', '=', 'u.id').where('e.classId', '=', classId)),
        ]),
        eb.and([
          eb('m.role', '=', 'teacher'),
          eb.or([
            eb.exists(eb.selectFrom('classTeachers as ct').select('ct.classId').whereRef('ct.teacherId', '=', 'u.id').where('ct.classId', '=', classId)),
            eb.exists(eb.selectFrom('classes as c').select('c.id').whereRef('c.ownerId', '=', 'u.id').where('c.id', '=', classId)),
          ]),
        ]),
      ]),
    )
    .orderBy('m.role', 'desc')
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .forUpdate('u')
    .execute();
}
