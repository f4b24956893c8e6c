import { z } from 'zod';
import { DateRangeSchema, endpoint, EmptySchema, IsoDateSchema, optionalText, PAGE_SIZES, pageOf, pageQuery, requiredMultilineText, requiredText, RoleSchema, singleLine, UuidSchema } from './core.js';

// ---------------------------------------------------------------------------
// Constants of the classroom area (docs/rules/classroom.md)
// ---------------------------------------------------------------------------

export { MOODS, MOOD_KEYS, moodInfo, isLowMood, type MoodGroup, type MoodKey } from './moods.js';
import { addDays } from './dates.js';
import { ClassDeviceOpenBodySchema, ClassDeviceSessionSchema, ClassInviteResultSchema, SignInCardSchema, SignInCardsBodySchema } from './class-cards.js';
import { MOOD_KEYS } from './moods.js';
import { studentFilterQuery, StudentFlagValuesSchema } from './student-filters.js';

export const MoodKeySchema = z.enum(MOOD_KEYS);
export const EmergencyPrioritySchema = z.enum(['none', 'not-today', 'today']);
export type EmergencyPriority = z.infer<typeof EmergencyPrioritySchema>;

export const AttendanceCodeSchema = z.enum(['P', 'A', 'T', 'E']);
export type AttendanceCode = z.infer<typeof AttendanceCodeSchema>;

export const DeskDirectionSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
export type DeskDirection = z.infer<typeof DeskDirectionSchema>;

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

// ---------------------------------------------------------------------------
// CSV invites (docs/rules/classroom.md#invitations): Email, First Name, Last Name
// ---------------------------------------------------------------------------

export const InviteEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const InviteRowSchema = z.object({
  email: InviteEmailSchema,
  firstName: optionalText(60).default(''),
  lastName: optionalText(60).default(''),
});
export type InviteRow = z.input<typeof InviteRowSchema>;
/** An invitation: 1 to inviteRowsMax students (one typed, or a CSV file's rows). */
export const InviteStudentsBodySchema = z.object({ students: z.array(InviteRowSchema).min(1).max(CLASSROOM_LIMITS.inviteRowsMax) });

// Files are read in the web app with Papa Parse (features/classroom/teacher-classes/invite-csv.ts).

// ---------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------

const ClassIdParams = z.object({ classId: UuidSchema });
const ClassStudentParams = z.object({ classId: UuidSchema, studentId: UuidSchema });
const SearchSchema = singleLine(z.string().trim().max(CLASSROOM_LIMITS.searchMax)).optional();
const DateRangeQuery = z.object({ dateRange: DateRangeSchema });

/** True when a classroom list's range is longer than the server takes (its assertRange: DATE_RANGE_TOO_LONG). */
export const classroomRangeTooLong = (range: { from: string; to: string }) => addDays(range.from, CLASSROOM_LIMITS.maxRangeDays - 1) < range.to;
/**
 * A classroom list's `dateRange` (the journal, feedback, a student's High 5s, the attendance export) as
 * the server answers it: From not after To, and at most `maxRangeDays` days. The queries keep the bare
 * range (the server says DATE_RANGE_TOO_LONG itself); a filter form checks this before it asks.
 */
export const ClassroomRangeSchema = DateRangeQuery.shape.dateRange.refine((range) => !classroomRangeTooLong(range), 'DATE_RANGE_TOO_LONG');

export const ClassNameSchema = requiredText(CLASSROOM_LIMITS.classNameMax);

/** The class rules of the server's policies folder, answered with each class (docs/decisions/0470). */
export const ClassPoliciesSchema = z.object({
  /** Rename it, its students, teachers and invitations. */
  canManage: z.boolean(),
  canDelete: z.boolean(),
  /** Its seating chart and attendance (the class's teachers only). */
  canTeach: z.boolean(),
  /** Add, remove, invite or approve students: not for a rostered class (docs/decisions/0600). */
  canChangeStudents: z.boolean(),
});
export type ClassPolicies = z.infer<typeof ClassPoliciesSchema>;

