import { z } from 'zod';
import { endpoint, optionalText, requiredText, UuidSchema } from '../core.js';
import { LIMITS } from '../limits.js';
import { CategoryKindSchema } from './common.js';

// ---------------------------------------------------------------------------------------------
// Categories (docs/rules/administration.md#categories)
// ---------------------------------------------------------------------------------------------

export const AdminCategorySchema = z.object({
  id: UuidSchema,
  kind: CategoryKindSchema,
  /** Built-in categories have locked names (docs/rules/administration.md#categories). */
  builtIn: z.boolean(),
  nameEn: z.string(),
  nameEs: z.string(),
  enabled: z.boolean(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const CategoryNameSchema = requiredText(LIMITS.categoryNameMax);

/** A new category: one language is enough, it is copied to the other (docs/rules/administration.md#categories). */
export const NewCategorySchema = z
  .object({ nameEn: optionalText(LIMITS.categoryNameMax).default(''), nameEs: optionalText(LIMITS.categoryNameMax).default('') })
  .strict()
  .refine((v) => v.nameEn !== '' || v.nameEs !== '', 'CATEGORY_NAME_REQUIRED')
  .transform((v) => ({ nameEn: v.nameEn || v.nameEs, nameEs: v.nameEs || v.nameEn }));
export type NewCategory = z.input<typeof NewCategorySchema>;

export const CategoriesUpdateSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            id: UuidSchema,
            enabled: z.boolean(),
            /** Only a school's own categories may be renamed; a built-in name must stay as it is. */
            nameEn: CategoryNameSchema.optional(),
            nameEs: CategoryNameSchema.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(300),
  })
  .strict();
export type CategoriesUpdate = z.input<typeof CategoriesUpdateSchema>;

const kindParams = z.object({ kind: CategoryKindSchema });

export const categoriesEndpoints = {
  // --- School admin: categories ---------------------------------------------------------------
  categories: endpoint({
    id: 'admin.categories',
    method: 'GET',
    path: '/admin/categories/:kind',
    summary: 'Every High 5 or Vibe category of the current school (built-in and its own) with both names and the enabled flag.',
    access: 'schoolAdmin',
    params: kindParams,
    response: z.array(AdminCategorySchema),
  }),
  updateCategories: endpoint({
    id: 'admin.updateCategories',
    method: 'PUT',
    path: '/admin/categories/:kind',
    summary: "Saves enabled flags, and names of the school's own categories (built-in names are locked).",
    access: 'schoolAdmin',
    params: kindParams,
    body: CategoriesUpdateSchema,
    response: z.array(AdminCategorySchema),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CATEGORY_LOCKED', 'CATEGORY_EXISTS', 'CATEGORIES_ALL_DISABLED'],
  }),
  addCategory: endpoint({
    id: 'admin.addCategory',
    method: 'POST',
    path: '/admin/categories/:kind',
    summary: 'Adds a category of the school in English and Spanish (one language is copied to the other).',
    access: 'schoolAdmin',
    params: kindParams,
    body: NewCategorySchema,
    response: AdminCategorySchema,
    errors: ['VALIDATION_FAILED', 'CATEGORY_EXISTS', 'TOO_MANY_CATEGORIES'],
  }),
};
