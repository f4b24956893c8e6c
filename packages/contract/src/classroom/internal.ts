import { z } from 'zod';
import { DateRangeSchema, singleLine, UuidSchema } from '../core.js';
import { CLASSROOM_LIMITS } from './common.js';

// Pieces the classroom contract's files share and the package does not export.

export const ClassIdParams = z.object({ classId: UuidSchema });
export const SearchSchema = singleLine(z.string().trim().max(CLASSROOM_LIMITS.searchMax)).optional();
export const DateRangeQuery = z.object({ dateRange: DateRangeSchema });
export const IdList = (max: number) =>
  z
    .array(UuidSchema)
    .min(1)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate_ids');
export const MANAGERS = ['teacher', 'staff'] as const;
