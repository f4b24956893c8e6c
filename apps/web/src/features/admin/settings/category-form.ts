import { CategoriesUpdateSchema, CategoryNameSchema, type AdminCategory, type CategoriesUpdate } from '@high5/contract';
import { z } from 'zod';

/**
 * The category editor's rows (decision 0328): each an item of the contract's update, with both names
 * required as the update requires them of a school's own category (built-in names are locked, sent never).
 */
export const categoryListForm = z.object({
  items: z.array(CategoriesUpdateSchema.shape.items.element.extend({ builtIn: z.boolean(), nameEn: CategoryNameSchema, nameEs: CategoryNameSchema })),
});
export type CategoryRow = z.input<typeof categoryListForm>['items'][number];

/** A saved category as a row of the form. */
export const categoryRow = ({ id, builtIn, enabled, nameEn, nameEs }: AdminCategory): CategoryRow => ({ id, builtIn, enabled, nameEn, nameEs });

/** The rows that differ from the saved list (`saved`): what Update sends, and what "unsaved changes" counts. */
export function changedRows<R extends CategoryRow>(rows: R[], saved: AdminCategory[]): R[] {
  const byId = new Map(saved.map((c) => [c.id, c]));
  return rows.filter((row) => {
    const was = byId.get(row.id);
    return !was || was.enabled !== row.enabled || was.nameEn !== row.nameEn || was.nameEs !== row.nameEs;
  });
}

/** The update's body: each changed row's flag, and the names of a school's own category. */
export const categoriesUpdate = (rows: CategoryRow[]): CategoriesUpdate => ({
  items: rows.map((r) => ({ id: r.id, enabled: r.enabled, ...(r.builtIn ? {} : { nameEn: r.nameEn, nameEs: r.nameEs }) })),
});
