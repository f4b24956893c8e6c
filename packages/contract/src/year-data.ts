import { z } from 'zod';
import { IsoDateSchema } from './core.js';
import { SchoolYearSchema } from './school-years.js';

/**
 * A family's copy of a child's school year and how long a school keeps old years
 * (docs/decisions/0575, 0576). A year is named by the calendar year it starts in: 2025 is 2025-26.
 */

/** A school year's start year, as a path or query parameter. */
export const StartYearSchema = z.coerce.number().int().min(2000).max(2100);

/** Grades run from -1 (TK) and 0 (K) to 12; 13 in the export setting means no student downloads their own year. */
export const EXPORT_GRADE_NOBODY = 13;

/** At most this many downloads of a year per person per hour (each one builds a PDF). */
export const YEAR_EXPORT_RATE = { max: 5, perSeconds: 3600 } as const;

/** What the caller may download of the student: which years, and whether the journal may be added (only the student, for themselves). */
export const YearExportOptionsSchema = z.object({
  allowed: z.boolean(),
  /** The lowest grade that may download their own year, when `allowed` is false for a student for that reason. */
  minGrade: z.number().int().nullable(),
  journal: z.boolean(),
  years: z.array(SchoolYearSchema),
});
export type YearExportOptions = z.infer<typeof YearExportOptionsSchema>;

export const YearExportQuerySchema = z.object({
  /** Adds the gratitude journal: only the student downloading their own year may ask. */
  journal: z.enum(['true', 'false']).default('false'),
});

/** The school's data settings: how many school years are kept (null: as long as the school exists) and who may download their own year. */
export const DataSettingsUpdateSchema = z.object({
  retentionYears: z.number().int().min(1).max(20).nullable(),
  familyExportMinGrade: z.number().int().min(-1).max(EXPORT_GRADE_NOBODY),
});
export type DataSettingsUpdate = z.infer<typeof DataSettingsUpdateSchema>;

export const DataSettingsSchema = DataSettingsUpdateSchema.extend({
  /**
   * The next night the retention job deletes something, and the day before which moods, journals
   * and attendance go; null when the school keeps everything.
   */
  nextDeletion: z.object({ on: IsoDateSchema, before: IsoDateSchema, oldestKept: SchoolYearSchema }).nullable(),
});
export type DataSettings = z.infer<typeof DataSettingsSchema>;

/** How a school year is named in the keepsake, the file names and the screens: 2025 is "2025-26". */
export const schoolYearLabel = (startYear: number) => `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
