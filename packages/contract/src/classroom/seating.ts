import { z } from 'zod';
import { endpoint, EmptySchema, IsoDateSchema, requiredText, UuidSchema } from '../core.js';
import { CLASSROOM_LIMITS, StudentMoodSchema } from './common.js';
import { ClassIdParams, DateRangeQuery } from './internal.js';

export const AttendanceCodeSchema = z.enum(['P', 'A', 'T', 'E']);
export type AttendanceCode = z.infer<typeof AttendanceCodeSchema>;
export const DeskDirectionSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
export type DeskDirection = z.infer<typeof DeskDirectionSchema>;
/** 'row_col' (zero-based) to a student id. */
export const SeatKeySchema = z.string().regex(/^\d{1,2}_\d{1,2}$/);
export const SeatsSchema = z.record(SeatKeySchema, UuidSchema);
export type Seats = z.infer<typeof SeatsSchema>;
const GridSize = z.number().int().min(CLASSROOM_LIMITS.seatingGridMin).max(CLASSROOM_LIMITS.seatingGridMax);
export const SeatingChartInputSchema = z.object({
  name: requiredText(CLASSROOM_LIMITS.seatingNameMax),
  rows: GridSize,
  cols: GridSize,
  deskDirection: DeskDirectionSchema,
  seats: SeatsSchema,
});
export type SeatingChartInput = z.input<typeof SeatingChartInputSchema>;
export const SeatingChartSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  rows: z.number().int(),
  cols: z.number().int(),
  deskDirection: DeskDirectionSchema,
  seats: SeatsSchema,
  updatedAt: z.string(),
});
export type SeatingChart = z.infer<typeof SeatingChartSchema>;
export const SeatingStudentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** A signed link valid for 3600 s, or null for the default picture. */
  photoUrl: z.string().nullable(),
  iep: z.boolean(),
  plan504: z.boolean(),
  /** language_level 'L' (the language flag). */
  language: z.boolean(),
});
export type SeatingStudent = z.infer<typeof SeatingStudentSchema>;
export const SeatingDataSchema = z.object({
  classId: UuidSchema,
  className: z.string(),
  students: z.array(SeatingStudentSchema),
  charts: z.array(SeatingChartSchema),
  moods: z.array(StudentMoodSchema),
  /** Preset layouts exist only for paid schools. */
  presetsAvailable: z.boolean(),
});
export const PresetFlagSchema = z.enum(['iep', '504', 'language']);
export type PresetFlag = z.infer<typeof PresetFlagSchema>;
export const AttendanceInputSchema = z.object({
  present: z.array(UuidSchema).max(CLASSROOM_LIMITS.enrolBatchMax),
  absent: z.array(UuidSchema).max(CLASSROOM_LIMITS.enrolBatchMax),
  tardy: z.array(UuidSchema).max(CLASSROOM_LIMITS.enrolBatchMax),
  excused: z.array(UuidSchema).max(CLASSROOM_LIMITS.enrolBatchMax),
});

export const seatingEndpoints = {
  // --- Seating chart and attendance (docs/rules/classroom.md#seating-chart)
  seating: endpoint({
    id: 'classroom.seating',
    method: 'GET',
    path: '/classes/:classId/seating',
    summary: "A class's students (flags, photo links valid 3600 s), its seating charts and today's moods.",
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    response: SeatingDataSchema,
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  seatingMoods: endpoint({
    id: 'classroom.seatingMoods',
    method: 'GET',
    path: '/classes/:classId/moods',
    summary: "Today's mood of every student of the class (refreshed every 30 s by the chart).",
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    response: z.array(StudentMoodSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  seatingPreset: endpoint({
    id: 'classroom.seatingPreset',
    method: 'GET',
    path: '/classes/:classId/seating/preset',
    summary: 'A preset layout (IEP, 504 or language; together or spread across): paid schools only.',
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    query: z.object({
      flag: PresetFlagSchema,
      spread: z.enum(['true', 'false']).transform((v) => v === 'true'),
      rows: z.coerce.number().pipe(GridSize).optional(),
      cols: z.coerce.number().pipe(GridSize).optional(),
    }),
    response: z.object({ rows: z.number().int(), cols: z.number().int(), seats: SeatsSchema }),
    errors: ['PAID_SCHOOL_ONLY', 'SEATING_GRID_TOO_SMALL', 'NOT_FOUND'],
  }),
  seatingCreate: endpoint({
    id: 'classroom.seatingCreate',
    method: 'POST',
    path: '/classes/:classId/seating',
    summary: 'Saves a new seating chart for the class.',
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    body: SeatingChartInputSchema,
    response: SeatingChartSchema,
    errors: ['SEATING_NAME_TAKEN', 'SEAT_OUT_OF_GRID', 'SEAT_DUPLICATE_STUDENT', 'STUDENT_NOT_ENROLLED', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  seatingUpdate: endpoint({
    id: 'classroom.seatingUpdate',
    method: 'PUT',
    path: '/classes/:classId/seating/:chartId',
    summary: 'Updates a seating chart.',
    access: ['teacher', 'staff'],
    params: z.object({ classId: UuidSchema, chartId: UuidSchema }),
    body: SeatingChartInputSchema,
    response: SeatingChartSchema,
    errors: ['SEATING_NAME_TAKEN', 'SEAT_OUT_OF_GRID', 'SEAT_DUPLICATE_STUDENT', 'STUDENT_NOT_ENROLLED', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  seatingDelete: endpoint({
    id: 'classroom.seatingDelete',
    method: 'DELETE',
    path: '/classes/:classId/seating/:chartId',
    summary: 'Deletes a seating chart.',
    access: ['teacher', 'staff'],
    params: z.object({ classId: UuidSchema, chartId: UuidSchema }),
    response: EmptySchema,
    errors: ['CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  attendanceToday: endpoint({
    id: 'classroom.attendanceToday',
    method: 'GET',
    path: '/classes/:classId/attendance/today',
    summary: "The school's today and any attendance already saved for it.",
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    response: z.object({ date: IsoDateSchema, codes: z.record(UuidSchema, AttendanceCodeSchema) }),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  attendanceSave: endpoint({
    id: 'classroom.attendanceSave',
    method: 'POST',
    path: '/classes/:classId/attendance',
    summary: "Saves today's attendance (present, absent, tardy, excused lists) for the class.",
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    body: AttendanceInputSchema,
    response: z.object({ date: IsoDateSchema, saved: z.number().int() }),
    errors: ['STUDENT_NOT_ENROLLED', 'ACCOUNT_PENDING_APPROVAL', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  attendanceExport: endpoint({
    id: 'classroom.attendanceExport',
    method: 'GET',
    path: '/classes/:classId/attendance/export',
    summary: "The class's attendance in a date range as the text of attendance.csv.",
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    query: DateRangeQuery,
    response: z.object({ filename: z.literal('attendance.csv'), csv: z.string(), rows: z.number().int() }),
    errors: ['DATE_RANGE_TOO_LONG', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
};
