import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

const name = (alias: string) => sql<string>`btrim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)})`;

/** The school's parent links (both people members here) and its waiting requests. */
export function familyLinksOf(db: Db, schoolId: string) {
  const linked = db
    .selectFrom('parentLinks as l')
    .innerJoin('schoolMemberships as sm', (j) =>
      j.onRef('sm.userId', '=', 'l.studentId').on('sm.schoolId', '=', schoolId).on('sm.role', '=', 'student').on('sm.status', '<>', 'inactive'),
    )
    .innerJoin('schoolMemberships as pm', (j) =>
      j.onRef('pm.userId', '=', 'l.parentId').on('pm.schoolId', '=', schoolId).on('pm.role', '=', 'parent').on('pm.status', '<>', 'inactive'),
    )
    .innerJoin('users as p', 'p.id', 'l.parentId')
    .innerJoin('users as s', 's.id', 'l.studentId')
    .select([
      'l.parentId',
      name('p').as('parentName'),
      'p.email as parentEmail',
      'l.studentId',
      name('s').as('studentName'),
      sql<'linked' | 'requested'>`'linked'`.as('status'),
      'l.createdAt as since',
      'l.confirmedAt',
      sql<string | null>`(select ${name('c')} from users c where c.id = l.confirmed_by)`.as('confirmedBy'),
    ]);
  const asked = db
    .selectFrom('parentLinkRequests as r')
    .innerJoin('users as p', 'p.id', 'r.parentId')
    .innerJoin('users as s', 's.id', 'r.studentId')
    .where('r.schoolId', '=', schoolId)
    .select([
      'r.parentId',
      name('p').as('parentName'),
      'p.email as parentEmail',
      'r.studentId',
      name('s').as('studentName'),
      sql<'linked' | 'requested'>`'requested'`.as('status'),
      'r.createdAt as since',
      sql<Date | null>`null::timestamptz`.as('confirmedAt'),
      sql<string | null>`null::text`.as('confirmedBy'),
    ]);
  return db
    .selectFrom(linked.unionAll(asked).as('x'))
    .selectAll()
    .orderBy(sql`lower(x.student_name)`)
    .orderBy(sql`lower(x.parent_name)`)
    .execute();
}

/** Removes the link and any request between the two, when the student is a student here; counts what went. */
export async function removeLink(db: Db, schoolId: string, parentId: string, studentId: string) {
  const student = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('userId', '=', studentId)
    .where('schoolId', '=', schoolId)
    .where('role', '=', 'student')
    .executeTakeFirst();
  if (!student) return 0;
  const links = await db.deleteFrom('parentLinks').where('parentId', '=', parentId).where('studentId', '=', studentId).executeTakeFirst();
  const requests = await db
    .deleteFrom('parentLinkRequests')
    .where('parentId', '=', parentId)
    .where('studentId', '=', studentId)
    .where('schoolId', '=', schoolId)
    .executeTakeFirst();
  return Number(links.numDeletedRows) + Number(requests.numDeletedRows);
}

/**
 * Confirms the link between a parent and a student of the school (both members here): the school
 * knows this parent (docs/decisions/0540). Confirming again changes nothing. Counts what it found.
 */
export async function confirmLink(db: Db, schoolId: string, parentId: string, studentId: string, adminId: string, now: Date) {
  const result = await db
    .updateTable('parentLinks as l')
    .set({ confirmedAt: sql`coalesce(l.confirmed_at, ${now}::timestamptz)`, confirmedBy: sql`coalesce(l.confirmed_by, ${adminId}::uuid)` })
    .where('l.parentId', '=', parentId)
    .where('l.studentId', '=', studentId)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('schoolMemberships as s')
            .select('s.userId')
            .where('s.userId', '=', studentId)
            .where('s.schoolId', '=', schoolId)
            .where('s.role', '=', 'student')
            .where('s.status', '<>', 'inactive'),
        ),
        eb.exists(
          eb
            .selectFrom('schoolMemberships as p')
            .select('p.userId')
            .where('p.userId', '=', parentId)
            .where('p.schoolId', '=', schoolId)
            .where('p.role', '=', 'parent')
            .where('p.status', '<>', 'inactive'),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A parent left with no child among the school's students loses their parent membership there. */
export async function dropChildlessParentMembership(db: Db, schoolId: string, parentId: string) {
  await db
    .deleteFrom('schoolMemberships as m')
    .where('m.userId', '=', parentId)
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'parent')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('parentLinks as l')
            .innerJoin('schoolMemberships as s', (j) => j.onRef('s.userId', '=', 'l.studentId').on('s.schoolId', '=', schoolId).on('s.role', '=', 'student'))
            .select('l.studentId')
            .where('l.parentId', '=', parentId),
        ),
      ),
    )
    .execute();
}
