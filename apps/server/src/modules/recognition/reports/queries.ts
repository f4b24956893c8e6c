import type { RecognitionKind } from '@high5/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

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
      eb.exists(eb.selectFrom('parentLinks as pl').select(sql`1`.as('one')).where('pl.parentId', '=', viewerId).where('pl.studentId', '=', subjectId)).$castTo<boolean>().as('viewerIsParent'),
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
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
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

/**
 * The received report's data in one statement: the recognitions of the range are read once (index
 * recognitions_receiver_idx) and give both the category tiles and the items.
 * Tiles: every enabled category of the kind with its count in the range (zero included), plus any
 * switched-off category that was nevertheless received. Items: newest first, at most `limit`,
 * with sender, categories and the sender's hand image key.
 */
export async function receivedData(db: Queryable, f: ReceivedFilter, limit: number) {
  const result = await sql<{ tiles: CategoryTileRow[]; items: ReceivedItemRow[] }>`
    with r as materialized (
      select r.id, r.giver_id, r.giver_role, r.school_date, r.comment, r.given_at
      from recognitions r
      where r.receiver_id = ${f.receiverId} and r.kind = ${f.kind} and r.school_date >= ${f.from} and r.school_date <= ${f.to} and r.school_id = ${f.schoolId}
    ),
    per_category as (
      select rc.category_id, count(*)::int as n from r join recognition_categories rc on rc.recognition_id = r.id group by rc.category_id
    ),
    tiles as (
      select c.id, c.key, c.name_en, c.name_es, coalesce(x.n, 0) as count, c.school_id is not null as own, c.position
      from categories c
      left join category_settings cs on cs.category_id = c.id and cs.school_id = ${f.schoolId}
      left join per_category x on x.category_id = c.id
      where c.kind = ${f.kind} and (c.school_id is null or c.school_id = ${f.schoolId}) and (coalesce(cs.enabled, true) or x.n > 0)
    ),
    items as (
      select r.id, r.giver_id, r.giver_role, r.school_date, r.comment, r.given_at, g.first_name, g.last_name, g.email, g.username, a.image_key
      from r join users g on g.id = r.giver_id left join avatars a on a.user_id = r.giver_id
      order by r.given_at desc, r.id desc
      limit ${limit}
    )
    select
      (select coalesce(json_agg(json_build_object('id', t.id, 'key', t.key, 'nameEn', t.name_en, 'nameEs', t.name_es, 'count', t.count)
        order by t.own, t.position, t.name_en), '[]'::json) from tiles t) as tiles,
      (select coalesce(json_agg(json_build_object('id', i.id, 'giverId', i.giver_id, 'giverRole', i.giver_role, 'schoolDate', i.school_date,
        'comment', i.comment, 'firstName', i.first_name, 'lastName', i.last_name, 'email', i.email, 'username', i.username, 'imageKey', i.image_key,
        'categoryIds', (select coalesce(json_agg(rc.category_id), '[]'::json) from recognition_categories rc where rc.recognition_id = i.id))
        order by i.given_at desc, i.id desc), '[]'::json) from items i) as items`.execute(db);
  return result.rows[0]!;
}
