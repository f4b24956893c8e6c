import { z } from 'zod';
import { EmptySchema, endpoint, IsoDateSchema, UuidSchema } from './core.js';

/**
 * School years (docs/decisions/0570-0574): the school's years for the pickers, and the school
 * admin's rollover into a new year, previewed, applied and undone.
 */

/** One school year: its first and last day (school-local) and the calendar year it starts in. */
export const SchoolYearSchema = z.object({ from: IsoDateSchema, to: IsoDateSchema, startYear: z.number().int() });
export type SchoolYear = z.infer<typeof SchoolYearSchema>;

/** The years of the caller's school for a picker: the current one first (the default), then past ones. */
export const SchoolYearsSchema = z.object({ today: IsoDateSchema, current: SchoolYearSchema, years: z.array(SchoolYearSchema) });
export type SchoolYears = z.infer<typeof SchoolYearsSchema>;

/** The picker's choice, sent as the year's first day; absent: the year containing today. */
export const SchoolYearQuerySchema = z.object({ year: IsoDateSchema.optional() });

/** At a rollover students move up a grade, keep theirs, or wait for the roster to say. */
export const GradeModes = ['promote', 'keep', 'roster'] as const;
export const GradeModeSchema = z.enum(GradeModes);
export type GradeMode = z.infer<typeof GradeModeSchema>;

/** Grades run from -1 (transitional kindergarten) and 0 (kindergarten) to 12. */
export const GradeSchema = z.number().int().min(-1).max(12);

/** A grade as schools write it ('' for none), in the words of `t` (the common catalog's `grades`): screens and files alike. */
export function gradeLabel(grade: number | null, t: (key: string) => string): string {
  if (grade === null) return '';
  if (grade === -1) return t('common:grades.tk');
  if (grade === 0) return t('common:grades.k');
  return String(grade);
}

/** How far from today a new year may start, either way. */
export const ROLLOVER_START_MAX_DAYS = 120;

/** What the admin chooses: the new year's first day, the grade rule, and the last grade (its students graduate). */
export const RolloverInputSchema = z
  .object({ startsOn: IsoDateSchema, gradeMode: GradeModeSchema, finalGrade: GradeSchema.nullable() })
  .strict()
  .refine((v) => v.gradeMode !== 'promote' || v.finalGrade !== null, { path: ['finalGrade'], message: 'required' });
export type RolloverInput = z.infer<typeof RolloverInputSchema>;

const PersonSchema = z.object({ userId: UuidSchema, name: z.string() });

/** Every change a rollover makes; the preview and the applied rollover answer the same shape. */
export const RolloverPlanSchema = z.object({
  closing: SchoolYearSchema,
  opening: SchoolYearSchema,
  gradeMode: GradeModeSchema,
  finalGrade: GradeSchema.nullable(),
  /** Classes that become last year's (read-only). */
  classes: z.array(z.object({ id: UuidSchema, name: z.string(), ownerName: z.string(), studentCount: z.number().int() })),
  /** Students moving up one grade. */
  promoted: z.array(PersonSchema.extend({ from: GradeSchema, to: GradeSchema })),
  /** Students of the last grade: they become inactive members, their history kept. */
  graduating: z.array(PersonSchema.extend({ grade: GradeSchema })),
  /** Active students whose grade stays (no grade, or the rule keeps it). */
  unchangedCount: z.number().int(),
  /** Teachers who had classes: they start the new year with none. */
  teachers: z.array(PersonSchema.extend({ classCount: z.number().int() })),
});
export type RolloverPlan = z.infer<typeof RolloverPlanSchema>;

/** The last rollover, and whether it can still be undone. */
export const LastRolloverSchema = z.object({
  id: UuidSchema,
  origin: z.enum(['admin', 'roster']),
  appliedAt: z.string(),
  startsOn: IsoDateSchema,
  undoneAt: z.string().nullable(),
  /** True until the new year's first class exists (and while not undone). */
  undoable: z.boolean(),
});

/** The rollover screen: the years, the school's grade rule, and the last rollover. */
export const SchoolYearAdminSchema = SchoolYearsSchema.extend({
  rostered: z.boolean(),
  gradeMode: GradeModeSchema,
  finalGrade: GradeSchema.nullable(),
  /** The highest grade of the school's active students: the last grade when none is set. */
  suggestedFinalGrade: GradeSchema.nullable(),
  lastRollover: LastRolloverSchema.nullable(),
});
export type SchoolYearAdmin = z.infer<typeof SchoolYearAdminSchema>;

const rolloverErrors = ['VALIDATION_FAILED', 'SCHOOL_YEAR_START_INVALID'] as const;

export const schoolYearEndpoints = {
  years: endpoint({
    id: 'schoolYears.years',
    method: 'GET',
    path: '/school-years',
    summary: "The caller's school's years for a year picker: the current one and the past ones.",
    access: 'session',
    response: SchoolYearsSchema,
  }),
  admin: endpoint({
    id: 'schoolYears.admin',
    method: 'GET',
    path: '/admin/school-years',
    summary: 'The rollover screen: the years, the grade rule, the last rollover.',
    access: 'schoolAdmin',
    response: SchoolYearAdminSchema,
  }),
  preview: endpoint({
    id: 'schoolYears.preview',
    method: 'POST',
    path: '/admin/school-years/preview',
    summary: 'Every change a rollover into a new year would make, without making it.',
    access: 'schoolAdmin',
    body: RolloverInputSchema,
    response: RolloverPlanSchema,
    errors: rolloverErrors,
  }),
  rollover: endpoint({
    id: 'schoolYears.rollover',
    method: 'POST',
    path: '/admin/school-years/rollover',
    summary: 'Starts a new school year: the changes of the preview, applied.',
    access: 'schoolAdmin',
    body: RolloverInputSchema,
    response: RolloverPlanSchema,
    errors: rolloverErrors,
  }),
  undo: endpoint({
    id: 'schoolYears.undo',
    method: 'POST',
    path: '/admin/school-years/rollover/undo',
    summary: 'Undoes the last rollover, until the new year has its first class.',
    access: 'schoolAdmin',
    body: EmptySchema,
    response: SchoolYearAdminSchema,
    errors: ['ROLLOVER_NOTHING_TO_UNDO', 'ROLLOVER_UNDO_CLASS_EXISTS'],
  }),
};
