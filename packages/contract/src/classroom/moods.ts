import { z } from 'zod';
import { endpoint, EmptySchema, IsoDateSchema, UuidSchema } from '../core.js';
import { MoodKeySchema, EmergencyPrioritySchema, StudentMoodSchema } from './common.js';
import { DateRangeQuery } from './internal.js';

export const MoodEntrySchema = z.object({
  date: IsoDateSchema,
  mood: MoodKeySchema,
  emergency: z.boolean(),
  emergencyPriority: EmergencyPrioritySchema,
  acknowledged: z.boolean(),
  checkedInAt: z.string(),
});
export type MoodEntry = z.infer<typeof MoodEntrySchema>;
export const MoodSettingsSchema = z.object({
  /** prompt_moodmeter ON: low-energy moods open the confirm dialog. */
  prompt: z.boolean(),
  /** The school's mood meter messages in the caller's language ('' when the school set none). */
  message1: z.string(),
  message2: z.string(),
  /** False when the school requires parental consent and this student's is not given: no mood meter. */
  checkInAllowed: z.boolean(),
});
export const CheckInSchema = z.object({
  mood: MoodKeySchema,
  /** 'none' for pleasant moods; 'not-today' or 'today' for low-energy moods when the school prompts. */
  emergencyPriority: EmergencyPrioritySchema.default('none'),
  /** "I want to talk to …" on a "today" check-in: one of the student's trusted adults, or 'any'. */
  talkTo: z.union([UuidSchema, z.literal('any')]).optional(),
});
/** What a check-in answers: the entry, and whether it raised an alert (with the after-hours message outside school hours). */
export const CheckInResultSchema = MoodEntrySchema.extend({
  alert: z.object({ raised: z.boolean(), afterHoursMessage: z.string().nullable() }).nullable(),
});

export const moodsEndpoints = {
  // --- Mood meter (docs/rules/classroom.md#mood-meter) -------------------------
  moodSettings: endpoint({
    id: 'classroom.moodSettings',
    allowWhilePending: true,
    method: 'GET',
    path: '/moods/settings',
    summary: "Whether the school prompts on low-energy moods, and its messages in the caller's language.",
    access: ['student', 'teacher', 'parent', 'staff'],
    response: MoodSettingsSchema,
  }),
  moodMine: endpoint({
    id: 'classroom.moodMine',
    allowWhilePending: true,
    method: 'GET',
    path: '/moods/mine',
    summary: "The caller's mood check-ins of today and yesterday (school-local dates).",
    access: ['student', 'teacher', 'parent', 'staff'],
    response: z.object({ today: IsoDateSchema, yesterday: IsoDateSchema, todayEntry: MoodEntrySchema.nullable(), yesterdayEntry: MoodEntrySchema.nullable() }),
  }),
  moodCheckIn: endpoint({
    id: 'classroom.moodCheckIn',
    allowWhilePending: true,
    method: 'POST',
    path: '/moods',
    summary: "Records today's mood; a second check-in the same school day replaces the first.",
    access: ['student', 'teacher', 'parent', 'staff'],
    body: CheckInSchema,
    response: CheckInResultSchema,
    errors: ['MOOD_PRIORITY_REQUIRED', 'MOOD_PRIORITY_NOT_ALLOWED', 'MOOD_CONSENT_REQUIRED', 'TALK_TO_NOT_ALLOWED'],
  }),
  moodStudentHistory: endpoint({
    id: 'classroom.moodStudentHistory',
    method: 'GET',
    path: '/moods/students/:studentId',
    summary: "A student's mood check-ins in a date range: for the student, their teachers, the school's admins, their trusted adults and their parents.",
    access: ['student', 'teacher', 'parent', 'staff'],
    params: z.object({ studentId: UuidSchema }),
    query: DateRangeQuery,
    response: z.array(MoodEntrySchema),
    errors: ['DATE_RANGE_TOO_LONG', 'NOT_FOUND'],
  }),
  moodAcknowledge: endpoint({
    id: 'classroom.moodAcknowledge',
    method: 'PUT',
    path: '/moods/students/:studentId/acknowledgement',
    summary: 'Acknowledges a student\'s "today" emergency (a teacher of one of their classes, or an admin).',
    access: ['teacher', 'staff'],
    params: z.object({ studentId: UuidSchema }),
    body: EmptySchema,
    response: StudentMoodSchema,
    errors: ['NO_EMERGENCY_TO_ACKNOWLEDGE', 'NOT_FOUND'],
  }),
};
