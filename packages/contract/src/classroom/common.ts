import { z } from 'zod';
import { DateRangeSchema, UuidSchema } from '../core.js';
import { addDays } from '../dates.js';
import { MOOD_KEYS } from '../moods.js';

export { MOODS, MOOD_KEYS, moodInfo, isLowMood, type MoodGroup, type MoodKey } from '../moods.js';
export const MoodKeySchema = z.enum(MOOD_KEYS);
export const EmergencyPrioritySchema = z.enum(['none', 'not-today', 'today']);
export type EmergencyPriority = z.infer<typeof EmergencyPrioritySchema>;
/** Limits of the classroom area (see docs/decisions 0110-0129). */
export const CLASSROOM_LIMITS = {
  classNameMax: 80,
  inviteRowsMax: 200,
  enrolBatchMax: 500,
  seatingNameMax: 80,
  seatingGridMin: 1,
  seatingGridMax: 30,
  /** Above this many rows or columns the chart image grows by 200 px (docs/rules/classroom.md#seating-chart). */
  seatingExportExtraAfter: 15,
  seatingExportExtraPx: 200,
  seatCardDefault: 100,
  seatCardMin: 50,
  seatCardGap: 40,
  /** Names longer than 20 characters are shown as their first 15 plus an ellipsis. */
  cardNameTruncateAbove: 20,
  cardNameShown: 15,
  moodRefreshMs: 30_000,
  defaultRangeDays: 10,
  viewHigh5RangeDays: 30,
  /** A parent's "Mood history" opens on the last 30 days (docs/decisions/0597). */
  moodHistoryRangeDays: 30,
  maxRangeDays: 366,
  journalHeadingMax: 120,
  journalDescriptionMax: 5000,
  feedbackMax: 1000,
  trustedAdultsBatchMax: 50,
  candidateLimit: 100,
  searchMax: 100,
} as const;
/** A name on a seat card: over 20 characters it is cut to 15 plus an ellipsis (docs/rules/classroom.md#seating-chart). */
export function cardName(name: string) {
  return name.length > CLASSROOM_LIMITS.cardNameTruncateAbove ? `${name.slice(0, CLASSROOM_LIMITS.cardNameShown)}…` : name;
}
// Files are read in the web app with Papa Parse (features/classroom/teacher-classes/invite-csv.ts).

/** True when a classroom list's range is longer than the server takes (its assertRange: DATE_RANGE_TOO_LONG). */
export const classroomRangeTooLong = (range: { from: string; to: string }) => addDays(range.from, CLASSROOM_LIMITS.maxRangeDays - 1) < range.to;
/**
 * A classroom list's `dateRange` (the journal, feedback, a student's High 5s, the attendance export) as
 * the server answers it: From not after To, and at most `maxRangeDays` days. The queries keep the bare
 * range (the server says DATE_RANGE_TOO_LONG itself); a filter form checks this before it asks.
 */
export const ClassroomRangeSchema = DateRangeSchema.refine((range) => !classroomRangeTooLong(range), 'DATE_RANGE_TOO_LONG');
/** A student in a teacher's lists (docs/rules/classroom.md#teacher-classes). */
export const ClassStudentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  grade: z.number().int().nullable(),
  /** False until the student has chosen their own password (greyed out in lists). */
  registered: z.boolean(),
});
export type ClassStudent = z.infer<typeof ClassStudentSchema>;
/** One student's mood today, for cards (docs/rules/classroom.md#mood-meter). */
export const StudentMoodSchema = z.object({
  studentId: UuidSchema,
  mood: MoodKeySchema.nullable(),
  emergency: z.boolean(),
  emergencyPriority: EmergencyPrioritySchema,
  acknowledged: z.boolean(),
  /** Today's mood is pleasant and the previous check-in was low-energy, or the other way round. */
  moodSwing: z.boolean(),
});
export type StudentMood = z.infer<typeof StudentMoodSchema>;
