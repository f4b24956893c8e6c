import type { Db } from '../db/database.js';

/** The category names of several recognitions in one query, in `language`, in the categories' order (a parent's view and the family export). */
export async function categoryNames(db: Db, recognitionIds: readonly number[], language: 'en' | 'es') {
  if (recognitionIds.length === 0) return [];
  return db
    .selectFrom('recognitionCategories as rc')
    .innerJoin('categories as c', 'c.id', 'rc.categoryId')
    .select(['rc.recognitionId', language === 'es' ? 'c.nameEs as name' : 'c.nameEn as name'])
    .where('rc.recognitionId', 'in', recognitionIds)
    .orderBy('c.position')
    .execute();
}
