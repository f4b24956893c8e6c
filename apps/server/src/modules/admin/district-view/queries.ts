import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import { afterKey, keyColumns, orderClause, withKey, type OrderTerm } from '../../../lib/cursor.js';
import { containsPattern } from '../../../lib/search.js';
import { splitRange } from '../../../lib/range-split.js';
import { moodCounts, recognitionCounts } from '../reports/counts.js';

/** The district's name, or undefined when there is no such district. */
export async function districtName(db: Db, districtId: string) {
  return (await db.selectFrom('districts').select('name').where('id', '=', districtId).executeTakeFirst())?.name;
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
}

type StudentRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
  schoolId: string;
  schoolName: string;
  grade: number | null;
};

/** The list's order: the chosen column (no grade last either way), then name and ids so that pages never overlap. */
function studentOrder(scope: StudentScope): OrderTerm[] {
  const { dir } = scope;
  const chosen: OrderTerm[] =
    scope.sort === 'grade'
      ? [[sql`coalesce(m.grade, ${sql.lit(dir === 'asc' ? 100 : -100)})`, dir]]
      : scope.sort === 'school'
        ? [[sql`lower(s.name)`, dir]]
        : [
            [sql`lower(u.last_name)`, dir],
            [sql`lower(u.first_name)`, dir],
          ];
  return [...chosen, [sql`lower(u.last_name)`, 'asc'], [sql`lower(u.first_name)`, 'asc'], [sql`u.id`, 'asc'], [sql`s.id`, 'asc']];
}

/** The district's active students (a student of two of its schools is listed once per school), searched; `more` orders and cuts. */
function students(scope: StudentScope, columns: RawBuilder<unknown>, more: RawBuilder<unknown>) {
  const like = containsPattern(scope.search);
  const search = scope.search
    ? sql`and (u.first_name || ' ' || u.last_name ilike ${like} or u.last_name || ' ' || u.first_name ilike ${like} or coalesce(u.email, '') ilike ${like} or coalesce(u.username, '') ilike ${like})`
    : sql``;
  return sql`
    select u.id as user_id, u.first_name, u.last_name, u.email, u.username, s.id as school_id, s.name as school_name, m.grade, ${columns}
    from schools s
    join school_memberships m on m.school_id = s.id and m.role = 'student' and m.status = 'active'
    join users u on u.id = m.user_id
    where s.district_id = ${scope.districtId} ${search}
    ${more}`;
}

/** One page of the list, with the total. */
export async function districtStudents(db: Db, scope: StudentScope & { offset: number; limit: number }) {
  const page = sql`${orderClause(studentOrder(scope))} limit ${scope.limit} offset ${scope.offset}`;
  const result = await sql<StudentRow & { total: number }>`${students(scope, sql`(count(*) over ())::int as total`, page)}`.execute(db);
  return result.rows;
}

/** Up to `limit` students after the one whose key is `after`, in the list's order: one batch of its CSV file. */
export async function districtStudentsBatch(db: Db, scope: StudentScope, after: unknown[] | null, limit: number) {
  const terms = studentOrder(scope);
  const batch = sql`${after ? sql`and ${afterKey(terms, after)}` : sql``} ${orderClause(terms)} limit ${limit}`;
  const result = await sql<Record<string, unknown>>`${students(scope, keyColumns(terms), batch)}`.execute(db);
  return result.rows.map((row) => withKey(row, terms) as StudentRow & { key: unknown[] });
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
