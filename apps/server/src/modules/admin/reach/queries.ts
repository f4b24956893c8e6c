import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { splitRange } from '../../../lib/range-split.js';
import { recognitionCounts } from '../reports/counts.js';

export interface ReachRow {
  dimension: 'school' | 'grade' | 'iep' | 'plan504' | 'englishLearner' | 'class';
  /** The grade, the flag's on/off, or the class id; '' for the school. */
  key: string;
  label: string;
  students: number;
  reached: number;
}

/**
 * How many of the school's active students received at least one High 5 in the range, for the
 * school, each grade, each flag on and off, and each class: High 5s received come from the monthly
 * counts plus the edge days (decision 0450, recognitionCounts), so a year costs about 12 small
 * index rows a student; one statement.
 */
export async function reachRows(db: Queryable, schoolId: string, from: string, to: string): Promise<ReachRow[]> {
  const result = await sql<ReachRow>`
    with counts as (${recognitionCounts(schoolId, splitRange(from, to), 'school')}),
    kids as (
      select m.user_id, m.grade, m.iep, m.plan504, coalesce(m.language_level = 'L', false) as english_learner,
        coalesce(c.high5_received, 0) > 0 as reached
      from school_memberships m left join counts c on c.user_id = m.user_id
      where m.school_id = ${schoolId} and m.role = 'student' and m.status = 'active'
    )
    select case
        when grouping(grade) = 0 then 'grade' when grouping(iep) = 0 then 'iep'
        when grouping(plan504) = 0 then 'plan504' when grouping(english_learner) = 0 then 'englishLearner' else 'school' end as dimension,
      coalesce(case when grouping(grade) = 0 then grade::text when grouping(iep) = 0 then iep::text
        when grouping(plan504) = 0 then plan504::text when grouping(english_learner) = 0 then english_learner::text end, '') as key,
      '' as label, count(*)::int as students, (count(*) filter (where reached))::int as reached
    from kids
    group by grouping sets ((grade), (iep), (plan504), (english_learner), ())
    union all
    select 'class', c.id::text, c.name || ' · ' || ${displayName('o')}, count(*)::int, (count(*) filter (where k.reached))::int
    from kids k
    join enrolments e on e.student_id = k.user_id
    join classes c on c.id = e.class_id and c.school_id = ${schoolId}
    join users o on o.id = c.owner_id
    group by c.id, c.name, o.first_name, o.last_name, o.email, o.username`.execute(db);
  return result.rows;
}

export interface GiverDbRow {
  userId: string;
  name: string;
  role: 'teacher' | 'staff';
  students: number;
  high5s: number;
}

/**
 * Every active teacher and staff member of the school with how many distinct students they gave a
 * High 5 to in the range: each is one range of the (giver, school, kind, date) index.
 */
export async function giverRows(db: Queryable, schoolId: string, from: string, to: string): Promise<GiverDbRow[]> {
  const result = await sql<GiverDbRow>`
    select m.user_id, ${displayName('u')} as name, m.role, g.students, g.high5s
    from school_memberships m
    join users u on u.id = m.user_id
    cross join lateral (
      select count(distinct r.receiver_id)::int as students, count(*)::int as high5s
      from recognitions r
      where r.giver_id = m.user_id and r.school_id = ${schoolId} and r.kind = 'high5'
        and r.school_date between ${from} and ${to} and r.receiver_role = 'student'
    ) g
    where m.school_id = ${schoolId} and m.role in ('teacher', 'staff') and m.status = 'active'
    order by g.students desc, u.last_name, u.first_name, m.user_id`.execute(db);
  return result.rows;
}