/** A class as its teachers and the school's admins see it. */
export const ClassSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** The class code students join with (joining_code). */
  code: z.string(),
  ownerId: UuidSchema,
  ownerName: z.string(),
  /** The caller teaches this class (as owner or substitute). */
  teaches: z.boolean(),
  isOwner: z.boolean(),
  studentCount: z.number().int(),
  requestCount: z.number().int(),
  /** A class of a past school year: kept for history, read-only (docs/decisions/0571). */
  lastYear: z.boolean(),
  /** A section of the school's roster: its students come from the SIS only (docs/decisions/0600). */
  rostered: z.boolean(),
  /** What the caller may do with this class, answered by the server's policies (docs/decisions/0470). */
  policies: ClassPoliciesSchema,
});
export type ClassItem = z.infer<typeof ClassSchema>;

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

export const ClassTeacherSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  isOwner: z.boolean(),
  /** The owner cannot be removed (disable_remove_teacher). */
  disableRemove: z.boolean(),
});
export type ClassTeacher = z.infer<typeof ClassTeacherSchema>;

export const PersonSchema = z.object({ id: UuidSchema, name: z.string(), email: z.string().nullable() });
export type Person = z.infer<typeof PersonSchema>;

export const InviteResultSchema = z.object({
  /** New accounts, and students of the school who never registered, enrolled; each got a new temporary password by e-mail. */
  invited: z.array(z.string()),
  /** Registered students of the school, now enrolled (they are not e-mailed). */
  enrolled: z.array(z.string()),
  /** E-mails that belong to an account that cannot be enrolled ('student already exists'). */
  failedUsers: z.array(z.string()),
});
export type InviteResult = z.infer<typeof InviteResultSchema>;

export const StudentClassSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  teacherName: z.string(),
  enrolled: z.boolean(),
  requested: z.boolean(),
  /** A class of a past school year (read-only). */
  lastYear: z.boolean(),
});
export type StudentClass = z.infer<typeof StudentClassSchema>;

export const ClassmateSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  registered: z.boolean(),
  isMe: z.boolean(),
});
export type Classmate = z.infer<typeof ClassmateSchema>;

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

/** No e-mail: a student needs an adult's name and role, not their address (docs/decisions/0156). */
export const TrustedAdultSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** The adult's role at the school: teacher or staff. */
  category: z.enum(['teacher', 'staff']),
});

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

export const JournalEntrySchema = z.object({
  id: UuidSchema,
  heading: z.string(),
  description: z.string(),
  writtenAt: z.string(),
  updatedAt: z.string(),
});
export const JournalInputSchema = z.object({
  heading: requiredText(CLASSROOM_LIMITS.journalHeadingMax),
  description: requiredMultilineText(CLASSROOM_LIMITS.journalDescriptionMax),
});

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

export const RosterStudentSchema = ClassStudentSchema.extend({
  /** An invitation e-mail can be sent (paid schools, unregistered students with an e-mail). */
  invitable: z.boolean(),
  /** IEP, 504 and English learner: in an admin's list only (docs/decisions/0601). */
  flags: StudentFlagValuesSchema.optional(),
});
export type RosterStudent = z.infer<typeof RosterStudentSchema>;
/** What the student list sorts by; ties by name, then id. */
export const RosterSortSchema = z.enum(['name', 'email', 'grade']);
export const RosterQuerySchema = z.object({ sort: RosterSortSchema.default('name'), ...studentFilterQuery, ...pageQuery(PAGE_SIZES[2]) });
export type RosterQuery = z.output<typeof RosterQuerySchema>;

const IdList = (max: number) => z.array(UuidSchema).min(1).max(max).refine((ids) => new Set(ids).size === ids.length, 'duplicate_ids');

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

