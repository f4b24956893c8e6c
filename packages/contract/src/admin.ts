import { z } from 'zod';
import { EmailSchema, NameSchema } from './auth.js';
import { DateRangeSchema, EmptySchema, endpoint, pageOf, pageQuery as pageQueryOf, IsoDateSchema, LanguageSchema, optionalMultilineText, optionalText, requiredText, RoleSchema, singleLine, UuidSchema } from './core.js';
import { daysBetween, isKnownTimeZone } from './dates.js';
import { GiversReportSchema, NotYetDaysSchema, ReachReportSchema } from './every-child.js';
import { LIMITS } from './limits.js';
import { studentFilterQuery } from './student-filters.js';
import { DataSettingsSchema, DataSettingsUpdateSchema } from './year-data.js';

// ---------------------------------------------------------------------------------------------
// Constants of the administration area (spec 003)
// ---------------------------------------------------------------------------------------------

/** Longest range a report may cover: one year. */
export const REPORT_RANGE_MAX_DAYS = 366;
/** Most rows a report page may hold; the CSV download loads pages of this size (decision 0310). */
export const REPORT_PAGE_SIZE = 500;
/** Items of one kind in a user's Reports dialog (newest first). */
export const USER_REPORT_ITEMS_MAX = 1000;
/** Notification e-mail addresses a school may configure. */
export const NOTIFICATION_EMAILS_MAX = 20;
/** A school's own categories per kind. */
export const SCHOOL_CATEGORIES_MAX = 50;
/** Each mood meter message (message1, message2) in each language. */
export const MOOD_MESSAGE_MAX = 300;
/** Deep-link URLs of the school configuration. */
export const CONFIG_URL_MAX = 500;
/** The default report range: the last 10 days up to today (spec 003 section 2.6). */
export const DEFAULT_REPORT_DAYS = 10;

/**
 * The unpleasant feelings of the mood meter (spec 002 section 3.1): a check-in with one of
 * these counts as low enjoyment. The mood meter report filters by them.
 */
export const LOW_ENJOYMENT_MOODS = [
  'triumph',
  'rage',
  'worried',
  'grimacing',
  'unamused',
  'face_with_rolling_eyes',
  'face_with_head_bandage',
  'sleeping',
  'pensive',
  'disappointed',
  'persevere',
  'weary',
] as const;
export const LowEnjoymentMoodSchema = z.enum(LOW_ENJOYMENT_MOODS);
export type LowEnjoymentMood = z.infer<typeof LowEnjoymentMoodSchema>;

/** The teacher or staff switch of the user management screens. */
export const StaffGroupSchema = z.enum(['teacher', 'staff']);
export type StaffGroup = z.infer<typeof StaffGroupSchema>;

export const CategoryKindSchema = z.enum(['high5', 'vibe']);
export type CategoryKind = z.infer<typeof CategoryKindSchema>;

/** `yyyy-MM-dd_yyyy-MM-dd`, at most a year long. */
export const ReportRangeSchema = DateRangeSchema.refine((r) => daysBetween(r.from, r.to) < REPORT_RANGE_MAX_DAYS, 'range_too_long');

/** True for an absolute http or https URL (the only schemes a deep link may use). */
export function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An http(s) URL, or '' for "not configured". */
export const OptionalUrlSchema = singleLine(z.string().trim().max(CONFIG_URL_MAX)).refine((v) => v === '' || isHttpUrl(v), 'invalid_url');
export const RequiredUrlSchema = singleLine(z.string().trim().min(1).max(CONFIG_URL_MAX)).refine(isHttpUrl, 'invalid_url');

export const TimeZoneSchema = z.string().min(1).max(64).refine(isKnownTimeZone, 'invalid_time_zone');
/** 24-hour `HH:mm` (spec 003 section 5). */
export const TriggerTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');

const count = z.number().int().nonnegative();
/** A list in a query string: `a,b,c`; empty means none. */
const csvList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .string()
    .max(2000)
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(max));

// ---------------------------------------------------------------------------------------------
// Users: admins, staff and teachers, approvals, staff invitations
// ---------------------------------------------------------------------------------------------

/** Most teachers and staff one "Invite all" sends at once. */
export const STAFF_INVITE_MAX = 200;

