import { PAGE_SIZES, type StudentFilter } from '@high5/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import { splitRange } from '../../../lib/range-split.js';
import { isLowMood, moodCounts, recognitionCounts, type CountedFor } from './counts.js';
import { containsPattern } from '../../../lib/search.js';
import { studentFilterSql } from '../../../lib/student-filter.js';
import { afterKey, keyColumns, orderClause, withKey, type OrderTerm } from '../../../lib/cursor.js';

export interface ReportScope {
  schoolId: string;
  role: string;
  from: string;
  to: string;
  /** Only students enrolled in one of these classes; null for no class filter. Never empty. */
  classIds: string[] | null;
  /** Students with these flags, of this grade (docs/decisions/0601). */
  students: StudentFilter;
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

/** The WHERE of every report: active members of one role of the school, narrowed by class and search. */
function memberFilter(scope: Pick<ReportScope, 'schoolId' | 'role' | 'classIds' | 'search' | 'students'>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`m.school_id = ${scope.schoolId}`,
    sql`m.role = ${scope.role}`,
    sql`m.status = 'active'`,
    ...studentFilterSql(scope.students),
  ];
  if (scope.classIds) {
    parts.push(sql`exists (select 1 from enrolments e where e.student_id = u.id and e.class_id in (${sql.join(scope.classIds)}))`);
  }
  if (scope.search) {
    const like = containsPattern(scope.search);
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

/**
 * The largest page that is cut before counting (the screen's pages, up to 100 rows): each of its
 * people costs index probes of their own. A larger page (the CSV's 500) is a good part of the
 * school, so the whole school is counted from the (school_id, month) and (school_id, school_date)
 * indexes in one pass each, which costs less than a probe per person (docs/decisions/0451).
 */
const PAGE_FIRST_MAX = Math.max(...PAGE_SIZES);

/** Columns whose order needs every member's counts before the page can be cut. */
const COUNT_SORTS = new Set(['high5Given', 'high5Received', 'vibeGiven', 'vibeReceived', 'highEnjoyment', 'lowEnjoyment', 'talkToday', 'talkNotToday']);

/** The order of a report: the chosen column, then name and id so that pages never overlap. */
function orderTerms(scope: Pick<ReportScope, 'sort' | 'dir'>): OrderTerm[] {
  const keys = SORT_KEYS[scope.sort] ?? SORT_KEYS.name!;
  return [...keys.map((k): OrderTerm => [k, scope.dir]), [sql`lower(u.last_name)`, 'asc'], [sql`lower(u.first_name)`, 'asc'], [sql`u.id`, 'asc']];
}

const orderBy = (scope: Pick<ReportScope, 'sort' | 'dir'>) => orderClause(orderTerms(scope));

const page = (scope: ReportScope) => sql`${orderBy(scope)} limit ${scope.limit} offset ${scope.offset}`;

/** The people of a page, as the page CTE and the final SELECT name them (u). */
const MEMBER = sql`u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, (count(*) over ())::int as total`;
const MEMBER_OUT = sql`u.user_id, u.first_name, u.last_name, u.email, u.username, u.total`;

/**
 * A report page in one query (docs/decisions/0450, 0451). A screen page sorted by name or e-mail:
 * the members are paged first, then counted (only the page's people). Sorted by a count, listing
 * only members over a threshold, or a page larger than the screen's: every member's counts are
 * summed from the monthly tables (plus edge days), then the page is cut.
 */
function reportPage(
  scope: ReportScope,
  counted: (who: CountedFor) => RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  opts: { threshold?: RawBuilder<unknown> } = {},
) {
  const members = sql`from school_memberships m join users u on u.id = m.user_id`;
  if (COUNT_SORTS.has(scope.sort) || opts.threshold || scope.limit > PAGE_FIRST_MAX) {
    return sql`
      with counted as (${counted('school')}),
      page as (
        select ${MEMBER}, ${columns}
        ${members} left join counted c on c.user_id = u.id
        where ${memberFilter(scope)} ${opts.threshold ?? sql``}
        ${page(scope)}
      )
      select u.* from page u
      ${orderBy(scope)}`;
  }
  return sql`
    with page as (
      select ${MEMBER} ${members}
      where ${memberFilter(scope)}
      ${page(scope)}
    ),
    counted as (${counted('page')})
    select ${MEMBER_OUT}, ${columns}
    from page u left join counted c on c.user_id = u.id
    ${orderBy(scope)}`;
}

export interface RecognitionReportRow extends MemberColumns {
  high5Given: number;
  high5Received: number;
  vibeGiven: number;
  vibeReceived: number;
}

const recognitionColumns = sql`coalesce(c.high5_given, 0)::int as high5_given, coalesce(c.high5_received, 0)::int as high5_received,
  coalesce(c.vibe_given, 0)::int as vibe_given, coalesce(c.vibe_received, 0)::int as vibe_received`;

/** The group report: High 5s and Vibes given and received per member, one page. */
export async function recognitionReport(db: Db, scope: ReportScope) {
  const split = splitRange(scope.from, scope.to);
  const result = await sql<RecognitionReportRow>`${reportPage(scope, (who) => recognitionCounts(scope.schoolId, split, who), recognitionColumns)}`.execute(db);
  return result.rows;
}

export interface MoodReportOptions {
  filters: string[];
  minimumLow: number;
  /** Also read each row's low-enjoyment check-ins (the admin's CSV file). */
  entries?: boolean;
}

export interface MoodReportRow extends MemberColumns {
  highEnjoyment: number;
  lowEnjoyment: number;
  talkToday: number;
  talkNotToday: number;
  /** Read for the CSV file only (`entries`). */
  lowEntries?: { date: string; mood: string; emergency: boolean; talk: 'none' | 'not-today' | 'today' }[];
}

/**
 * The mood meter report: high and low enjoyment check-ins per member in the range, and how many
 * asked to talk today or not today. `filters` narrows what counts as low enjoyment to those
 * feelings; only members with at least `minimumLow` such check-ins (and one, with a filter) are
 * listed. The low check-ins themselves are the CSV file's (`moodReportBatch`).
 */
export async function moodReport(db: Db, scope: ReportScope, options: Omit<MoodReportOptions, 'entries'>) {
  const split = splitRange(scope.from, scope.to);
  const result =
    await sql<MoodReportRow>`${reportPage(scope, (who) => moodCounts(scope.schoolId, split, options.filters, who), moodColumns, moodThreshold(options))}`.execute(
      db,
    );
  return result.rows;
}

const moodColumns = sql`coalesce(c.high, 0)::int as high_enjoyment, coalesce(c.low, 0)::int as low_enjoyment,
  coalesce(c.talk_today, 0)::int as talk_today, coalesce(c.talk_not_today, 0)::int as talk_not_today`;

/** With a feeling filter, only members who had one of those feelings are listed; else those with `minimumLow` if above 0. */
function moodThreshold(options: MoodReportOptions) {
  const least = Math.max(options.minimumLow > 0 ? options.minimumLow : 0, options.filters.length ? 1 : 0);
  return least > 0 ? { threshold: sql`and coalesce(c.low, 0) >= ${least}` } : {};
}

/** Each row's low check-ins, oldest first (index (user_id, school_date)). */
const lowEntries = (scope: Pick<ReportScope, 'schoolId' | 'from' | 'to'>, filters: string[]) => sql`coalesce((
    select json_agg(json_build_object('date', to_char(mo.school_date, 'YYYY-MM-DD'), 'mood', mo.mood, 'emergency', mo.emergency, 'talk', mo.emergency_priority) order by mo.school_date, mo.id)
    from moods mo
    where mo.user_id = u.id and mo.school_id = ${scope.schoolId} and mo.school_date between ${scope.from} and ${scope.to} and ${isLowMood(filters, 'mo')}
  ), '[]'::json) as low_entries`;

/** The scope of a CSV file: a report's, without the page. */
export type BatchScope = Omit<ReportScope, 'offset' | 'limit'>;

/** A report row of a CSV batch: `key` is where the next batch starts. */
export type Batched<Row> = Omit<Row, 'total'> & { key: unknown[] };

/**
 * Up to `limit` rows of a report after the row whose `key` is `after`, in the report's order: one
 * keyset batch of its CSV file (docs/decisions/0595). Every member's counts are summed as for a
 * large page (docs/decisions/0451), but only one batch is read; `extra` adds per-row columns.
 */
async function reportBatch<Row>(
  db: Db,
  scope: BatchScope,
  counted: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  opts: { threshold?: RawBuilder<unknown>; extra?: RawBuilder<unknown> },
  after: unknown[] | null,
  limit: number,
): Promise<Batched<Row>[]> {
  const terms = orderTerms(scope);
  const result = await sql<Record<string, unknown>>`
    with counted as (${counted}),
    members as (
      select u.id, u.id as user_id, u.first_name, u.last_name, u.email, u.username, ${columns}
      from school_memberships m join users u on u.id = m.user_id left join counted c on c.user_id = u.id
      where ${memberFilter(scope)} ${opts.threshold ?? sql``}
    ),
    batch as (
      select u.*, ${keyColumns(terms)} from members u
      ${after ? sql`where ${afterKey(terms, after)}` : sql``}
      ${orderBy(scope)} limit ${limit}
    )
    select u.* ${opts.extra ? sql`, ${opts.extra}` : sql``} from batch u
    ${orderBy(scope)}`.execute(db);
  return result.rows.map((row) => withKey(row, terms) as Batched<Row>);
}

/** One batch of the group report's CSV. */
export function recognitionReportBatch(db: Db, scope: BatchScope, after: unknown[] | null, limit: number) {
  const counted = recognitionCounts(scope.schoolId, splitRange(scope.from, scope.to), 'school');
  return reportBatch<RecognitionReportRow>(db, scope, counted, recognitionColumns, {}, after, limit);
}

/** One batch of a mood report's CSV; with `entries`, each row's low check-ins too. */
export function moodReportBatch(db: Db, scope: BatchScope, options: MoodReportOptions, after: unknown[] | null, limit: number) {
  const counted = moodCounts(scope.schoolId, splitRange(scope.from, scope.to), options.filters, 'school');
  const extra = options.entries ? { extra: lowEntries(scope, options.filters) } : {};
  return reportBatch<MoodReportRow>(db, scope, counted, moodColumns, { ...moodThreshold(options), ...extra }, after, limit);
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
  return (await findClass(db, schoolId, classId)) !== undefined;
}

/** A class of the school, by id. */
/** A school's name ('' when there is no such school). */
export async function schoolNameOf(db: Db, schoolId: string) {
  return (await db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirst())?.name ?? '';
}

export function findClass(db: Db, schoolId: string, classId: string) {
  return db.selectFrom('classes').select(['id', 'name']).where('id', '=', classId).where('schoolId', '=', schoolId).executeTakeFirst();
}

/** Classes of a school with their owner's name; only those `teacherId` teaches when given. */
export function classesOf(db: Db, schoolId: string, teacherId: string | null) {
  let query = db
    .selectFrom('classes as c')
    .innerJoin('users as o', 'o.id', 'c.ownerId')
    // A closed year's class names its year; this year's classes have none.
    .leftJoin('schoolYears as y', 'y.id', 'c.schoolYearId')
    .select(['c.id', 'c.name', 'o.firstName', 'o.lastName', 'y.startsOn as closedYearStart'])
    .where('c.schoolId', '=', schoolId);
  if (teacherId) {
    query = query.where((eb) =>
      eb.or([
        eb('c.ownerId', '=', teacherId),
        eb.exists(eb.selectFrom('classTeachers as ct').select('ct.classId').whereRef('ct.classId', '=', 'c.id').where('ct.teacherId', '=', teacherId)),
      ]),
    );
  }
  return query
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
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