const MANAGERS = ['teacher', 'staff'] as const;

/** A staff member's feedback on a High 5 given to their student (its dialog validates with it too). */
export const GiveFeedbackBodySchema = z.object({ high5Id: z.number().int().positive(), comment: requiredMultilineText(CLASSROOM_LIMITS.feedbackMax) });
/** The create-class and rename-class body (their dialog validates with it too). */
export const ClassNameBodySchema = z.object({ name: ClassNameSchema });

export const classroomEndpoints = {
  // --- Teacher classes (docs/rules/classroom.md#teacher-classes) -----------------
  classList: endpoint({
    id: 'classroom.classList',
    method: 'GET',
    path: '/classes',
    summary: 'Classes the caller teaches; for a school admin, every class of the school.',
    access: MANAGERS,
    response: z.array(ClassSchema),
  }),
  classCreate: endpoint({
    id: 'classroom.classCreate',
    method: 'POST',
    path: '/classes',
    summary: 'Creates a class owned by the caller, with a fresh class code; its name must differ from the caller\'s other classes (trimmed, any case).',
    access: MANAGERS,
    body: ClassNameBodySchema,
    response: ClassSchema,
    errors: ['CLASS_NAME_TAKEN'],
  }),
  classRename: endpoint({
    id: 'classroom.classRename',
    method: 'PUT',
    path: '/classes/:classId',
    summary: 'Renames a class (its teachers or a school admin); the name must differ from its owner\'s other classes.',
    access: MANAGERS,
    params: ClassIdParams,
    body: ClassNameBodySchema,
    response: ClassSchema,
    errors: ['CLASS_NAME_TAKEN', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classDelete: endpoint({
    id: 'classroom.classDelete',
    method: 'DELETE',
    path: '/classes/:classId',
    summary: 'Deletes a class with its enrolments, charts and attendance (its owner or a school admin).',
    access: MANAGERS,
    params: ClassIdParams,
    response: EmptySchema,
    errors: ['CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classStudents: endpoint({
    id: 'classroom.classStudents',
    method: 'GET',
    path: '/classes/:classId/students',
    summary: 'The students enrolled in a class.',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassStudentSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classStudentCandidates: endpoint({
    id: 'classroom.classStudentCandidates',
    method: 'GET',
    path: '/classes/:classId/student-candidates',
    summary: 'Students of the school not yet in the class (find student), by name or e-mail.',
    access: MANAGERS,
    params: ClassIdParams,
    query: z.object({ search: SearchSchema }),
    response: z.array(ClassStudentSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classEnrol: endpoint({
    id: 'classroom.classEnrol',
    method: 'POST',
    path: '/classes/:classId/students',
    summary: 'Enrols students of the school in the class.',
    access: MANAGERS,
    params: ClassIdParams,
    body: z.object({ studentIds: IdList(CLASSROOM_LIMITS.enrolBatchMax) }),
    response: z.object({ enrolled: z.number().int() }),
    errors: ['STUDENT_NOT_IN_SCHOOL', 'CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classRemoveStudent: endpoint({
    id: 'classroom.classRemoveStudent',
    method: 'DELETE',
    path: '/classes/:classId/students/:studentId',
    summary: 'Removes a student from the class.',
    access: MANAGERS,
    params: ClassStudentParams,
    response: EmptySchema,
    errors: ['CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classRequests: endpoint({
    id: 'classroom.classRequests',
    method: 'GET',
    path: '/classes/:classId/requests',
    summary: 'Pending enrolment requests of a class.',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassStudentSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classDecideRequests: endpoint({
    id: 'classroom.classDecideRequests',
    method: 'POST',
    path: '/classes/:classId/requests/decision',
    summary: 'Approves (enroll true) or rejects (enroll false) enrolment requests.',
    access: MANAGERS,
    params: ClassIdParams,
    body: z.object({ studentIds: IdList(CLASSROOM_LIMITS.enrolBatchMax), enroll: z.boolean() }),
    response: z.object({ failedStudentIds: z.array(UuidSchema) }),
    errors: ['CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classTeachers: endpoint({
    id: 'classroom.classTeachers',
    method: 'GET',
    path: '/classes/:classId/teachers',
    summary: 'The owner and the substitute teachers of a class.',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassTeacherSchema),
    errors: ['NOT_FOUND'],
  }),
  classTeacherCandidates: endpoint({
    id: 'classroom.classTeacherCandidates',
    method: 'GET',
    path: '/classes/:classId/teacher-candidates',
    summary: 'Teachers of the school who do not teach the class yet (find teacher).',
    access: MANAGERS,
    params: ClassIdParams,
    query: z.object({ search: SearchSchema }),
    response: z.array(PersonSchema),
    errors: ['NOT_FOUND'],
  }),
  classAddTeacher: endpoint({
    id: 'classroom.classAddTeacher',
    method: 'POST',
    path: '/classes/:classId/teachers',
    summary: 'Adds a teacher of the same school as a substitute.',
    access: MANAGERS,
    params: ClassIdParams,
    body: z.object({ teacherId: UuidSchema }),
    response: z.array(ClassTeacherSchema),
    errors: ['TEACHER_NOT_IN_SCHOOL', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),
  classRemoveTeacher: endpoint({
    id: 'classroom.classRemoveTeacher',
    method: 'DELETE',
    path: '/classes/:classId/teachers/:teacherId',
    summary: 'Removes a substitute teacher; the owner cannot be removed.',
    access: MANAGERS,
    params: z.object({ classId: UuidSchema, teacherId: UuidSchema }),
    response: z.array(ClassTeacherSchema),
    errors: ['OWNER_CANNOT_BE_REMOVED', 'NOT_FOUND'],
  }),
  classInvite: endpoint({
    id: 'classroom.classInvite',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to 200 accounts and e-mails each
    method: 'POST',
    path: '/classes/:classId/invitations',
    summary: 'Invites students by e-mail or CSV: new accounts get a temporary password by e-mail, existing students of the school are enrolled.',
    access: MANAGERS,
    params: ClassIdParams,
    body: InviteStudentsBodySchema,
    response: InviteResultSchema,
    errors: ['CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),

  // --- Student classes (docs/rules/classroom.md#student-classes) -------------------------------
  studentClasses: endpoint({
    id: 'classroom.studentClasses',
    method: 'GET',
    path: '/student/classes',
    summary: 'The student\'s classes (enrolled=true) or the school\'s other classes (enrolled=false).',
    access: ['student'],
    query: z.object({ enrolled: z.enum(['true', 'false']).transform((v) => v === 'true') }),
    response: z.array(StudentClassSchema),
  }),
  studentClassmates: endpoint({
    id: 'classroom.studentClassmates',
    method: 'GET',
    path: '/student/classes/:classId/students',
    summary: 'The students of a class the caller is enrolled in.',
    access: ['student'],
    params: ClassIdParams,
    response: z.array(ClassmateSchema),
    errors: ['NOT_FOUND'],
  }),
  studentRequestEnrolment: endpoint({
    id: 'classroom.studentRequestEnrolment',
    method: 'POST',
    path: '/student/classes/:classId/request',
    summary: 'Asks to join a class of the student\'s school; a teacher of the class approves.',
    access: ['student'],
    params: ClassIdParams,
    body: EmptySchema,
    response: EmptySchema,
    errors: ['ALREADY_ENROLLED', 'CLASS_ROSTERED', 'CLASS_LAST_YEAR', 'NOT_FOUND'],
  }),

  // --- Mood meter (docs/rules/classroom.md#mood-meter) -------------------------
  moodSettings: endpoint({
    id: 'classroom.moodSettings',
    allowWhilePending: true,
    method: 'GET',
    path: '/moods/settings',
    summary: 'Whether the school prompts on low-energy moods, and its messages in the caller\'s language.',
    access: ['student', 'teacher', 'parent', 'staff'],
    response: MoodSettingsSchema,
  }),
  moodMine: endpoint({
    id: 'classroom.moodMine',
    allowWhilePending: true,
    method: 'GET',
    path: '/moods/mine',
    summary: 'The caller\'s mood check-ins of today and yesterday (school-local dates).',
    access: ['student', 'teacher', 'parent', 'staff'],
    response: z.object({ today: IsoDateSchema, yesterday: IsoDateSchema, todayEntry: MoodEntrySchema.nullable(), yesterdayEntry: MoodEntrySchema.nullable() }),
  }),
  moodCheckIn: endpoint({
    id: 'classroom.moodCheckIn',
    allowWhilePending: true,
    method: 'POST',
    path: '/moods',
    summary: 'Records today\'s mood; a second check-in the same school day replaces the first.',
    access: ['student', 'teacher', 'parent', 'staff'],
    body: CheckInSchema,
    response: CheckInResultSchema,
    errors: ['MOOD_PRIORITY_REQUIRED', 'MOOD_PRIORITY_NOT_ALLOWED', 'MOOD_CONSENT_REQUIRED', 'TALK_TO_NOT_ALLOWED'],
  }),
  moodStudentHistory: endpoint({
    id: 'classroom.moodStudentHistory',
    method: 'GET',
    path: '/moods/students/:studentId',
    summary: 'A student\'s mood check-ins in a date range: for the student, their teachers, the school\'s admins, their trusted adults and their parents.',
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

  // --- Trusted adults (docs/rules/classroom.md#trusted-adults) ---------------------------
  trustedAdults: endpoint({
    id: 'classroom.trustedAdults',
    method: 'GET',
    path: '/trusted-adults',
    summary: 'The student\'s trusted adults.',
    access: ['student'],
    response: z.array(TrustedAdultSchema),
  }),
  trustedAdultCandidates: endpoint({
    id: 'classroom.trustedAdultCandidates',
    method: 'GET',
    path: '/trusted-adults/candidates',
    summary: 'Teachers and staff of the student\'s school who are not yet trusted adults.',
    access: ['student'],
    query: z.object({ search: SearchSchema }),
    response: z.array(TrustedAdultSchema),
  }),
  trustedAdultsAdd: endpoint({
    id: 'classroom.trustedAdultsAdd',
    method: 'POST',
    path: '/trusted-adults',
    summary: 'Adds trusted adults among the school\'s teachers and staff.',
    access: ['student'],
    body: z.object({ adultIds: IdList(CLASSROOM_LIMITS.trustedAdultsBatchMax) }),
    response: z.array(TrustedAdultSchema),
    errors: ['TRUSTED_ADULT_NOT_ALLOWED'],
  }),
  trustedAdultsRemove: endpoint({
    id: 'classroom.trustedAdultsRemove',
    method: 'DELETE',
    path: '/trusted-adults/:adultId',
    summary: 'Removes a trusted adult.',
    access: ['student'],
    params: z.object({ adultId: UuidSchema }),
    response: z.array(TrustedAdultSchema),
    errors: ['NOT_FOUND'],
  }),

  // --- My students and received High 5s (docs/rules/classroom.md#my-students) ----
  myStudents: endpoint({
    id: 'classroom.myStudents',
    method: 'GET',
    path: '/my-students',
    summary: 'The students whose High 5s the caller may view: a parent\'s linked children; for a staff member, the school\'s students matching `search` (at most 100, docs/decisions/0304).',
    access: ['parent', 'staff'],
    query: z.object({ search: SearchSchema }),
    response: z.array(MyStudentSchema),
  }),
  studentHigh5s: endpoint({
    id: 'classroom.studentHigh5s',
    method: 'GET',
    path: '/my-students/:studentId/high5s',
    summary: 'High 5s a student received in a date range (their parents, and the school\'s staff and admins).',
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

  // --- Gratitude journal (docs/rules/classroom.md#gratitude-journal) ------------------
  journalList: endpoint({
    id: 'classroom.journalList',
    allowWhilePending: true,
    method: 'GET',
    path: '/journal',
    summary: 'The caller\'s own journal entries written in a date range of the school\'s calendar (UTC without a school).',
    access: 'session',
    query: z.object({ dateRange: DateRangeSchema }),
    response: z.array(JournalEntrySchema),
    errors: ['DATE_RANGE_TOO_LONG'],
  }),
  journalCreate: endpoint({
    id: 'classroom.journalCreate',
    allowWhilePending: true,
    method: 'POST',
    path: '/journal',
    summary: 'Writes a journal entry.',
    access: 'session',
    body: JournalInputSchema,
    response: JournalEntrySchema,
  }),
  journalUpdate: endpoint({
    id: 'classroom.journalUpdate',
    allowWhilePending: true,
    method: 'PUT',
    path: '/journal/:entryId',
    summary: 'Edits one of the caller\'s journal entries.',
    access: 'session',
    params: z.object({ entryId: UuidSchema }),
    body: JournalInputSchema,
    response: JournalEntrySchema,
    errors: ['NOT_FOUND'],
  }),
  journalDelete: endpoint({
    id: 'classroom.journalDelete',
    allowWhilePending: true,
    method: 'DELETE',
    path: '/journal/:entryId',
    summary: 'Deletes one of the caller\'s journal entries.',
    access: 'session',
    params: z.object({ entryId: UuidSchema }),
    response: EmptySchema,
    errors: ['NOT_FOUND'],
  }),

  // --- Seating chart and attendance (docs/rules/classroom.md#seating-chart)
  seating: endpoint({
    id: 'classroom.seating',
    method: 'GET',
    path: '/classes/:classId/seating',
    summary: 'A class\'s students (flags, photo links valid 3600 s), its seating charts and today\'s moods.',
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    response: SeatingDataSchema,
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  seatingMoods: endpoint({
    id: 'classroom.seatingMoods',
    method: 'GET',
    path: '/classes/:classId/moods',
    summary: 'Today\'s mood of every student of the class (refreshed every 30 s by the chart).',
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
    summary: 'The school\'s today and any attendance already saved for it.',
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    response: z.object({ date: IsoDateSchema, codes: z.record(UuidSchema, AttendanceCodeSchema) }),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  attendanceSave: endpoint({
    id: 'classroom.attendanceSave',
    method: 'POST',
    path: '/classes/:classId/attendance',
    summary: 'Saves today\'s attendance (present, absent, tardy, excused lists) for the class.',
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
    summary: 'The class\'s attendance in a date range as the text of attendance.csv.',
    access: ['teacher', 'staff'],
    params: ClassIdParams,
    query: DateRangeQuery,
    response: z.object({ filename: z.literal('attendance.csv'), csv: z.string(), rows: z.number().int() }),
    errors: ['DATE_RANGE_TOO_LONG', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),

  // --- Student list (docs/rules/classroom.md#student-list) ------------------------------
  roster: endpoint({
    id: 'classroom.roster',
    method: 'GET',
    path: '/roster/students',
    summary: 'Students an admin (the whole school) or a teacher (their classes) looks after: searched, sorted and paged, with the count of all that match.',
    access: MANAGERS,
    query: RosterQuerySchema,
    response: pageOf(RosterStudentSchema).extend({ paid: z.boolean() }),
    errors: ['FLAG_FILTER_ADMIN_ONLY', 'ACCOUNT_PENDING_APPROVAL'],
  }),
  rosterResetPassword: endpoint({
    id: 'classroom.rosterResetPassword',
    rateLimit: { max: 60, perSeconds: 3600 }, // a temporary password each
    method: 'POST',
    path: '/roster/students/:studentId/password-reset',
    summary: 'School admins: a one-time link for the student to choose a new password (24 h), e-mailed to a student with an e-mail, else shown once to the admin. No one receives a password.',
    access: MANAGERS,
    params: z.object({ studentId: UuidSchema }),
    body: EmptySchema,
    response: z.discriminatedUnion('delivery', [
      z.object({ delivery: z.literal('email'), login: z.string(), expiresAt: z.string() }),
      z.object({ delivery: z.literal('link'), login: z.string(), expiresAt: z.string(), link: z.string() }),
    ]),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  rosterInvite: endpoint({
    id: 'classroom.rosterInvite',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to 200 accounts and e-mails each
    method: 'POST',
    path: '/roster/invitations',
    summary: 'Paid schools: e-mails unregistered students an invitation with a temporary password.',
    access: MANAGERS,
    body: z.object({ studentIds: IdList(CLASSROOM_LIMITS.inviteRowsMax) }),
    response: z.object({ invited: z.number().int(), failedStudentIds: z.array(UuidSchema) }),
    errors: ['PAID_SCHOOL_ONLY', 'ACCOUNT_PENDING_APPROVAL'],
  }),
  rosterClassInvite: endpoint({
    id: 'classroom.rosterClassInvite',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to a class of accounts and e-mails each
    method: 'POST',
    path: '/roster/classes/:classId/invitations',
    summary: "Paid schools, school admins: sends each of a class's unregistered teachers and students their first sign-in (a temporary password by e-mail) and says per person what happened.",
    access: 'schoolAdmin',
    params: ClassIdParams,
    response: ClassInviteResultSchema,
    errors: ['PAID_SCHOOL_ONLY', 'NOT_FOUND'],
  }),

  // --- Class sign-in cards (docs/decisions/0553) ----------------------------
  classDeviceSessions: endpoint({
    id: 'classroom.classDeviceSessions',
    method: 'GET',
    path: '/classes/:classId/device-sessions',
    summary: 'The devices this class is open on for card sign-in (unexpired class sessions).',
    access: MANAGERS,
    params: ClassIdParams,
    response: z.array(ClassDeviceSessionSchema),
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classDeviceOpen: endpoint({
    id: 'classroom.classDeviceOpen',
    rateLimit: { max: 30, perSeconds: 3600 },
    method: 'POST',
    path: '/classes/:classId/device-sessions',
    summary: "Opens the class on the calling device for card sign-in, for 1 to 8 hours: sets the device's class-session cookie (replacing one it had).",
    access: MANAGERS,
    params: ClassIdParams,
    body: ClassDeviceOpenBodySchema,
    response: ClassDeviceSessionSchema,
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classDeviceClose: endpoint({
    id: 'classroom.classDeviceClose',
    method: 'DELETE',
    path: '/classes/:classId/device-sessions/:deviceSessionId',
    summary: 'Closes a class session on a device: its cards stop working there and the students it signed in are signed out.',
    access: MANAGERS,
    params: z.object({ classId: UuidSchema, deviceSessionId: UuidSchema }),
    response: EmptySchema,
    errors: ['ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
  classSignInCards: endpoint({
    id: 'classroom.classSignInCards',
    rateLimit: { max: 30, perSeconds: 3600 },
    method: 'POST',
    path: '/classes/:classId/sign-in-cards',
    summary: "Issues new sign-in cards (name, avatar, code, QR code) for the class's students, or the ones listed: each replaces and voids that student's previous card for the class.",
    access: MANAGERS,
    params: ClassIdParams,
    body: SignInCardsBodySchema,
    response: z.object({ className: z.string(), cards: z.array(SignInCardSchema) }),
    errors: ['STUDENT_NOT_ENROLLED', 'ACCOUNT_PENDING_APPROVAL', 'NOT_FOUND'],
  }),
};