export const AdminUserSchema = z.object({
  id: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: StaffGroupSchema,
  isAdmin: z.boolean(),
  /** 'pending': a teacher whose e-mail domain is not on the district's list, waiting for approval. */
  status: z.enum(['active', 'pending']),
  /** A teacher made from staff by an admin: only such a teacher can be reverted to staff. */
  staffAsTeacher: z.boolean(),
  isSelf: z.boolean(),
  /** From the profile, for gendered words ("administradora"); null when not given. */
  gender: z.enum(['M', 'F', 'O']).nullable(),
  /** The school's only active admin: their own admin flag cannot be removed (LAST_ADMIN). */
  soleAdmin: z.boolean(),
  /**
   * Has chosen their own password (or signs in with Google). A rostered account, or an invitation
   * not yet used, has not: the admin can invite them (decision 0537).
   */
  registered: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const InviteStaffSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  /** The language of the invitation e-mail and of the new account. */
  language: LanguageSchema,
});
export type InviteStaff = z.input<typeof InviteStaffSchema>;

const userParams = z.object({ userId: UuidSchema });
const schoolParams = z.object({ schoolId: UuidSchema });
const schoolUserParams = z.object({ schoolId: UuidSchema, userId: UuidSchema });

// ---------------------------------------------------------------------------------------------
// School configuration (spec 003 section 2.11)
// ---------------------------------------------------------------------------------------------

const messagePair = z.object({ message1: optionalMultilineText(MOOD_MESSAGE_MAX), message2: optionalMultilineText(MOOD_MESSAGE_MAX) });
/** The mood meter messages; a message missing in one language is copied from the other. */
export const MoodMessagesSchema = z.object({ en: messagePair, es: messagePair });
export type MoodMessages = z.infer<typeof MoodMessagesSchema>;

/** Fills each message missing in one language from the other (spec 003 section 4). */
export function completeMoodMessages(messages: MoodMessages): MoodMessages {
  const pick = (a: string, b: string) => (a.trim() ? a.trim() : b.trim());
  return {
    en: { message1: pick(messages.en.message1, messages.es.message1), message2: pick(messages.en.message2, messages.es.message2) },
    es: { message1: pick(messages.es.message1, messages.en.message1), message2: pick(messages.es.message2, messages.en.message2) },
  };
}

export const ConfigUrlsSchema = z.object({
  programIep: OptionalUrlSchema,
  program504: OptionalUrlSchema,
  language: OptionalUrlSchema,
  studentDocument: OptionalUrlSchema,
});
export type ConfigUrls = z.infer<typeof ConfigUrlsSchema>;

/** One notification address and whether its owner confirmed it (decision 0590). */
export const NotificationEmailStateSchema = z.object({
  email: z.string(),
  /** When the owner opened the confirmation link; null while waiting. */
  confirmedAt: z.string().nullable(),
  /** When the last confirmation link was e-mailed; null when unknown or never (addresses listed before confirmation existed). */
  linkSentAt: z.string().nullable(),
});
export type NotificationEmailState = z.infer<typeof NotificationEmailStateSchema>;

export const SchoolConfigurationSchema = z.object({
  schoolName: z.string(),
  timeZone: z.string(),
  triggerTime: z.string(),
  notificationEmails: z.array(z.string()),
  /** The same addresses with their confirmation state, in the same order. */
  notificationEmailStates: z.array(NotificationEmailStateSchema),
  high5Vibes: z.boolean(),
  high5NotifyEmail: z.boolean(),
  promptMoodmeter: z.boolean(),
  moodmeterMessages: MoodMessagesSchema,
  urls: ConfigUrlsSchema,
  /** The school-local date the daily mood meter report was last sent, or null. */
  lastMoodReportSentOn: IsoDateSchema.nullable(),
  /** The school-local date, later than the last sent one, whose daily report was due but held: no address had confirmed (decision 0590). */
  moodReportHeldOn: IsoDateSchema.nullable(),
  /** A district-connected (Aeries or Clever) school: only there do students' details show the deep links (decision 0317). */
  paid: z.boolean(),
  /** How many school days a teacher's "not yet" list looks back. */
  notYetDays: NotYetDaysSchema,
});
export type SchoolConfiguration = z.infer<typeof SchoolConfigurationSchema>;

