import { z } from 'zod';

/** The sensitive flags of a student (IEP, 504 plan, English learner: language level 'L'). */
export const StudentFilterFlags = ['iep', 'plan504', 'englishLearner'] as const;
export const StudentFlagSchema = z.enum(StudentFilterFlags);
export type StudentFlag = z.infer<typeof StudentFlagSchema>;

/**
 * The filters of a student list or report, as query fields: `flags` (comma separated) keeps the
 * students with every flag named, admins only (docs/decisions/0601); `grade` keeps one grade.
 * They are part of the report's query, so a CSV of the same report carries them.
 */
export const studentFilterQuery = {
  flags: z
    .string()
    .max(100)
    .default('')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(StudentFlagSchema).max(StudentFilterFlags.length)),
  grade: z.coerce.number().int().min(-1).max(12).optional(),
};
export interface StudentFilter {
  flags: StudentFlag[];
  grade?: number | undefined;
}

/** A student's flags, shown to the school's admins only. */
export const StudentFlagValuesSchema = z.object({ iep: z.boolean(), plan504: z.boolean(), englishLearner: z.boolean() });
