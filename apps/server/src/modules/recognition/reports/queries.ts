import type { Language, ReceivedSort, RecognitionKind, Role, SortDirection } from '@high5/contract';
import { type RawBuilder, sql } from 'kysely';
import { prepared, type Queryable } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { rawPieces, splitRange } from '../../../lib/range-split.js';

export interface ReceivedFilter {
  schoolId: string;
  receiverId: string;
  kind: RecognitionKind;
  from: string;
  to: string;
}

/** The school settings a report needs, and whether `userId` is an active member (and with which role). */
export async function reportContext(db: Queryable, schoolId: string, subjectId: string, viewerId: string) {
  return db
    .selectFrom('schools as s')
    .leftJoin('schoolMemberships as m', (join) => join.on('m.schoolId', '=', schoolId).on('m.userId', '=', subjectId).on('m.status', '=', 'active'))
    .select((eb) => [
      's.timeZone',
      's.high5Vibes',
      'm.role as subjectRole',
      eb
        .exists(
          eb
            .selectFrom('parentLinks as pl')
            .select(sql`1`.as('one'))
            .where('pl.parentId', '=', viewerId)
            .where('pl.studentId', '=', subjectId),
        )
        .$castTo<boolean>()
        .as('viewerIsParent'),
    ])
    .where('s.id', '=', schoolId)
    .executeTakeFirstOrThrow();
}

export interface ReceivedItemRow {
  id: number;
  giverId: string;
  giverRole: string;
  schoolDate: string;
  comment: string;
  name: string;
  imageKey: string | null;
  categoryIds: string[];
}

export interface CategoryTileRow {
  id: string;
  key: string | null;
  nameEn: string;
  nameEs: string;
  count: number;
}

/** Which items of the range one page holds, and in which order (the received table's search, sort and page). */
export interface ReceivedPage {
  /** Only items given with this category. */
  categoryId: string | null;
  /** `pattern` (lib/search.ts) matched against the sender's name, the comment and the category names in `language`; `roles` match outright (their names matched the search). */
  search: { pattern: string; roles: Role[] } | null;
  language: Language;
  sort: ReceivedSort;
  dir: SortDirection;
  /** Every role, in the order of their names in `language` (the role sort). */
  roleOrder: Role[];
  limit: number;
  offset: number;
}

/** Every enabled category of the kind with its count from `per_category` (zero included), plus any switched-off category that was nevertheless received. */
const tilesCte = (f: ReceivedFilter) => sql`
    tiles as (
      select c.id, c.key, c.name_en, c.name_es, coalesce(x.n, 0) as count, c.school_id is not null as own, c.position
      from categories c
      left join category_settings cs on cs.category_id = c.id and cs.school_id = ${f.schoolId}
      left join per_category x on x.category_id = c.id
      where c.kind = ${f.kind} and (c.school_id is null or c.school_id = ${f.schoolId}) and (coalesce(cs.enabled, true) or x.n > 0)
    )`;

/** The statement's one row: the tiles, `total`, and the `page` CTE's items (ordered by its `n`) with sender's name, hand image and categories. */
const reportRow = (total: RawBuilder<unknown>) => {
  const name = displayName('g');
  return sql`
    select
      (select coalesce(json_agg(json_build_object('id', t.id, 'key', t.key, 'nameEn', t.name_en, 'nameEs', t.name_es, 'count', t.count)
        order by t.own, t.position, t.name_en), '[]'::json) from tiles t) as tiles,
      (${total}) as total,
      (select coalesce(json_agg(json_build_object('id', i.id, 'giverId', i.giver_id, 'giverRole', i.giver_role, 'schoolDate', i.school_date,
        'comment', i.comment, 'name', ${name}, 'imageKey', a.image_key,
        'categoryIds', (select coalesce(json_agg(rc.category_id), '[]'::json) from recognition_categories rc where rc.recognition_id = i.id))
        order by i.n), '[]'::json) from page i join users g on g.id = i.giver_id left join avatars a on a.user_id = i.giver_id) as items`;
};

/** The recognitions `r` of the filter's receiver, school and kind on the days `days` (an index range of recognitions_receiver_idx). */
const receivedIn = (f: ReceivedFilter, days: { from: string; to: string }) =>
  sql`r.receiver_id = ${f.receiverId} and r.school_id = ${f.schoolId} and r.kind = ${f.kind} and r.school_date between ${days.from} and ${days.to}`;

const UNION = sql`
        union all`;

export type ReceivedData = { tiles: CategoryTileRow[]; total: number; items: ReceivedItemRow[] };

/**
 * The received report's data: category tiles, the count of the items that match the page's
 * category and search, and one page of them. A page that neither narrows the items nor orders
 * them by anything but date (what the report opens on) is read from the monthly counts
 * (receivedByDate); any other from the range's recognitions (receivedByScan). Both answer the same.
 */
export function receivedData(db: Queryable, f: ReceivedFilter, p: ReceivedPage): Promise<ReceivedData> {
  const plainDatePage = p.categoryId === null && p.search === null && p.sort === 'date';
  return plainDatePage ? receivedByDate(db, f, p) : receivedByScan(db, f, p);
}