/** Any of the settings; each section of the screen sends its own. */
export const ConfigurationUpdateSchema = z
  .object({
    triggerTime: TriggerTimeSchema,
    timeZone: TimeZoneSchema,
    high5Vibes: z.boolean(),
    high5NotifyEmail: z.boolean(),
    promptMoodmeter: z.boolean(),
    moodmeterMessages: MoodMessagesSchema,
    urls: ConfigUrlsSchema,
    notYetDays: NotYetDaysSchema,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing_to_update');
export type ConfigurationUpdate = z.input<typeof ConfigurationUpdateSchema>;

export const NotificationEmailsUpdateSchema = z
  .object({
    add: z.array(EmailSchema).max(NOTIFICATION_EMAILS_MAX).default([]),
    remove: z.array(singleLine(z.string().trim().toLowerCase().max(254))).max(NOTIFICATION_EMAILS_MAX * 2).default([]),
  })
  .strict()
  .refine((v) => v.add.length + v.remove.length > 0, 'nothing_to_update');

/** Which listed address gets a new confirmation link. */
export const NotificationConfirmationResendSchema = z.object({ email: singleLine(z.string().trim().toLowerCase().max(254)) }).strict();

// ---------------------------------------------------------------------------------------------
// Categories (spec 003 section 2.12)
// ---------------------------------------------------------------------------------------------

export const AdminCategorySchema = z.object({
  id: UuidSchema,
  kind: CategoryKindSchema,
  /** Built-in categories (spec types high-fives and vibes) have locked names. */
  builtIn: z.boolean(),
  nameEn: z.string(),
  nameEs: z.string(),
  enabled: z.boolean(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const CategoryNameSchema = requiredText(LIMITS.categoryNameMax);

/** A new category: one language is enough, it is copied to the other (spec 003 section 4). */
export const NewCategorySchema = z
  .object({ nameEn: optionalText(LIMITS.categoryNameMax).default(''), nameEs: optionalText(LIMITS.categoryNameMax).default('') })
  .strict()
  .refine((v) => v.nameEn !== '' || v.nameEs !== '', 'CATEGORY_NAME_REQUIRED')
  .transform((v) => ({ nameEn: v.nameEn || v.nameEs, nameEs: v.nameEs || v.nameEn }));
export type NewCategory = z.input<typeof NewCategorySchema>;

export const CategoriesUpdateSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            id: UuidSchema,
            enabled: z.boolean(),
            /** Only a school's own categories may be renamed; a built-in name must stay as it is. */
            nameEn: CategoryNameSchema.optional(),
            nameEs: CategoryNameSchema.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(300),
  })
  .strict();
export type CategoriesUpdate = z.input<typeof CategoriesUpdateSchema>;

const kindParams = z.object({ kind: CategoryKindSchema });

// ---------------------------------------------------------------------------------------------
// Reports (spec 003 sections 2.6 to 2.9)
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
export const LowEnjoymentEntrySchema = z.object({ date: IsoDateSchema, mood: z.string(), emergency: z.boolean(), talk: z.enum(['none', 'not-today', 'today']) });
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
  /** The low-enjoyment check-ins counted, oldest first; only when asked for (`entries=true`, the CSV). */
  lowEntries: z.array(LowEnjoymentEntrySchema).optional(),
});
export type MoodReportRow = z.infer<typeof MoodReportRowSchema>;
export const MoodReportPageSchema = pageOf(MoodReportRowSchema);
export type MoodReportPage = z.infer<typeof MoodReportPageSchema>;

/** Search, order and page of a report (decision 0310); the CSV download reads pages of REPORT_PAGE_SIZE. */
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

/** The minimum low-enjoyment count: used only above 0, else -1 (spec 003 section 5). */
export const MinimumLowSchema = z.coerce.number().int().min(-1).max(10_000).default(-1);

export const MoodReportQuerySchema = z.object({
  role: RoleSchema,
  range: ReportRangeSchema,
  classId: UuidSchema.optional(),
  minLow: MinimumLowSchema,
  /** Low-enjoyment feelings to count, comma separated; empty counts every low-enjoyment feeling. */
  filters: csvList(LowEnjoymentMoodSchema, LOW_ENJOYMENT_MOODS.length),
  /** `true` adds each row's low-enjoyment check-ins (the CSV); the screen's pages leave them out. */
  entries: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Students only: flags (admins, audited) and grade (docs/decisions/0601). */
  ...studentFilterQuery,
  sort: MoodReportSortSchema.default('name'),
  ...pageQuery,
});
export type MoodReportQuery = z.input<typeof MoodReportQuerySchema>;

/** The mood report's CSV file: the report's own query (so every filter it gains applies), without the page. */
export const MoodReportCsvQuerySchema = MoodReportQuerySchema.omit({ entries: true, page: true, pageSize: true });
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
  rangeDays: z.number().int().min(1).max(REPORT_RANGE_MAX_DAYS - 1),
  minimumLowEnjoyment: z.number().int().min(-1).max(10_000),
  filters: z.array(LowEnjoymentMoodSchema).max(LOW_ENJOYMENT_MOODS.length),
});
export type MoodReportSettings = z.infer<typeof MoodReportSettingsSchema>;

export const ClassOptionSchema = z.object({ id: UuidSchema, name: z.string(), teacherName: z.string() });
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

// ---------------------------------------------------------------------------------------------
// Super admin: schools, districts, backups, deletion (spec 003 sections 2.4, 2.8, 2.13, 2.14)
// ---------------------------------------------------------------------------------------------

export const DistrictKindSchema = z.enum(['free', 'aeries', 'clever']);
export type DistrictKind = z.infer<typeof DistrictKindSchema>;

