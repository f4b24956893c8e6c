import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';

export interface NotYetScope {
  schoolId: string;
  teacherId: string;
  /** One of the teacher's classes, or null for all of them. */
  classId: string | null;
  /** The window of the last N school days. */
  from: string;
  to: string;
  /** First day of the school year: "last from" looks back this far. */
  yearFrom: string;
  term: { from: string; to: string };
}

export interface NotYetRow {
  id: string;
  name: string;
  grade: number | null;
  classNames: string[];
  joinedOn: string;
  lastFromMe: string | null;
  lastFromAnyone: string | null;
  termHigh5s: number;
  everHigh5: boolean;
  daysAway: number;
}

/**
 * Every active student of the teacher's classes with when the teacher, and anyone, last recognised
 * them this school year, the teacher's High 5s to them this term and the absent days of the
 * window. Each figure is a short probe of an index per student (docs/decisions/0566): the
 * (giver, receiver, date) index for the teacher's, the receiver index backwards for anyone's (one
 * probe per kind, so each is a LIMIT 1), attendance by (student, date); nothing reads a whole
 * class's or school's recognitions.
 */
export async function notYetRows(db: Queryable, s: NotYetScope): Promise<NotYetRow[]> {
  const lastOfKind = (kind: 'high5' | 'vibe') => sql`(select max(r.school_date) from recognitions r
      where r.receiver_id = k.id and r.school_id = ${s.schoolId} and r.kind = ${kind} and r.school_date between ${s.yearFrom} and ${s.to})`;
  const result = await sql<NotYetRow>`
    with cls as (
      select c.id, c.name from class_teachers ct join classes c on c.id = ct.class_id
      where ct.teacher_id = ${s.teacherId} and c.school_id = ${s.schoolId} ${s.classId ? sql`and c.id = ${s.classId}` : sql``}
    ), k as (
      select e.student_id as id, array_agg(cls.name order by cls.name) as class_names, min(e.created_at) as enrolled_at
      from enrolments e join cls on cls.id = e.class_id
      group by e.student_id
    )
    select k.id, ${displayName('u')} as name, m.grade, k.class_names,
      (greatest(m.created_at, k.enrolled_at) at time zone sc.time_zone)::date::text as joined_on,
      (select max(r.school_date) from recognitions r
        where r.giver_id = ${s.teacherId} and r.receiver_id = k.id and r.school_id = ${s.schoolId} and r.school_date between ${s.yearFrom} and ${s.to})::text as last_from_me,
      greatest(${lastOfKind('high5')}, ${lastOfKind('vibe')})::text as last_from_anyone,
      (select count(*) from recognitions r
        where r.giver_id = ${s.teacherId} and r.receiver_id = k.id and r.school_id = ${s.schoolId} and r.kind = 'high5'
          and r.school_date between ${s.term.from} and ${s.term.to})::int as term_high5s,
      exists (select 1 from recognitions r where r.giver_id = ${s.teacherId} and r.receiver_id = k.id and r.school_id = ${s.schoolId} and r.kind = 'high5') as ever_high5,
      (select count(distinct a.school_date) from attendance a
        where a.student_id = k.id and a.school_date between ${s.from} and ${s.to} and a.code in ('A', 'E'))::int as days_away
    from k
    join school_memberships m on m.user_id = k.id and m.school_id = ${s.schoolId} and m.role = 'student' and m.status = 'active'
    join users u on u.id = k.id
    join schools sc on sc.id = ${s.schoolId}
    order by last_from_me nulls first, u.last_name, u.first_name, k.id`.execute(db);
  return result.rows;
}

/** The teacher's class in the school, or undefined (another teacher's, another school's, none). */
export function teachersClass(db: Queryable, schoolId: string, teacherId: string, classId: string) {
  return db
    .selectFrom('classTeachers as ct')
    .innerJoin('classes as c', 'c.id', 'ct.classId')
    .select('c.id')
    .where('ct.teacherId', '=', teacherId)
    .where('c.schoolId', '=', schoolId)
    .where('c.id', '=', classId)
    .executeTakeFirst();
}

/** What the window needs to know of the school: its N, time zone and open weekdays. */
export async function notYetSettings(db: Queryable, schoolId: string) {
  const row = await db
    .selectFrom('schools as s')
    .leftJoin('schoolAlertSettings as a', 'a.schoolId', 's.id')
    .select(['s.notYetDays', 's.timeZone', 'a.schoolDays'])
    .where('s.id', '=', schoolId)
    .executeTakeFirstOrThrow();
  return { days: row.notYetDays, timeZone: row.timeZone, schoolDays: row.schoolDays ?? [1, 2, 3, 4, 5] };
}
