import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import { containsPattern } from '../../../lib/search.js';
import { splitRange } from '../../../lib/range-split.js';
import { moodCounts, recognitionCounts } from '../reports/counts.js';

export function districtExists(db: Db, districtId: string) {
  return db.selectFrom('districts').select('id').where('id', '=', districtId).executeTakeFirst();
}

/** The district's schools, by name: the only schools its view reads. */
export function districtSchools(db: Db, districtId: string) {
  return db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where('districtId', '=', districtId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export interface StudentScope {
  districtId: string;
  search: string;
  sort: 'name' | 'school' | 'grade';
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SORTS: Record<StudentScope['sort'], RawBuilder<unknown>[]> = {
  name: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  school: [sql`lower(s.name)`],
  grade: [sql`m.grade`],
};

/** One page of the district's active students (a student of two of its schools is listed once per school). */
export function districtStudents(db: Db, scope: StudentScope) {
  const dir = scope.dir === 'desc' ? sql`desc` : sql`asc`;
  // Grades sort nulls (no grade) last either way, then by name so pages never overlap.
  const order = [...SORTS[scope.sort].map((k) => sql`${k} ${dir} nulls last`), sql`lower(u.last_name)`, sql`lower(u.first_name)`, sql`u.id`, sql`s.id`];
  const like = containsPattern(scope.search);
  const search = scope.search
    ? sql`and (u.first_name || ' ' || u.last_name ilike ${like} or u.last_name || ' ' || u.first_name ilike ${like} or coalesce(u.email, '') ilike ${like} or coalesce(u.username, '') ilike ${like})`
    : sql``;
  return sql<{
    userId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    username: string | null;
    schoolId: string;
    schoolName: string;
    grade: number | null;
    total: number;
  }>`
    select u.id as user_id, u.first_name, u.last_name, u.email, u.username, s.id as school_id, s.name as school_name, m.grade, (count(*) over ())::int as total
    from schools s
    join school_memberships m on m.school_id = s.id and m.role = 'student' and m.status = 'active'
    join users u on u.id = m.user_id
    where s.district_id = ${scope.districtId} ${search}
    order by ${sql.join(order)}
    limit ${scope.limit} offset ${scope.offset}`
    .execute(db)
    .then((r) => r.rows);
}

export interface SchoolFigures {
  students: number;
  high5Given: number;
  high5Received: number;
  vibeGiven: number;
  vibeReceived: number;
  checkIns: number;
  lowEnjoyment: number;
}

/** One school's active students' figures in the range, from the counts the group and mood reports use. */
export async function schoolFigures(db: Db, schoolId: string, range: { from: string; to: string }): Promise<SchoolFigures> {
  const split = splitRange(range.from, range.to);
  const row = await sql<SchoolFigures>`
    with students as (select user_id from school_memberships where school_id = ${schoolId} and role = 'student' and status = 'active'),
      rc as (${recognitionCounts(schoolId, split, 'school')}),
      mc as (${moodCounts(schoolId, split, [], 'school')})
    select
      (select count(*) from students)::int as students,
      coalesce((select sum(high5_given) from rc where user_id in (select user_id from students)), 0)::int as high5_given,
      coalesce((select sum(high5_received) from rc where user_id in (select user_id from students)), 0)::int as high5_received,
      coalesce((select sum(vibe_given) from rc where user_id in (select user_id from students)), 0)::int as vibe_given,
      coalesce((select sum(vibe_received) from rc where user_id in (select user_id from students)), 0)::int as vibe_received,
      coalesce((select sum(high + low) from mc where user_id in (select user_id from students)), 0)::int as check_ins,
      coalesce((select sum(low) from mc where user_id in (select user_id from students)), 0)::int as low_enjoyment`.execute(db);
  return row.rows[0]!;
}