export const SuperSchoolSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  districtId: UuidSchema,
  districtName: z.string(),
  districtKind: DistrictKindSchema,
  paid: z.boolean(),
  timeZone: z.string(),
  /** False for a school founded at sign-up in an existing district until the super admin approves it. */
  approved: z.boolean(),
});
export type SuperSchool = z.infer<typeof SuperSchoolSchema>;

/** What waits for the super admin (docs/decisions/0157): unapproved schools and pending people of any school. */
export const SuperPendingSchema = z.object({
  schools: z.array(SuperSchoolSchema.extend({ createdAt: z.string() })),
  people: z.array(
    z.object({
      schoolId: UuidSchema,
      schoolName: z.string(),
      districtName: z.string(),
      userId: UuidSchema,
      name: z.string(),
      email: z.string().nullable(),
      role: z.enum(['teacher', 'staff']),
      /** True when the school has no active admin who could decide instead. */
      schoolHasAdmin: z.boolean(),
      /** The person confirmed their e-mail address (docs/decisions/0607): approvers are told only then. */
      emailConfirmed: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type SuperPending = z.infer<typeof SuperPendingSchema>;

/** A family link of the school (docs/decisions/0155): linked, or asked and not yet accepted. */
export const FamilyLinkSchema = z.object({
  parentId: UuidSchema,
  parentName: z.string(),
  parentEmail: z.string().nullable(),
  studentId: UuidSchema,
  studentName: z.string(),
  status: z.enum(['linked', 'requested']),
  /** ISO timestamp of the link or the request. */
  since: z.string(),
  /**
   * A link the school knows: confirmed by an admin (docs/decisions/0540). Only a known parent's
   * mood consent counts; a link a student made stays unconfirmed until then. Null for requests.
   */
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type FamilyLink = z.infer<typeof FamilyLinkSchema>;

export const DistrictSummarySchema = z.object({
  id: UuidSchema,
  name: z.string(),
  kind: DistrictKindSchema,
  paid: z.boolean(),
  testMode: z.boolean(),
  baseUrl: z.string().nullable(),
  /** Credentials are stored encrypted and never sent back; this says whether there are any. */
  hasCredentials: z.boolean(),
  schoolCount: count,
  /** Allowed e-mail domains: teachers signing up with one are active at once, others wait for approval. */
  domains: z.array(z.string()),
});
export type DistrictSummary = z.infer<typeof DistrictSummarySchema>;

const DistrictNameSchema = requiredText(120);
export const AddDistrictSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('aeries'), name: DistrictNameSchema, baseUrl: RequiredUrlSchema, testMode: z.boolean().default(true), certificate: requiredText(4000) }).strict(),
  z
    .object({ kind: z.literal('clever'), name: DistrictNameSchema, baseUrl: RequiredUrlSchema, testMode: z.boolean().default(true), clientKey: requiredText(500), clientSecret: requiredText(500) })
    .strict(),
]);
export type AddDistrict = z.input<typeof AddDistrictSchema>;

/** A free school in an existing district, or in a new free district named here. */
export const AddSchoolSchema = z
  .object({
    districtId: UuidSchema.optional(),
    newDistrictName: DistrictNameSchema.optional(),
    name: requiredText(120),
    timeZone: TimeZoneSchema.default('America/Los_Angeles'),
  })
  .strict()
  .refine((v) => (v.districtId === undefined) !== (v.newDistrictName === undefined), 'district_required');
export type AddSchool = z.input<typeof AddSchoolSchema>;

export const BackupSchema = z.object({
  id: UuidSchema,
  schoolId: UuidSchema.nullable(),
  schoolName: z.string(),
  districtName: z.string(),
  createdAt: z.string(),
  sizeBytes: count,
  rowCount: count,
  /** The children's private journals are in it (only when the super admin asked). */
  includesJournals: z.boolean(),
  /** When the retention deletes it. */
  expiresAt: z.string(),
  /** Version 1 files (one JSON document) can be downloaded but not restored. */
  restorable: z.boolean(),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupOptionsSchema = z
  .object({
    /** The children's private journals are left out unless asked for here. */
    includeJournals: z.boolean().default(false),
  })
  .strict();
export type BackupOptions = z.input<typeof BackupOptionsSchema>;

export const DeleteSchoolSchema = z
  .object({
    /** The school's name typed again: the second confirmation, checked by the server too. */
    confirmName: requiredText(120),
    /** Take a backup first, in the same request. */
    backup: z.boolean(),
    includeJournals: z.boolean().default(false),
  })
  .strict();

export const RestoreStatusSchema = z.enum(['queued', 'checking', 'restoring', 'done', 'failed']);
export type RestoreStatus = z.infer<typeof RestoreStatusSchema>;

/** A restore of one school's backup into an empty school, with its progress. */
export const RestoreSchema = z.object({
  id: UuidSchema,
  backupId: UuidSchema.nullable(),
  /** The backup's school, or the uploaded file's name. */
  sourceName: z.string(),
  targetSchoolId: UuidSchema.nullable(),
  targetSchoolName: z.string().nullable(),
  status: RestoreStatusSchema,
  rowsTotal: count,
  rowsDone: count,
  /** Why it failed: BACKUP_FILE_DAMAGED, BACKUP_FORMAT_UNSUPPORTED, BACKUP_LINE_TOO_LONG, BACKUP_ROW_INVALID, BACKUP_ROW_PRIVILEGED, BACKUP_ROW_OUTSIDE, RESTORE_CONFLICT, RESTORE_FAILED … */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Restore = z.infer<typeof RestoreSchema>;

export const StartRestoreSchema = z.object({ backupId: UuidSchema, targetSchoolId: UuidSchema }).strict();
export type StartRestore = z.input<typeof StartRestoreSchema>;

/** Largest backup file a restore accepts as an upload. */
export const RESTORE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export type DeleteSchool = z.input<typeof DeleteSchoolSchema>;

export const adminEndpoints = {
  // --- School admin: users --------------------------------------------------------------------
  users: endpoint({
    id: 'admin.users',
    method: 'GET',
    path: '/admin/users',
    summary: "The current school's teachers or staff with their admin flag (teachers waiting for approval included).",
    access: 'schoolAdmin',
    query: z.object({ role: StaffGroupSchema }),
    response: z.array(AdminUserSchema),
  }),
  makeAdmin: endpoint({
    id: 'admin.makeAdmin',
    method: 'PUT',
    path: '/admin/users/:userId/admin',
    summary: 'Gives a teacher or staff member of the current school the admin flag.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  removeAdmin: endpoint({
    id: 'admin.removeAdmin',
    method: 'DELETE',
    path: '/admin/users/:userId/admin',
    summary: 'Removes the admin flag; an admin cannot remove their own when they are the last admin of the school.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'LAST_ADMIN', 'ROLE_MISMATCH'],
  }),
  makeTeacher: endpoint({
    id: 'admin.makeTeacher',
    method: 'PUT',
    path: '/admin/users/:userId/staff-as-teacher',
    summary: 'Makes a staff member of the current school a teacher.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  revertToStaff: endpoint({
    id: 'admin.revertToStaff',
    method: 'DELETE',
    path: '/admin/users/:userId/staff-as-teacher',
    summary: 'Reverts a teacher who was made from staff back to staff (not while they teach a class).',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH', 'TEACHER_HAS_CLASSES'],
  }),
  approveTeacher: endpoint({
    id: 'admin.approveTeacher',
    method: 'POST',
    path: '/admin/users/:userId/approval',
    summary: 'Approves a teacher waiting for approval (e-mail domain not on the district list); the teacher is told by e-mail.',
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  rejectTeacher: endpoint({
    id: 'admin.rejectTeacher',
    method: 'DELETE',
    path: '/admin/users/:userId/approval',
    summary: "Declines a teacher waiting for approval: their membership of the school is removed.",
    access: 'schoolAdmin',
    params: userParams,
    body: EmptySchema,
    response: EmptySchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  familyLinks: endpoint({
    id: 'admin.familyLinks',
    method: 'GET',
    path: '/admin/family-links',
    summary: "The current school's parent links and the requests not yet accepted.",
    access: 'schoolAdmin',
    response: z.array(FamilyLinkSchema),
  }),
  removeFamilyLink: endpoint({
    id: 'admin.removeFamilyLink',
    method: 'DELETE',
    path: '/admin/family-links/:parentId/:studentId',
    summary: 'Removes a parent link or request of the current school; a parent left without a child here loses their parent membership. Audited.',
    access: 'schoolAdmin',
    params: z.object({ parentId: UuidSchema, studentId: UuidSchema }),
    body: EmptySchema,
    response: z.array(FamilyLinkSchema),
    errors: ['NOT_FOUND'],
  }),
  confirmFamilyLink: endpoint({
    id: 'admin.confirmFamilyLink',
    method: 'POST',
    path: '/admin/family-links/:parentId/:studentId/confirm',
    summary: 'Confirms a parent link of the current school (the school knows this parent): from then on their mood consent counts. Audited.',
    access: 'schoolAdmin',
    params: z.object({ parentId: UuidSchema, studentId: UuidSchema }),
    body: EmptySchema,
    response: z.array(FamilyLinkSchema),
    errors: ['NOT_FOUND'],
  }),
  inviteStaff: endpoint({
    id: 'admin.inviteStaff',
    rateLimit: { max: 100, perSeconds: 3600 }, // an account and an e-mail each
    method: 'POST',
    path: '/admin/staff-invitations',
    summary: 'Creates a staff account with a temporary password (valid 7 days) and e-mails it in the chosen language.',
    access: 'schoolAdmin',
    body: InviteStaffSchema,
    response: z.object({ outcome: z.enum(['invited', 'reinvited']) }),
    errors: ['VALIDATION_FAILED', 'INVITE_STAFF_FAILED'],
  }),

  inviteUnregistered: endpoint({
    id: 'admin.inviteUnregistered',
    rateLimit: { max: 20, perSeconds: 3600 }, // up to 200 accounts and e-mails each
    method: 'POST',
    path: '/admin/user-invitations',
    summary: "E-mails the school's unregistered teachers and staff (rostered, or an unused invitation) an invitation with a new temporary password: one, or all of a list at once.",
    access: 'schoolAdmin',
    body: z.object({ userIds: z.array(UuidSchema).min(1).max(STAFF_INVITE_MAX).refine((ids) => new Set(ids).size === ids.length, 'duplicate_ids') }),
    response: z.object({ invited: z.number().int(), failedUserIds: z.array(UuidSchema) }),
    errors: ['VALIDATION_FAILED'],
  }),

  // --- School admin: configuration ------------------------------------------------------------
  configuration: endpoint({
    id: 'admin.configuration',
    method: 'GET',
    path: '/admin/configuration',
    summary: "The current school's configuration.",
    access: 'schoolAdmin',
    response: SchoolConfigurationSchema,
  }),
  updateConfiguration: endpoint({
    id: 'admin.updateConfiguration',
    method: 'PATCH',
    path: '/admin/configuration',
    summary: 'Changes any of: trigger time and time zone, switches, mood meter prompt and messages, deep-link URLs.',
    access: 'schoolAdmin',
    body: ConfigurationUpdateSchema,
    response: SchoolConfigurationSchema,
    errors: ['VALIDATION_FAILED'],
  }),
  updateNotificationEmails: endpoint({
    id: 'admin.updateNotificationEmails',
    method: 'PUT',
    path: '/admin/configuration/notification-emails',
    summary: 'Adds and removes addresses that receive the daily mood meter report.',
    access: 'schoolAdmin',
    body: NotificationEmailsUpdateSchema,
    response: z.array(z.string()),
    errors: ['VALIDATION_FAILED', 'TOO_MANY_NOTIFICATION_EMAILS', 'NOTIFICATION_EMAIL_EXISTS'],
  }),
  sendMoodReport: endpoint({
    id: 'admin.sendMoodReport',
    rateLimit: { max: 10, perSeconds: 3600 }, // e-mails the report
    method: 'POST',
    path: '/admin/mood-report/send',
    summary: 'Sends the mood meter report e-mail to the configured addresses now.',
    access: 'schoolAdmin',
    body: EmptySchema,
    response: z.object({ recipients: count }),
    errors: ['NO_NOTIFICATION_EMAILS', 'NOTIFICATION_EMAILS_UNCONFIRMED'],
  }),
  resendNotificationConfirmation: endpoint({
    id: 'admin.resendNotificationConfirmation',
    rateLimit: { max: 20, perSeconds: 3600 }, // e-mails a link
    method: 'POST',
    path: '/admin/configuration/notification-emails/confirmation',
    summary: "E-mails a new confirmation link to one of the school's unconfirmed notification addresses (the earlier link stops working); at most once per address every 10 minutes.",
    access: 'schoolAdmin',
    body: NotificationConfirmationResendSchema,
    response: NotificationEmailStateSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'NOTIFICATION_EMAIL_CONFIRMED', 'CONFIRMATION_SENT_RECENTLY'],
  }),

  // --- School admin: categories ---------------------------------------------------------------
  categories: endpoint({
    id: 'admin.categories',
    method: 'GET',
    path: '/admin/categories/:kind',
    summary: 'Every High 5 or Vibe category of the current school (built-in and its own) with both names and the enabled flag.',
    access: 'schoolAdmin',
    params: kindParams,
    response: z.array(AdminCategorySchema),
  }),
  updateCategories: endpoint({
    id: 'admin.updateCategories',
    method: 'PUT',
    path: '/admin/categories/:kind',
    summary: "Saves enabled flags, and names of the school's own categories (built-in names are locked).",
    access: 'schoolAdmin',
    params: kindParams,
    body: CategoriesUpdateSchema,
    response: z.array(AdminCategorySchema),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CATEGORY_LOCKED', 'CATEGORY_EXISTS', 'CATEGORIES_ALL_DISABLED'],
  }),
  addCategory: endpoint({
    id: 'admin.addCategory',
    method: 'POST',
    path: '/admin/categories/:kind',
    summary: 'Adds a category of the school in English and Spanish (one language is copied to the other).',
    access: 'schoolAdmin',
    params: kindParams,
    body: NewCategorySchema,
    response: AdminCategorySchema,
    errors: ['VALIDATION_FAILED', 'CATEGORY_EXISTS', 'TOO_MANY_CATEGORIES'],
  }),

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
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  reachReport: endpoint({
    id: 'admin.reachReport',
    method: 'GET',
    path: '/admin/reports/reach',
    summary: 'The share of students who received at least one High 5 in a date range, by grade, class and flag (IEP, 504, English learner) against everyone else; groups under 10 students are left out (every read is audited).',
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

  // --- Super admin ----------------------------------------------------------------------------
  superSchools: endpoint({
    id: 'admin.superSchools',
    method: 'GET',
    path: '/super/schools',
    summary: 'Every school with its district.',
    access: 'superAdmin',
    response: z.array(SuperSchoolSchema),
  }),
  superDistricts: endpoint({
    id: 'admin.superDistricts',
    method: 'GET',
    path: '/super/districts',
    summary: 'Every district (credentials are never returned).',
    access: 'superAdmin',
    response: z.array(DistrictSummarySchema),
  }),
  addDistrict: endpoint({
    id: 'admin.addDistrict',
    method: 'POST',
    path: '/super/districts',
    summary: 'Adds an Aeries or Clever district; its credentials are stored encrypted (AES-256-GCM).',
    access: 'superAdmin',
    body: AddDistrictSchema,
    response: DistrictSummarySchema,
    errors: ['VALIDATION_FAILED', 'DISTRICT_EXISTS'],
  }),
  addSchool: endpoint({
    id: 'admin.addSchool',
    method: 'POST',
    path: '/super/schools',
    summary: 'Adds a free school to an existing district or to a new free district.',
    access: 'superAdmin',
    body: AddSchoolSchema,
    response: SuperSchoolSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'DISTRICT_EXISTS', 'SCHOOL_EXISTS'],
  }),
  superPending: endpoint({
    id: 'admin.superPending',
    method: 'GET',
    path: '/super/pending',
    summary: 'What waits for the super admin: schools founded in an existing district, and teachers or staff of any school waiting for approval.',
    access: 'superAdmin',
    response: SuperPendingSchema,
  }),
  superApproveSchool: endpoint({
    id: 'admin.superApproveSchool',
    method: 'POST',
    path: '/super/schools/:schoolId/approval',
    summary: 'Approves a school founded in an existing district: it becomes visible in the sign-up pickers.',
    access: 'superAdmin',
    params: schoolParams,
    body: EmptySchema,
    response: SuperPendingSchema,
    errors: ['NOT_FOUND'],
  }),
  superApproveMember: endpoint({
    id: 'admin.superApproveMember',
    method: 'POST',
    path: '/super/schools/:schoolId/users/:userId/approval',
    summary: 'Approves a pending teacher or staff member of any school; the person is told by e-mail.',
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: SuperPendingSchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  superRejectMember: endpoint({
    id: 'admin.superRejectMember',
    method: 'DELETE',
    path: '/super/schools/:schoolId/users/:userId/approval',
    summary: 'Declines a pending teacher or staff member of any school: their membership of that school is removed.',
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: SuperPendingSchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  superUsers: endpoint({
    id: 'admin.superUsers',
    method: 'GET',
    path: '/super/schools/:schoolId/users',
    summary: "A school's teachers or staff with their admin flag.",
    access: 'superAdmin',
    params: schoolParams,
    query: z.object({ role: StaffGroupSchema }),
    response: z.array(AdminUserSchema),
    errors: ['NOT_FOUND'],
  }),
  superMakeAdmin: endpoint({
    id: 'admin.superMakeAdmin',
    method: 'PUT',
    path: '/super/schools/:schoolId/users/:userId/admin',
    summary: 'Makes a teacher or staff member of a school an admin.',
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  superRemoveAdmin: endpoint({
    id: 'admin.superRemoveAdmin',
    method: 'DELETE',
    path: '/super/schools/:schoolId/users/:userId/admin',
    summary: "Removes a school member's admin flag.",
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  superClasses: endpoint({
    id: 'admin.superClasses',
    method: 'GET',
    path: '/super/schools/:schoolId/classes',
    summary: "A school's classes, for the super admin report's class picker.",
    access: 'superAdmin',
    params: schoolParams,
    response: z.array(ClassOptionSchema),
    errors: ['NOT_FOUND'],
  }),
  superGroupReport: endpoint({
    id: 'admin.superGroupReport',
    method: 'GET',
    path: '/super/schools/:schoolId/reports/group',
    summary: "A school's group report (paged).",
    access: 'superAdmin',
    params: schoolParams,
    query: GroupReportQuerySchema,
    response: ReportPageSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  backups: endpoint({
    id: 'admin.backups',
    method: 'GET',
    path: '/super/backups',
    summary: 'The most recent backups (of existing and deleted schools).',
    access: 'superAdmin',
    query: z.object({ schoolId: UuidSchema.optional() }),
    response: z.array(BackupSchema),
  }),
  backupSchool: endpoint({
    id: 'admin.backupSchool',
    rateLimit: { max: 10, perSeconds: 3600 }, // a whole school written out each
    method: 'POST',
    path: '/super/schools/:schoolId/backups',
    summary: "Streams every row of the school's data to a gzip NDJSON file in object storage (journals only when asked); a few per school a day.",
    access: 'superAdmin',
    params: schoolParams,
    body: BackupOptionsSchema,
    response: BackupSchema,
    errors: ['NOT_FOUND', 'BACKUP_LIMIT_REACHED'],
  }),
  downloadBackup: endpoint({
    id: 'admin.downloadBackup',
    method: 'GET',
    path: '/super/backups/:backupId/file',
    summary: 'Downloads a backup file (application/gzip, or application/json for version 1; not wrapped in the envelope).',
    access: 'superAdmin',
    params: z.object({ backupId: UuidSchema }),
    response: z.unknown(),
    errors: ['NOT_FOUND'],
  }),
  deleteBackup: endpoint({
    id: 'admin.deleteBackup',
    method: 'DELETE',
    path: '/super/backups/:backupId',
    summary: 'Deletes a backup and its file.',
    access: 'superAdmin',
    params: z.object({ backupId: UuidSchema }),
    response: EmptySchema,
    errors: ['NOT_FOUND'],
  }),
  restores: endpoint({
    id: 'admin.restores',
    method: 'GET',
    path: '/super/restores',
    summary: 'The most recent restores with their progress.',
    access: 'superAdmin',
    response: z.array(RestoreSchema),
  }),
  restoreTargets: endpoint({
    id: 'admin.restoreTargets',
    method: 'GET',
    path: '/super/restore-targets',
    summary: 'The schools a restore may go into: those with no people, classes or activity and no restore under way.',
    access: 'superAdmin',
    response: z.array(SuperSchoolSchema),
  }),
  restore: endpoint({
    id: 'admin.restore',
    method: 'GET',
    path: '/super/restores/:restoreId',
    summary: "One restore's progress.",
    access: 'superAdmin',
    params: z.object({ restoreId: UuidSchema }),
    response: RestoreSchema,
    errors: ['NOT_FOUND'],
  }),
  startRestore: endpoint({
    id: 'admin.startRestore',
    method: 'POST',
    path: '/super/restores',
    summary: 'Restores a backup of this High5 into an empty school (in the background: follow its progress).',
    access: 'superAdmin',
    body: StartRestoreSchema,
    response: RestoreSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_NOT_EMPTY', 'BACKUP_FORMAT_UNSUPPORTED', 'BACKUP_FILE_MISSING'],
  }),
  uploadRestore: endpoint({
    id: 'admin.uploadRestore',
    method: 'POST',
    path: '/super/restores/upload',
    summary: 'Restores an uploaded backup file (multipart, field `backup`; from this or another High5) into an empty school.',
    access: 'superAdmin',
    query: z.object({ targetSchoolId: UuidSchema }),
    response: RestoreSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_NOT_EMPTY', 'PAYLOAD_TOO_LARGE'],
  }),
  deleteSchool: endpoint({
    id: 'admin.deleteSchool',
    method: 'DELETE',
    path: '/super/schools/:schoolId',
    summary: 'Deletes a school and all its data in one transaction, after a backup when asked; members of no other school are deleted too.',
    access: 'superAdmin',
    params: schoolParams,
    body: DeleteSchoolSchema,
    response: z.object({ backup: BackupSchema.nullable() }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_NAME_MISMATCH'],
  }),
  dataSettings: endpoint({
    id: 'admin.dataSettings',
    method: 'GET',
    path: '/admin/data-settings',
    summary: "How many school years the current school keeps, the next night old moods, journals and attendance are deleted, and from which grade students download their own year.",
    access: 'schoolAdmin',
    response: DataSettingsSchema,
  }),
  updateDataSettings: endpoint({
    id: 'admin.updateDataSettings',
    method: 'PUT',
    path: '/admin/data-settings',
    summary: 'Sets how many school years the school keeps (null: as long as it exists) and from which grade students download their own year. Audited.',
    access: 'schoolAdmin',
    body: DataSettingsUpdateSchema,
    response: DataSettingsSchema,
  }),
};
