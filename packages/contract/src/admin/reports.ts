import { z } from 'zod';
import { endpoint, pageOf, pageQuery as pageQueryOf, IsoDateSchema, RoleSchema, UuidSchema } from '../core.js';
import { GiversReportSchema, ReachReportSchema } from '../every-child.js';
import { studentFilterQuery } from '../student-filters.js';
import { REPORT_RANGE_MAX_DAYS, REPORT_PAGE_SIZE, LOW_ENJOYMENT_MOODS, LowEnjoymentMoodSchema, ReportRangeSchema } from './common.js';
import { count, csvList, userParams } from './internal.js';

// ---------------------------------------------------------------------------------------------
// Reports (docs/rules/administration.md#reports)
// ---------------------------------------------------------------------------------------------

/**
 * Every report row names its person by `name`, `email` and `username`: a student who signs in
 * with a username only has no e-mail, and the screens and CSV files then show the username.
 */
export const ReportRowSchema = z.object({
  userId: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  high5Given: count,
  high5Received: count,
  vibeGiven: count,
  vibeReceived: count,
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

/** How a report page is ordered: by a column, up or down; ties by last name, first name, id. */
export const ReportSortSchema = z.enum(['name', 'email', 'high5Given', 'high5Received', 'vibeGiven', 'vibeReceived']);
export type ReportSort = z.infer<typeof ReportSortSchema>;
export const MoodReportSortSchema = z.enum(['name', 'email', 'highEnjoyment', 'lowEnjoyment', 'talkToday', 'talkNotToday']);
export type MoodReportSort = z.infer<typeof MoodReportSortSchema>;

export const ReportPageSchema = pageOf(ReportRowSchema);
export type ReportPage = z.infer<typeof ReportPageSchema>;

/**
 * `mood` is one of LOW_ENJOYMENT_MOODS (a string, so a feeling added later does not break the
 * report). `talk` is what the student answered to "do you want to talk to someone?": 'today',
 * 'not-today', or 'none' when they were not asked.
 */
export const LowEnjoymentEntrySchema = z.object({
  date: IsoDateSchema,
  mood: z.string(),
  emergency: z.boolean(),
  talk: z.enum(['none', 'not-today', 'today']),
});
export type LowEnjoymentEntry = z.infer<typeof LowEnjoymentEntrySchema>;
export const MoodReportRowSchema = z.object({
  userId: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  highEnjoyment: count,
  lowEnjoyment: count,
  /** Check-ins in the range that asked to talk to someone the same day. */
  talkToday: count,
  /** Check-ins in the range that wanted to talk, but not today. */
  talkNotToday: count,
});
export type MoodReportRow = z.infer<typeof MoodReportRowSchema>;
export const MoodReportPageSchema = pageOf(MoodReportRowSchema);
export type MoodReportPage = z.infer<typeof MoodReportPageSchema>;

/** Search, order and page of a report (decision 0310); its CSV file takes the same query without the page. */
const pageQuery = pageQueryOf(REPORT_PAGE_SIZE);

export const GroupReportQuerySchema = z.object({
  role: RoleSchema,
  range: ReportRangeSchema,
  /** Students only: one class, or every student when omitted. */
  classId: UuidSchema.optional(),
  /** Students only: flags (admins, audited) and grade (docs/decisions/0601). */
  ...studentFilterQuery,
  sort: ReportSortSchema.default('name'),
  ...pageQuery,
});
export type GroupReportQuery = z.input<typeof GroupReportQuerySchema>;
/** A report's CSV file: the report's own query (so every filter it gains applies), without the page. */
const withoutPage = { page: true, pageSize: true } as const;
export const GroupReportCsvQuerySchema = GroupReportQuerySchema.omit(withoutPage);
export type GroupReportCsvQuery = z.input<typeof GroupReportCsvQuerySchema>;

/** The minimum low-enjoyment count: used only above 0, else -1 (docs/rules/administration.md#mood-meter-report). */
export const MinimumLowSchema = z.coerce.number().int().min(-1).max(10_000).default(-1);

export const MoodReportQuerySchema = z.object({
  role: RoleSchema,
  range: ReportRangeSchema,
  classId: UuidSchema.optional(),
  minLow: MinimumLowSchema,
  /** Low-enjoyment feelings to count, comma separated; empty counts every low-enjoyment feeling. */
  filters: csvList(LowEnjoymentMoodSchema, LOW_ENJOYMENT_MOODS.length),
  /** Students only: flags (admins, audited) and grade (docs/decisions/0601). */
  ...studentFilterQuery,
  sort: MoodReportSortSchema.default('name'),
  ...pageQuery,
});
export type MoodReportQuery = z.input<typeof MoodReportQuerySchema>;

export const MoodReportCsvQuerySchema = MoodReportQuerySchema.omit(withoutPage);
export type MoodReportCsvQuery = z.input<typeof MoodReportCsvQuerySchema>;

export const UserReportCategorySchema = z.object({
  id: UuidSchema,
  nameEn: z.string(),
  nameEs: z.string(),
  enabled: z.boolean(),
  count,
});
export const UserReportItemSchema = z.object({
  id: z.number().int(),
  fromName: z.string(),
  fromRole: RoleSchema,
  date: IsoDateSchema,
  comment: z.string(),
  categoryIds: z.array(UuidSchema),
});
export type UserReportItem = z.infer<typeof UserReportItemSchema>;
export const UserKindReportSchema = z.object({
  /** Every enabled category of the kind (zero counts included) and any other that was received. */
  categories: z.array(UserReportCategorySchema),
  /** Newest first, at most USER_REPORT_ITEMS_MAX. */
  items: z.array(UserReportItemSchema),
  truncated: z.boolean(),
});
export type UserKindReport = z.infer<typeof UserKindReportSchema>;
export const UserReportSchema = z.object({
  user: z.object({ id: UuidSchema, name: z.string(), email: z.string().nullable(), username: z.string().nullable(), role: RoleSchema }),
  high5: UserKindReportSchema,
  vibe: UserKindReportSchema,
});
export type UserReport = z.infer<typeof UserReportSchema>;

export const MoodReportSettingsSchema = z.object({
  /** The range the screen opens with: To is today, From is this many days earlier. */
  rangeDays: z
    .number()
    .int()
    .min(1)
    .max(REPORT_RANGE_MAX_DAYS - 1),
  minimumLowEnjoyment: z.number().int().min(-1).max(10_000),
  filters: z.array(LowEnjoymentMoodSchema).max(LOW_ENJOYMENT_MOODS.length),
});
export type MoodReportSettings = z.infer<typeof MoodReportSettingsSchema>;

export const ClassOptionSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  teacherName: z.string(),
  /** The first day of the school year the class belongs to: a closed year's, else this year's (docs/decisions/0608). */
  yearStart: IsoDateSchema,
});
export type ClassOption = z.infer<typeof ClassOptionSchema>;

