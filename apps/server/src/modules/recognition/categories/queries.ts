import type { RecognitionKind } from '@high5/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

/**
 * The categories of `kind` a school uses: the built-in ones (no school) and its own,
 * minus those switched off in category_settings (no row means enabled). Built-in first.
 * With `ids`, only those among them (the give checks its categories with this).
 */
export async function enabledCategories(db: Queryable, schoolId: string, kind: RecognitionKind, ids?: readonly string[]) {
  let query = db
    .selectFrom('categories as c')
    .leftJoin('categorySettings as cs', (join) => join.onRef('cs.categoryId', '=', 'c.id').on('cs.schoolId', '=', schoolId))
    .select(['c.id', 'c.key', 'c.nameEn', 'c.nameEs'])
    .where('c.kind', '=', kind)
    .where((eb) => eb.or([eb('c.schoolId', 'is', null), eb('c.schoolId', '=', schoolId)]))
    .where(sql<boolean>`coalesce(cs.enabled, true)`);
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('c.id', 'in', ids);
  }
  return query
    .orderBy(sql`c.school_id is not null`)
    .orderBy('c.position')
    .orderBy('c.nameEn')
    .execute();
}
