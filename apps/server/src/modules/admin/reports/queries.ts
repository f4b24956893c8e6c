import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface ReportScope {
  schoolId: string;
  role: string;
  from: string;
  to: string;
  /** Only students enrolled in one of these classes; null for no class filter. Never empty. */
  classIds: string[] | null;
  /** Part of a name, e-mail address or username; '' for everyone. */
  search: string;
  /** A column of the report (see SORT_KEYS), validated by the contract. */
  sort: string;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

interface MemberColumns {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
  /** Rows matching the filters, on every page (count(*) over ()). */
  total: number;
}

/** `%`, `_` and `\` of a search are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of every report: active members of one role of the school, narrowed by class and search. */
function memberFilter(scope: ReportScope): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`m.school_id = ${scope.schoolId}`, sql`m.role = ${scope.role}`, sql`m.status = 'active'`];
  if (scope.classIds) {
    parts.push(sql`exists (select 1 from enrolments e where e.student_id = u.id and e.class_id in (${sql.join(scope.classIds)}))`);
  }
  if (scope.search) {
    const like = likePattern(scope.search);
    parts.push(
      sql`(u.first_name || ' ' || u.last_name ilike ${like} or u.last_name || ' ' || u.first_name ilike ${like} or coalesce(u.email, '') ilike ${like} or coalesce(u.username, '') ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** Sortable columns: a report's own counts, by their output names, and the person's name and identifier. */
const SORT_KEYS: Record<string, RawBuilder<unknown>[]> = {
  name: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  email: [sql`lower(coalesce(u.email, u.username, ''))`],
  high5Given: [sql.raw('high5_given')],
  high5Received: [sql.raw('high5_received')],
  vibeGiven: [sql.raw('vibe_given')],
  vibeReceived: [sql.raw('vibe_received')],
  highEnjoyment: [sql.raw('high_enjoyment')],
  lowEnjoyment: [sql.raw('low_enjoyment')],
  talkToday: [sql.raw('talk_today')],
  talkNotToday: [sql.raw('talk_not_today')],
};

/** ORDER BY the chosen column, then name and id so that pages never overlap; then the page. */
function orderAndPage(scope: ReportScope): RawBuilder<unknown> {
  const keys = SORT_KEYS[scope.sort] ?? SORT_KEYS.name!;
  const dir = scope.dir === 'desc' ? sql`desc` : sql`asc`;
  const order = [...keys.map((k) => sql`${k} ${dir}`), sql`lower(u.last_name)`, sql`lower(u.first_name)`, sql`u.id`];
  return sql`order by ${sql.join(order)} limit ${scope.limit} offset ${scope.offset}`;
}

const MEMBER = sql`u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total`;

export interface RecognitionReportRow extends MemberColumns {
  high5Given: number;
  high5Received: number;
  vibeGiven: number;
  vibeReceived: number;
}

/**
 * The group report: High 5s and Vibes given and received per member. The school's recognitions
 * in the range (index recognitions (school_id, school_date)) are counted per giver and per
 * receiver in SQL, then joined to the members, ordered and paged: one query per page.
 */
export async function recognitionReport(db: Db, scope: ReportScope) {
  const result = await sql<RecognitionReportRow>`
    with in_range as (
      select giver_id, receiver_id, kind from recognitions
      where school_id = ${scope.schoolId} and school_date between ${scope.from} and ${scope.to}
    ),
    given as (
      select giver_id as user_id, count(*) filter (where kind = 'high5') as high5, count(*) filter (where kind = 'vibe') as vibe
      from in_range group by giver_id
    ),
    received as (
      select receiver_id as user_id, count(*) filter (where kind = 'high5') as high5, count(*) filter (where kind = 'vibe') as vibe
      from in_range group by receiver_id
    )
    select ${MEMBER},
      coalesce(g.high5, 0)::int as high5_given, coalesce(r.high5, 0)::int as high5_received,
      coalesce(g.vibe, 0)::int as vibe_given, coalesce(r.vibe, 0)::int as vibe_received
    from school_memberships m
    join users u on u.id = m.user_id
    left join given g on g.user_id = u.id
    left join received r on r.user_id = u.id
    where ${memberFilter(scope)}
    ${orderAndPage(scope)}`.execute(db);
  return result.rows;
}

export interface MoodReportRow extends MemberColumns {
  highEnjoyment: number;
  lowEnjoyment: number;
  talkToday: number;
  talkNotToday: number;
  lowEntries: { date: string; mood: string; emergency: boolean; talk: 'none' | 'not-today' | 'today' }[];
}

/**
 * The mood meter report: high and low enjoyment check-ins per member in the range (index
 * moods (school_id, school_date)), and how many asked to talk today or not today. `filters`
 * narrows what counts as low enjoyment to those feelings; only members with at least
 * `minimumLow` such check-ins (and one, with a filter) are listed.
 */
export async function moodReport(db: Db, scope: ReportScope, options: { filters: string[]; minimumLow: number }) {
  const isLow = options.filters.length ? sql`low_enjoyment and mood in (${sql.join(options.filters)})` : sql`low_enjoyment`;
  // With a feeling filter, only members who had one of those feelings are listed.
  const least = Math.max(options.minimumLow > 0 ? options.minimumLow : 0, options.filters.length ? 1 : 0);
  const threshold = least > 0 ? sql`and coalesce(c.low, 0) >= ${least}` : sql``;
  const result = await sql<MoodReportRow>`
    with counted as (
      select user_id,
        count(*) filter (where not low_enjoyment) as high,
        count(*) filter (where ${isLow}) as low,
        count(*) filter (where emergency_priority = 'today') as talk_today,
        count(*) filter (where emergency_priority = 'not-today') as talk_not_today,
        json_agg(json_build_object('date', to_char(school_date, 'YYYY-MM-DD'), 'mood', mood, 'emergency', emergency, 'talk', emergency_priority) order by school_date, id)
          filter (where ${isLow}) as entries
      from moods
      where school_id = ${scope.schoolId} and school_date between ${scope.from} and ${scope.to}
      group by user_id
    )
    select ${MEMBER},
      coalesce(c.high, 0)::int as high_enjoyment, coalesce(c.low, 0)::int as low_enjoyment,
      coalesce(c.talk_today, 0)::int as talk_today, coalesce(c.talk_not_today, 0)::int as talk_not_today,
      coalesce(c.entries, '[]'::json) as low_entries
    from school_memberships m
    join users u on u.id = m.user_id
    left join counted c on c.user_id = u.id
    where ${memberFilter(scope)} ${threshold}
    ${orderAndPage(scope)}`.execute(db);
  return result.rows;
}

/** An active member of the school (any role). */
export function findMember(db: Db, schoolId: string, userId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'u.username', 'm.role'])
    .where('m.schoolId', '=', schoolId)
    .where('m.userId', '=', userId)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
}

/** What one user received of a kind in the school and range, newest first, with category ids. */
export async function receivedItems(db: Db, schoolId: string, userId: string, kind: 'high5' | 'vibe', from: string, to: string, limit: number) {
  const result = await sql<{ id: number; firstName: string; lastName: string; giverRole: string; schoolDate: string; comment: string; categoryIds: string[] }>`
    select r.id, u.first_name, u.last_name, r.giver_role, to_char(r.school_date, 'YYYY-MM-DD') as school_date, r.comment,
      coalesce(array_agg(rc.category_id::text order by rc.category_id) filter (where rc.category_id is not null), '{}') as category_ids
    from recognitions r
    join users u on u.id = r.giver_id
    left join recognition_categories rc on rc.recognition_id = r.id
    where r.receiver_id = ${userId} and r.kind = ${kind} and r.school_id = ${schoolId}
      and r.school_date between ${from} and ${to}
    group by r.id, u.id
    order by r.given_at desc, r.id desc
    limit ${limit}`.execute(db);
  return result.rows;
}

/** How many of a user's received items of a kind carry each category (exact, whatever the item limit). */
export async function receivedCategoryCounts(db: Db, schoolId: string, userId: string, kind: 'high5' | 'vibe', from: string, to: string) {
  const result = await sql<{ categoryId: string; n: number }>`
    select rc.category_id, count(*)::int as n
    from recognitions r
    join recognition_categories rc on rc.recognition_id = r.id
    where r.receiver_id = ${userId} and r.kind = ${kind} and r.school_id = ${schoolId}
      and r.school_date between ${from} and ${to}
    group by rc.category_id`.execute(db);
  return new Map(result.rows.map((row) => [row.categoryId, row.n]));
}

/** Categories of a kind that a school's members can have received: built-in and the school's own. */
export function schoolCategories(db: Db, schoolId: string, kind: 'high5' | 'vibe') {
  return db
    .selectFrom('categories as c')
    .leftJoin('categorySettings as cs', (join) => join.onRef('cs.categoryId', '=', 'c.id').on('cs.schoolId', '=', schoolId))
    .select(['c.id', 'c.nameEn', 'c.nameEs', sql<boolean>`coalesce(cs.enabled, true)`.as('enabled')])
    .where('c.kind', '=', kind)
    .where((eb) => eb.or([eb('c.schoolId', 'is', null), eb('c.schoolId', '=', schoolId)]))
    .orderBy(sql`c.school_id is not null`)
    .orderBy('c.position')
    .orderBy('c.createdAt')
    .execute();
}

export async function classInSchool(db: Db, schoolId: string, classId: string) {
  return (await db.selectFrom('classes').select('id').where('id', '=', classId).where('schoolId', '=', schoolId).executeTakeFirst()) !== undefined;
}

/** Classes of a school with their owner's name; only those `teacherId` teaches when given. */
export function classesOf(db: Db, schoolId: string, teacherId: string | null) {
  let query = db
    .selectFrom('classes as c')
    .innerJoin('users as o', 'o.id', 'c.ownerId')
    .select(['c.id', 'c.name', 'o.firstName', 'o.lastName'])
    .where('c.schoolId', '=', schoolId);
  if (teacherId) {
    query = query.where((eb) =>
      eb.or([
        eb('c.ownerId', '=', teacherId),
        eb.exists(eb.selectFrom('classTeachers as ct').select('ct.classId').whereRef('ct.classId', '=', 'c.id').where('ct.teacherId', '=', teacherId)),
      ]),
    );
  }
  return query.orderBy(sql`lower(c.name)`).orderBy('c.id').execute();
}


export function findMoodReportSettings(db: Db, schoolId: string) {
  return db.selectFrom('moodReportSettings').select(['rangeDays', 'minimumLowEnjoyment', 'filters']).where('schoolId', '=', schoolId).executeTakeFirst();
}

export async function saveMoodReportSettings(db: Db, schoolId: string, values: { rangeDays: number; minimumLowEnjoyment: number; filters: string[] }) {
  await db
    .insertInto('moodReportSettings')
    .values({ schoolId, ...values })
    .onConflict((oc) => oc.column('schoolId').doUpdateSet(values))
    .execute();
}
