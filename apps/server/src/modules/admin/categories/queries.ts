import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface CategoryRow {
  id: string;
  kind: string;
  builtIn: boolean;
  nameEn: string;
  nameEs: string;
  enabled: boolean;
}

/** The built-in categories of a kind and the school's own, with the school's enabled flag (no row means enabled). */
export function listCategories(db: Db, schoolId: string, kind: 'high5' | 'vibe'): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories as c')
    .leftJoin('categorySettings as cs', (join) => join.onRef('cs.categoryId', '=', 'c.id').on('cs.schoolId', '=', schoolId))
    .select(['c.id', 'c.kind', sql<boolean>`c.school_id is null`.as('builtIn'), 'c.nameEn', 'c.nameEs', sql<boolean>`coalesce(cs.enabled, true)`.as('enabled')])
    .where('c.kind', '=', kind)
    .where((eb) => eb.or([eb('c.schoolId', 'is', null), eb('c.schoolId', '=', schoolId)]))
    .orderBy(sql`c.school_id is not null`)
    .orderBy('c.position')
    .orderBy('c.createdAt')
    .orderBy('c.id')
    .execute();
}

/** Serialises category changes of one school (counts and name checks stay true until commit). */
export async function lockSchoolCategories(db: Db, schoolId: string) {
  await db.selectFrom('schools').select('id').where('id', '=', schoolId).forUpdate().executeTakeFirst();
}

export async function insertCategory(
  db: Db,
  values: { schoolId: string; kind: 'high5' | 'vibe'; nameEn: string; nameEs: string; position: number; now: Date },
) {
  const row = await db
    .insertInto('categories')
    .values({
      schoolId: values.schoolId,
      kind: values.kind,
      key: null,
      nameEn: values.nameEn,
      nameEs: values.nameEs,
      position: values.position,
      createdAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCategory(db: Db, schoolId: string, id: string, nameEn: string, nameEs: string) {
  await db.updateTable('categories').set({ nameEn, nameEs }).where('id', '=', id).where('schoolId', '=', schoolId).execute();
}

export async function saveEnabled(db: Db, schoolId: string, items: { categoryId: string; enabled: boolean }[]) {
  if (items.length === 0) return;
  await db
    .insertInto('categorySettings')
    .values(items.map((i) => ({ schoolId, categoryId: i.categoryId, enabled: i.enabled })))
    .onConflict((oc) => oc.columns(['schoolId', 'categoryId']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })))
    .execute();
}
