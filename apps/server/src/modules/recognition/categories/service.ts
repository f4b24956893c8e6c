import type { CategoryOption, Language, RecognitionKind } from '@high5/contract';
import type { Queryable } from '../../../db/database.js';
import { enabledCategories } from './queries.js';

/** A category's name in `language`. */
export const categoryName = (row: { nameEn: string; nameEs: string }, language: Language) => (language === 'es' ? row.nameEs : row.nameEn);

export const toCategoryOption = (row: { id: string; key: string | null; nameEn: string; nameEs: string }, language: Language): CategoryOption => ({
  id: row.id,
  key: row.key,
  name: categoryName(row, language),
});

/** The categories a school gives with, in `language` (docs/rules/recognition.md#categories: built-in and the school's own, enabled). */
export async function listCategories(db: Queryable, schoolId: string, kind: RecognitionKind, language: Language) {
  const rows = await enabledCategories(db, schoolId, kind);
  return rows.map((row) => toCategoryOption(row, language));
}
