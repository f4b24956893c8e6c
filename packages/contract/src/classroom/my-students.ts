import { z } from 'zod';
import { endpoint, IsoDateSchema, requiredMultilineText, RoleSchema, UuidSchema } from '../core.js';
import { CLASSROOM_LIMITS } from './common.js';
import { SearchSchema, DateRangeQuery } from './internal.js';

export const MyStudentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  grade: z.number().int().nullable(),
  /** The caller may read this student's mood history (a parent, when the school shares moods with families: decision 0420). */
  canReadMoodHistory: z.boolean(),
});
export type MyStudent = z.infer<typeof MyStudentSchema>;
export const ReceivedHigh5Schema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  fromName: z.string(),
  fromRole: RoleSchema,
  categories: z.array(z.string()),
  comment: z.string(),
  /** Feedback goes to the teacher who gave it: only High 5s from teachers take feedback. */
  canGiveFeedback: z.boolean(),
  /** The caller's earlier feedback on this High 5, if any. */
  myFeedback: z.string().nullable(),
});
export const FeedbackRowSchema = z.object({
  id: UuidSchema,
  studentName: z.string(),
  parentName: z.string(),
  comment: z.string(),
  date: IsoDateSchema,
  high5Date: IsoDateSchema,
});
export type FeedbackRow = z.infer<typeof FeedbackRowSchema>;
/** A staff member's feedback on a High 5 given to their student (its dialog validates with it too). */
export const GiveFeedbackBodySchema = z.object({ high5Id: z.number().int().positive(), comment: requiredMultilineText(CLASSROOM_LIMITS.feedbackMax) });

export const myStudentsEndpoints = {
  // --- My students and received High 5s (docs/rules/classroom.md#my-students) ----
  myStudents: endpoint({
    id: 'classroom.myStudents',
    method: 'GET',
    path: '/my-students',
    summary:
      "The students whose High 5s the caller may view: a parent's linked children; for a staff member, the school's students matching `search` (at most 100, docs/decisions/0304).",
    access: ['parent', 'staff'],
    query: z.object({ search: SearchSchema }),
    response: z.array(MyStudentSchema),
  }),
  studentHigh5s: endpoint({
    id: 'classroom.studentHigh5s',
    method: 'GET',
    path: '/my-students/:studentId/high5s',
    summary: "High 5s a student received in a date range (their parents, and the school's staff and admins).",
    access: ['parent', 'staff', 'teacher'],
    params: z.object({ studentId: UuidSchema }),
    query: DateRangeQuery,
    response: z.array(ReceivedHigh5Schema),
    errors: ['DATE_RANGE_TOO_LONG', 'NOT_FOUND'],
  }),
  feedbackGive: endpoint({
    id: 'classroom.feedbackGive',
    method: 'POST',
    path: '/high5-feedback',
    summary: 'Feedback on a High 5 a student received, for the teacher who gave it; a second one replaces the first.',
    access: ['parent', 'staff', 'teacher'],
    body: GiveFeedbackBodySchema,
    response: z.object({ id: UuidSchema, date: IsoDateSchema }),
    errors: ['FEEDBACK_TEACHERS_ONLY', 'NOT_FOUND'],
  }),
  feedbackList: endpoint({
    id: 'classroom.feedbackList',
    method: 'GET',
    path: '/high5-feedback',
    summary: 'Feedback the teacher received on the High 5s they gave, by feedback date.',
    access: ['teacher'],
    query: DateRangeQuery,
    response: z.array(FeedbackRowSchema),
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
};