/**
 * The received report's data when nothing narrows the items and they are in date order (decision
 * 0333): the tiles and the total from the monthly counts
 * (received_category_month_counts, recognition_month_counts) plus edge days as lib/range-split.ts
 * cuts the range, and the page straight from index recognitions_receiver_idx, so the statement
 * reads about a dozen count rows and one page of recognitions however many the range holds.
 */
export async function receivedByDate(db: Queryable, f: ReceivedFilter, p: ReceivedPage): Promise<ReceivedData> {
  const split = splitRange(f.from, f.to);
  const categoryParts: RawBuilder<unknown>[] = [];
  const totalParts: RawBuilder<unknown>[] = [];
  if (split.months) {
    categoryParts.push(sql`
        select category_id, n from received_category_month_counts
        where user_id = ${f.receiverId} and school_id = ${f.schoolId} and month >= ${split.months.start} and month < ${split.months.end}`);
    const column = sql.ref(f.kind === 'high5' ? 'high5_received' : 'vibe_received');
    totalParts.push(sql`
        select ${column} as n from recognition_month_counts
        where user_id = ${f.receiverId} and school_id = ${f.schoolId} and month >= ${split.months.start} and month < ${split.months.end}`);
  }
  for (const { days, sign } of rawPieces(split)) {
    const edge = receivedIn(f, days);
    categoryParts.push(sql`
        select rc.category_id, ${sign}count(*)::int as n from recognitions r join recognition_categories rc on rc.recognition_id = r.id where ${edge} group by rc.category_id`);
    totalParts.push(sql`
        select ${sign}count(*)::int as n from recognitions r where ${edge}`);
  }
  const dir = sql.raw(p.dir === 'desc' ? 'desc' : 'asc');
  const result = await prepared(sql<ReceivedData>`
    with per_category as (
      select category_id, sum(n)::int as n from (${sql.join(categoryParts, UNION)}) x group by category_id
    ),
    ${tilesCte(f)},
    page as (
      select r.id, r.giver_id, r.giver_role, r.school_date, r.comment, row_number() over (order by r.school_date ${dir}, r.id ${dir}) as n
      from (
        select r.id, r.giver_id, r.giver_role, r.school_date, r.comment from recognitions r
        where ${receivedIn(f, f)}
        order by r.school_date ${dir}, r.id ${dir} limit ${p.limit} offset ${p.offset}
      ) r
    )
    ${reportRow(sql`select coalesce(sum(n), 0)::int from (${sql.join(totalParts, UNION)}) x`)}`).execute(db);
  return result.rows[0]!;
}

/**
 * The received report's data for any page: the recognitions of the range are read
 * once (index recognitions_receiver_idx) and give the category tiles, the count of the items that
 * match the page's category and search, and one page of them in the asked order (ties newest first).
 */
export async function receivedByScan(db: Queryable, f: ReceivedFilter, p: ReceivedPage): Promise<ReceivedData> {
  const name = displayName('g');
  const conditions = [];
  if (p.categoryId) conditions.push(sql`exists (select 1 from recognition_categories rc where rc.recognition_id = r.id and rc.category_id = ${p.categoryId})`);
  if (p.search) {
    const { pattern, roles } = p.search;
    const categoryName = sql.ref(p.language === 'es' ? 'c.nameEs' : 'c.nameEn');
    conditions.push(sql`(${name} ilike ${pattern} or r.comment ilike ${pattern}${roles.length ? sql` or r.giver_role in (${sql.join(roles)})` : sql``}
      or exists (select 1 from recognition_categories rc join categories c on c.id = rc.category_id where rc.recognition_id = r.id and ${categoryName} ilike ${pattern}))`);
  }
  // The senders' names are read for every matching item only when the search or the order needs
  // them; otherwise only for the page's items (the giver always exists: not null, cascading FK).
  const byName = p.search !== null || p.sort === 'from';
  const dir = sql.raw(p.dir === 'desc' ? 'desc' : 'asc');
  const order =
    p.sort === 'date'
      ? sql`m.school_date ${dir}, m.id ${dir}`
      : sql`${p.sort === 'from' ? sql`lower(m.name)` : sql`array_position(array[${sql.join(p.roleOrder)}]::text[], m.giver_role)`} ${dir}, m.school_date desc, m.id desc`;
  const result = await prepared(sql<ReceivedData>`
    with r as materialized (
      select r.id, r.giver_id, r.giver_role, r.school_date, r.comment
      from recognitions r
      where ${receivedIn(f, f)}
    ),
    per_category as (
      select rc.category_id, count(*)::int as n from r join recognition_categories rc on rc.recognition_id = r.id group by rc.category_id
    ),
    ${tilesCte(f)},
    matching as (
      select r.id, r.giver_id, r.giver_role, r.school_date, r.comment${byName ? sql`, ${name} as name` : sql``}
      from r ${byName ? sql`join users g on g.id = r.giver_id` : sql``}
      ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    ),
    page as (
      select m.*, row_number() over (order by ${order}) as n from matching m order by n limit ${p.limit} offset ${p.offset}
    )
    ${reportRow(sql`select count(*)::int from matching`)}`).execute(db);
  return result.rows[0]!;
}
