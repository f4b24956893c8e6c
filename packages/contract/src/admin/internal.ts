import { z } from 'zod';
import { UuidSchema } from '../core.js';

// Pieces the admin contract's files share and the package does not export.

export const count = z.number().int().nonnegative();
/** A list in a query string: `a,b,c`; empty means none. */
export const csvList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .string()
    .max(2000)
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max));

/** Path parameters the users and super admin endpoints share. */
export const userParams = z.object({ userId: UuidSchema });
export const schoolParams = z.object({ schoolId: UuidSchema });
export const schoolUserParams = z.object({ schoolId: UuidSchema, userId: UuidSchema });
