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

/**
 * The category tiles: every enabled category of the kind with its count in the range
 * (zero included), plus any switched-off category that was nevertheless received.
 */
export async function categoryCounts(db: Queryable, f: ReceivedFilter) {
  const counts = db
    .selectFrom('recognitions as r')
    .innerJoin('recognitionCategories as rc', 'rc.recognitionId', 'r.id')
    .select(['rc.categoryId', sql<number>`count(*)::int`.as('n')])
    .where('r.receiverId', '=', f.receiverId)
    .where('r.kind', '=', f.kind)
    .where('r.schoolDate', '>=', f.from)
    .where('r.schoolDate', '<=', f.to)
    .where('r.schoolId', '=', f.schoolId)
    .groupBy('rc.categoryId');
  return db
    .selectFrom('categories as c')
    .leftJoin('categorySettings as cs', (join) => join.onRef('cs.categoryId', '=', 'c.id').on('cs.schoolId', '=', f.schoolId))
    .leftJoin(counts.as('x'), 'x.categoryId', 'c.id')
    .select(['c.id', 'c.key', 'c.nameEn', 'c.nameEs', sql<number>`coalesce(x.n, 0)`.as('count')])
    .where('c.kind', '=', f.kind)
    .where((eb) => eb.or([eb('c.schoolId', 'is', null), eb('c.schoolId', '=', f.schoolId)]))
    .where(sql<boolean>`(coalesce(cs.enabled, true) or x.n > 0)`)
    .orderBy(sql`c.school_id is not null`)
    .orderBy('c.position')
    .orderBy('c.nameEn')
    .execute();
}

/** The received items in the range, newest first, with sender, categories and the sender's hand image key. */
export async function receivedItems(db: Queryable, f: ReceivedFilter, limit: number) {
  return db
    .selectFrom('recognitions as r')
    .innerJoin('users as g', 'g.id', 'r.giverId')
    .leftJoin('avatars as a', 'a.userId', 'r.giverId')
    .select((eb) => [
      'r.id',
      'r.giverId',
      'r.giverRole',
      'r.schoolDate',
      'r.comment',
      'g.firstName',
      'g.lastName',
      'g.email',
      'g.username',
      'a.imageKey',
      eb
        .selectFrom('recognitionCategories as rc')
        .select(sql<string[]>`coalesce(json_agg(rc.category_id), '[]'::json)`.as('ids'))
        .whereRef('rc.recognitionId', '=', 'r.id')
        .as('categoryIds'),
    ])
    .where('r.receiverId', '=', f.receiverId)
    .where('r.kind', '=', f.kind)
    .where('r.schoolDate', '>=', f.from)
    .where('r.schoolDate', '<=', f.to)
    .where('r.schoolId', '=', f.schoolId)
    .orderBy('r.givenAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