export const ClassReportQuerySchema = z.object({
  /** One class; omitted means every class the caller may see. */
  classId: UuidSchema.optional(),
  range: ReportRangeSchema,
  /** Flags are for the school's admins only: a teacher's answer 403 FLAG_FILTER_ADMIN_ONLY. */
  ...studentFilterQuery,
  sort: ReportSortSchema.default('name'),
  ...pageQuery,
});
export const ClassMoodReportQuerySchema = z.object({
  classId: UuidSchema.optional(),
  range: ReportRangeSchema,
  ...studentFilterQuery,
  sort: MoodReportSortSchema.default('name'),
  ...pageQuery,
});
export const ClassReportCsvQuerySchema = ClassReportQuerySchema.omit(withoutPage);
export type ClassReportCsvQuery = z.input<typeof ClassReportCsvQuerySchema>;
export const ClassMoodReportCsvQuerySchema = ClassMoodReportQuerySchema.omit(withoutPage);
export type ClassMoodReportCsvQuery = z.input<typeof ClassMoodReportCsvQuerySchema>;

export const reportsEndpoints = {
  // --- School admin: reports ------------------------------------------------------------------
  classes: endpoint({
    id: 'admin.classes',
    method: 'GET',
    path: '/admin/classes',
    summary: "Every class of the current school, for the reports' class pickers.",
    access: 'schoolAdmin',
    response: z.array(ClassOptionSchema),
  }),
  groupReport: endpoint({
    id: 'admin.groupReport',
    method: 'GET',
    path: '/admin/reports/group',
    summary: 'High 5s and Vibes given and received per member of one role in a date range (paged).',
    access: 'schoolAdmin',
    query: GroupReportQuerySchema,
    response: ReportPageSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  userReport: endpoint({
    id: 'admin.userReport',
    method: 'GET',
    path: '/admin/reports/users/:userId',
    summary: 'What one member of the school received in a date range: counts per category and the items (the Reports dialog).',
    access: 'schoolAdmin',
    params: userParams,
    query: z.object({ range: ReportRangeSchema }),
    response: UserReportSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  groupReportCsv: endpoint({
    id: 'admin.groupReportCsv',
    method: 'GET',
    path: '/admin/reports/group.csv',
    summary:
      "The group report as a CSV file (text/csv, not wrapped in the envelope) in the caller's language: streamed from the database a batch at a time, in the report's order.",
    access: 'schoolAdmin',
    query: GroupReportCsvQuerySchema,
    response: z.unknown(),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  moodReport: endpoint({
    id: 'admin.moodReport',
    method: 'GET',
    path: '/admin/reports/mood',
    summary: 'High and low enjoyment check-ins per member of one role in a date range, with filters (paged; every read is audited).',
    access: 'schoolAdmin',
    query: MoodReportQuerySchema,
    response: MoodReportPageSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  moodReportCsv: endpoint({
    id: 'admin.moodReportCsv',
    method: 'GET',
    path: '/admin/reports/mood.csv',
    summary:
      "The mood report as a CSV file (text/csv, not wrapped in the envelope) in the caller's language, with each row's low-enjoyment check-ins: streamed from the database a batch at a time (audited).",
    access: 'schoolAdmin',
    query: MoodReportCsvQuerySchema,
    response: z.unknown(),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  reachReport: endpoint({
    id: 'admin.reachReport',
    method: 'GET',
    path: '/admin/reports/reach',
    summary:
      'The share of students who received at least one High 5 in a date range, by grade, class and flag (IEP, 504, English learner) against everyone else; groups under 10 students are left out (every read is audited).',
    access: 'schoolAdmin',
    query: z.object({ range: ReportRangeSchema }),
    response: ReachReportSchema,
    errors: ['VALIDATION_FAILED'],
  }),
  giversReport: endpoint({
    id: 'admin.giversReport',
    method: 'GET',
    path: '/admin/reports/givers',
    summary: 'How many distinct students each teacher and staff member gave a High 5 to in a date range.',
    access: 'schoolAdmin',
    query: z.object({ range: ReportRangeSchema }),
    response: GiversReportSchema,
    errors: ['VALIDATION_FAILED'],
  }),
  moodReportSettings: endpoint({
    id: 'admin.moodReportSettings',
    method: 'GET',
    path: '/admin/mood-report/settings',
    summary: "The current school's saved mood meter report settings.",
    access: 'schoolAdmin',
    response: MoodReportSettingsSchema,
  }),
  saveMoodReportSettings: endpoint({
    id: 'admin.saveMoodReportSettings',
    method: 'PUT',
    path: '/admin/mood-report/settings',
    summary: 'Saves the mood meter report settings of the current school.',
    access: 'schoolAdmin',
    body: MoodReportSettingsSchema,
    response: MoodReportSettingsSchema,
    errors: ['VALIDATION_FAILED'],
  }),

  // --- Class reports (/report for admins, /TeacherReport for teachers) ------------------------
  reportClasses: endpoint({
    id: 'admin.reportClasses',
    method: 'GET',
    path: '/class-reports/classes',
    summary: 'Classes the caller may report on: a teacher their own, an admin every class of the school.',
    access: ['teacher', 'staff'],
    response: z.array(ClassOptionSchema),
    errors: ['FORBIDDEN'],
  }),
  classRecognitionReport: endpoint({
    id: 'admin.classRecognitionReport',
    method: 'GET',
    path: '/class-reports/recognition',
    summary: 'High 5s given and received per student of a class (or of every class the caller may see).',
    access: ['teacher', 'staff'],
    query: ClassReportQuerySchema,
    response: ReportPageSchema,
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'FLAG_FILTER_ADMIN_ONLY', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  classMoodReport: endpoint({
    id: 'admin.classMoodReport',
    method: 'GET',
    path: '/class-reports/mood',
    summary: 'High and low enjoyment check-ins per student of a class (every read is audited).',
    access: ['teacher', 'staff'],
    query: ClassMoodReportQuerySchema,
    response: MoodReportPageSchema,
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'FLAG_FILTER_ADMIN_ONLY', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  classRecognitionReportCsv: endpoint({
    id: 'admin.classRecognitionReportCsv',
    method: 'GET',
    path: '/class-reports/recognition.csv',
    summary: "The class report's High 5 tab as a CSV file in the caller's language, streamed from the database.",
    access: ['teacher', 'staff'],
    query: ClassReportCsvQuerySchema,
    response: z.unknown(),
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'FLAG_FILTER_ADMIN_ONLY', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  classMoodReportCsv: endpoint({
    id: 'admin.classMoodReportCsv',
    method: 'GET',
    path: '/class-reports/mood.csv',
    summary: "The class report's mood meter tab as a CSV file in the caller's language, streamed from the database (audited).",
    access: ['teacher', 'staff'],
    query: ClassMoodReportCsvQuerySchema,
    response: z.unknown(),
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'FLAG_FILTER_ADMIN_ONLY', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
};
