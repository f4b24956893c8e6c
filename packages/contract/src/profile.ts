import { z } from 'zod';
import { addDays } from './dates.js';
import { DateRangeSchema, EmptySchema, endpoint, IsoDateSchema, multiLine, RoleSchema, singleLine, UuidSchema } from './core.js';
import { StartYearSchema, YearExportOptionsSchema, YearExportQuerySchema } from './year-data.js';

/* Profile, photo, hand avatar, family (invite parent) and the student detail dialog (docs/rules/recognition.md). */

const SCHOOL_ROLES = ['student', 'teacher', 'parent', 'staff'] as const;

/** Optional free text: trimmed, blank becomes null. */
const optionalField = (max: number, lines: typeof singleLine = singleLine) =>
  lines(z.string().trim().max(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** A phone number: digits with `+ ( ) -` and spaces, 7 to 20 characters, at least 7 digits (docs/decisions/0090). */
export const PHONE_PATTERN = /^\+?[0-9()\- ]{7,20}$/;
/** A US ZIP code: 12345 or 12345-6789 (docs/decisions/0090). */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const BIO_MAX = 1000;
export const PROFILE_MIN_BIRTH_DATE = '1900-01-01';

export const PhoneSchema = z
  .string()
  .trim()
  .max(20)
  .refine((v) => PHONE_PATTERN.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7, 'invalid_phone');
export const ZipSchema = z.string().trim().regex(ZIP_PATTERN, 'invalid_zip');

/** What the user may change on /profile. The server also checks the date of birth against the school's today. */
export const ProfileUpdateSchema = z.object({
  firstName: singleLine(z.string().trim().min(1).max(60)),
  lastName: singleLine(z.string().trim().min(1).max(60)),
  dateOfBirth: IsoDateSchema.refine((v) => v >= PROFILE_MIN_BIRTH_DATE, 'invalid_date')
    .nullish()
    .transform((v) => v ?? null),
  pronoun: optionalField(40),
  phone: z
    .union([z.literal(''), PhoneSchema])
    .nullish()
    .transform((v) => (v ? v : null)),
  zipCode: z
    .union([z.literal(''), ZipSchema])
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Phone, ZIP code and department are refused (CONTACT_NOT_ALLOWED) from students when not blank (decision 0306). */
  department: optionalField(80),
  /** Refused (BIO_NOT_ALLOWED) from students when not blank. */
  bio: optionalField(BIO_MAX, multiLine),
  /** The hidden gender select (docs/rules/recognition.md#profile). */
  gender: z
    .enum(['M', 'F', 'O'])
    .nullish()
    .transform((v) => v ?? null),
  /** A teacher's monthly "not yet" e-mail; left out keeps the stored choice. */
  notYetMail: z.boolean().optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const ProfileSchema = z.object({
  id: UuidSchema,
  role: RoleSchema,
  isAdmin: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  pronoun: z.string().nullable(),
  phone: z.string().nullable(),
  zipCode: z.string().nullable(),
  department: z.string().nullable(),
  bio: z.string().nullable(),
  gender: z.enum(['M', 'F', 'O']).nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  schoolName: z.string(),
  districtName: z.string(),
  /** Signed link to the photo, valid LIMITS.profilePhotoLinkSeconds; null when there is none. */
  photoUrl: z.string().nullable(),
  /** False for students and paid schools (docs/rules/recognition.md#profile). */
  canChangePhoto: z.boolean(),
  /** False for students. */
  canEditBio: z.boolean(),
  /** False for students: they are not asked for phone, ZIP code or department (decision 0306). */
  canEditContact: z.boolean(),
  /** The school's today, for the date-of-birth picker. */
  today: z.string(),
  /** A teacher's monthly "not yet" e-mail (on unless they turned it off); null for other roles. */
  notYetMail: z.boolean().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const PhotoResultSchema = z.object({ photoUrl: z.string() });

/* Hand avatar */

export const HAND_OPTIONS = ['Hand1', 'Hand2', 'Hand3', 'Hand4', 'Hand5', 'Hand6', 'Hand7', 'Hand8', 'Hand9', 'Hand10', 'Hand11', 'Hand12'] as const;
export const HandSchema = z.enum(HAND_OPTIONS);
export type Hand = z.infer<typeof HandSchema>;
const ColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'invalid_colour')
  .transform((v) => v.toLowerCase());
/** Which hand and the colours of its three parts (docs/rules/recognition.md#hand-avatar). */
export const ColourInfoSchema = z.object({
  handSelected: HandSchema,
  hand: ColourSchema,
  chain: ColourSchema,
  bracelet: ColourSchema,
});
export type ColourInfo = z.infer<typeof ColourInfoSchema>;

/** The largest avatar image accepted, in bytes (the builder's webp at quality 0.5 is far smaller). */
export const AVATAR_MAX_BYTES = 512 * 1024;
/** The largest avatar side in pixels. */
export const AVATAR_MAX_SIDE = 1024;

export const AvatarSchema = z.object({ imageUrl: z.string(), colourInfo: ColourInfoSchema, updatedAt: z.string() });
export const UserAvatarSchema = z.object({ userId: UuidSchema, imageUrl: z.string().nullable() });

/* Family */

export const InviteParentSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  firstName: singleLine(z.string().trim().min(1).max(60)),
  lastName: singleLine(z.string().trim().min(1).max(60)),
});
export type InviteParent = z.input<typeof InviteParentSchema>;
export const LinkedParentSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  /** 'requested': an existing account that has not yet accepted (docs/decisions/0155). */
  status: z.enum(['linked', 'requested']),
});

/** A student's request that the signed-in account become their parent, waiting for an answer. */
export const FamilyRequestSchema = z.object({
  id: UuidSchema,
  studentName: z.string(),
  schoolName: z.string(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type FamilyRequest = z.infer<typeof FamilyRequestSchema>;
const FamilyRequestParams = z.object({ requestId: UuidSchema });

/* Student detail dialog */

export const LanguageLevelSchema = z.enum(['L', 'LF']);
export const StudentFlagsSchema = z.object({ iep: z.boolean(), plan504: z.boolean(), languageLevel: LanguageLevelSchema.nullable() });
export type StudentFlags = z.infer<typeof StudentFlagsSchema>;

/** The student rules of the server's policies folder, answered with the student (docs/decisions/0470). */
export const StudentPoliciesSchema = z.object({
  canEditFlags: z.boolean(),
  canChangePhoto: z.boolean(),
  /** Today's check-in at least (the moods tab and today's mood), decision 0420. */
  canReadMoods: z.boolean(),
  /** Past days' check-ins too; school staff see today's only, and the moods tab says so (decision 0420). */
  canReadMoodHistory: z.boolean(),
  /** The student's alerts and their trail. */
  canReadAlerts: z.boolean(),
});
export type StudentPolicies = z.infer<typeof StudentPoliciesSchema>;

export const StudentDetailsSchema = z.object({
  student: z.object({
    id: UuidSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    grade: z.number().int().nullable(),
    photoUrl: z.string().nullable(),
    classes: z.array(z.string()),
  }),
  flags: StudentFlagsSchema,
  /** Today's check-in (emoji key), in the school's time zone. */
  todayMood: z.object({ mood: z.string(), comment: z.string() }).nullable(),
  totals: z.object({ high5Given: z.number().int(), high5Received: z.number().int(), vibeGiven: z.number().int(), vibeReceived: z.number().int() }),
  trustedAdults: z.array(z.object({ id: UuidSchema, name: z.string(), email: z.string().nullable() })),
  /** The school's deep links, shown instead of the switches when those are read-only. */
  /** Deep links, for district-connected (paid) schools only (docs/rules/recognition.md#student-detail; docs/decisions/0317). */
  links: z.object({ iep: z.string().nullable(), plan504: z.string().nullable(), language: z.string().nullable(), studentDocument: z.string().nullable() }),
  /** What the caller may do about this student, answered by the server's policies (docs/decisions/0470). */
  policies: StudentPoliciesSchema,
  /** The school's today ('yyyy-MM-dd'): the date ranges default to the 30 days before it. */
  today: z.string(),
});
export type StudentDetails = z.infer<typeof StudentDetailsSchema>;

export const AttendanceRowSchema = z.object({ date: z.string(), code: z.enum(['P', 'A', 'T', 'E']), className: z.string() });
export const StudentMoodRowSchema = z.object({ date: z.string(), mood: z.string(), comment: z.string() });
export const StudentNoteSchema = z.object({ id: UuidSchema, body: z.string(), authorName: z.string(), createdAt: z.string(), mine: z.boolean() });
export const NOTE_MAX = 2000;
/** The longest range the attendance and mood tabs accept. */
export const STUDENT_RANGE_MAX_DAYS = 366;

const StudentParams = z.object({ studentId: UuidSchema });
const RangeQuery = z.object({ range: DateRangeSchema });
/** The student details' rule for a range: To at most STUDENT_RANGE_MAX_DAYS after From (the server answers invalid_range). */
export const studentRangeTooLong = (range: { from: string; to: string }) => range.to > addDays(range.from, STUDENT_RANGE_MAX_DAYS);
/**
 * The attendance and mood tabs' `range` as the server answers it: From not after To, and not too long
 * (studentRangeTooLong); a filter form checks this before it asks.
 */
export const StudentRangeSchema = RangeQuery.shape.range.refine((range) => !studentRangeTooLong(range), 'range_too_long');

export const profileEndpoints = {
  getProfile: endpoint({
    id: 'profile.getProfile',
    allowWhilePending: true,
    method: 'GET',
    path: '/profile',
    summary: "The signed-in user's profile, with the read-only e-mail, school and district.",
    access: SCHOOL_ROLES,
    response: ProfileSchema,
  }),
  updateProfile: endpoint({
    id: 'profile.updateProfile',
    allowWhilePending: true,
    method: 'PUT',
    path: '/profile',
    summary: 'Saves the editable profile fields; a student may not send a bio, phone, ZIP code or department.',
    access: SCHOOL_ROLES,
    body: ProfileUpdateSchema,
    response: ProfileSchema,
    errors: ['BIO_NOT_ALLOWED', 'CONTACT_NOT_ALLOWED'],
  }),
  uploadPhoto: endpoint({
    id: 'profile.uploadPhoto',
    allowWhilePending: true,
    rateLimit: { max: 30, perSeconds: 600 }, // image decoding is costly
    method: 'POST',
    path: '/profile/photo',
    summary: "Uploads the user's photo (multipart, field `photo`): re-encoded, metadata removed. Not for students or paid schools.",
    access: SCHOOL_ROLES,
    response: PhotoResultSchema,
    errors: ['PHOTO_CHANGE_NOT_ALLOWED', 'IMAGE_INVALID', 'IMAGE_TOO_LARGE', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
  }),
  myAvatar: endpoint({
    id: 'profile.myAvatar',
    allowWhilePending: true,
    method: 'GET',
    path: '/avatar',
    summary: "The signed-in user's hand avatar (image link and colours), or null.",
    access: 'session',
    response: AvatarSchema.nullable(),
  }),
  saveAvatar: endpoint({
    id: 'profile.saveAvatar',
    allowWhilePending: true,
    rateLimit: { max: 30, perSeconds: 600 }, // image decoding is costly
    method: 'PUT',
    path: '/avatar',
    summary: 'Saves the hand avatar: a webp (or png) data URL, re-encoded as webp without metadata, and its colour info.',
    access: 'session',
    body: z.object({ image: z.string().max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64), colourInfo: ColourInfoSchema }),
    response: AvatarSchema,
    errors: ['IMAGE_INVALID', 'IMAGE_TOO_LARGE', 'RATE_LIMITED'],
  }),
  avatars: endpoint({
    id: 'profile.avatars',
    method: 'GET',
    path: '/avatars',
    summary: "Hand avatar links of users of the caller's school (comma-separated ids, at most 100); others are left out.",
    access: SCHOOL_ROLES,
    query: z.object({
      userIds: z
        .string()
        .transform((v) => [
          ...new Set(
            v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ])
        .pipe(z.array(UuidSchema).min(1).max(100)),
    }),
    response: z.array(UserAvatarSchema),
  }),
  userAvatar: endpoint({
    id: 'profile.userAvatar',
    method: 'GET',
    path: '/avatars/:userId',
    summary: "The hand avatar link of one user of the caller's school (null when none is saved).",
    access: SCHOOL_ROLES,
    params: z.object({ userId: UuidSchema }),
    response: UserAvatarSchema,
    errors: ['NOT_FOUND'],
  }),
  inviteParent: endpoint({
    id: 'profile.inviteParent',
    method: 'POST',
    path: '/family/parents',
    summary:
      'A student invites a parent: a new address gets a parent account with a temporary password; an existing account is asked by e-mail and linked only when it accepts.',
    access: ['student'],
    body: InviteParentSchema,
    response: z.object({ status: z.enum(['invited', 'requested', 'linked']) }),
    errors: ['INVITE_PARENT_NOT_POSSIBLE', 'INVITE_PARENT_TOO_MANY'],
  }),
  myParents: endpoint({
    id: 'profile.myParents',
    method: 'GET',
    path: '/family/parents',
    summary: 'The parents linked to the signed-in student, and those asked who have not answered yet.',
    access: ['student'],
    response: z.array(LinkedParentSchema),
  }),
  familyRequests: endpoint({
    id: 'profile.familyRequests',
    method: 'GET',
    path: '/family/requests',
    summary: 'Students who asked the signed-in account to be their parent and wait for an answer.',
    access: 'session',
    response: z.array(FamilyRequestSchema),
  }),
  acceptFamilyRequest: endpoint({
    id: 'profile.acceptFamilyRequest',
    method: 'POST',
    path: '/family/requests/:requestId/accept',
    summary: "Accepts a request: the account becomes the student's parent in the student's school. Audited.",
    access: 'session',
    params: FamilyRequestParams,
    body: EmptySchema,
    response: z.array(FamilyRequestSchema),
    errors: ['NOT_FOUND', 'FAMILY_REQUEST_NOT_POSSIBLE'],
  }),
  declineFamilyRequest: endpoint({
    id: 'profile.declineFamilyRequest',
    method: 'POST',
    path: '/family/requests/:requestId/decline',
    summary: 'Declines a request; nothing is linked and the student is not told who declined.',
    access: 'session',
    params: FamilyRequestParams,
    body: EmptySchema,
    response: z.array(FamilyRequestSchema),
    errors: ['NOT_FOUND'],
  }),
  studentDetails: endpoint({
    id: 'profile.studentDetails',
    method: 'GET',
    path: '/student-details/:studentId',
    summary: "The student detail dialog: photo, classes, flags, today's mood, totals, trusted adults, deep links. Audited.",
    access: ['teacher', 'staff'],
    params: StudentParams,
    response: StudentDetailsSchema,
    errors: ['NOT_FOUND'],
  }),
  updateStudentFlags: endpoint({
    id: 'profile.updateStudentFlags',
    method: 'PUT',
    path: '/student-details/:studentId/flags',
    summary: 'Saves the IEP, 504 and language-level switches (not by teachers of paid schools). Audited.',
    access: ['teacher', 'staff'],
    params: StudentParams,
    body: z
      .object({ iep: z.boolean().optional(), plan504: z.boolean().optional(), languageLevel: LanguageLevelSchema.nullable().optional() })
      .strict()
      .refine((b) => Object.keys(b).length > 0, 'invalid_empty'),
    response: StudentFlagsSchema,
    errors: ['STUDENT_FLAGS_READ_ONLY', 'NOT_FOUND'],
  }),
  uploadStudentPhoto: endpoint({
    id: 'profile.uploadStudentPhoto',
    rateLimit: { max: 30, perSeconds: 600 }, // image decoding is costly
    method: 'POST',
    path: '/student-details/:studentId/photo',
    summary: "A teacher of the student or an admin sets the student's photo (multipart, field `photo`); not in paid schools.",
    access: ['teacher', 'staff'],
    params: StudentParams,
    response: PhotoResultSchema,
    errors: ['PHOTO_CHANGE_NOT_ALLOWED', 'IMAGE_INVALID', 'IMAGE_TOO_LARGE', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
  }),
  studentAttendance: endpoint({
    id: 'profile.studentAttendance',
    method: 'GET',
    path: '/student-details/:studentId/attendance',
    summary: "The student's attendance rows in a date range (at most 366 days).",
    access: ['teacher', 'staff'],
    params: StudentParams,
    query: RangeQuery,
    response: z.array(AttendanceRowSchema),
    errors: ['NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  studentMoods: endpoint({
    id: 'profile.studentMoods',
    method: 'GET',
    path: '/student-details/:studentId/moods',
    summary: "The student's mood check-ins in a date range (at most 366 days). Audited.",
    access: ['teacher', 'staff'],
    params: StudentParams,
    query: RangeQuery,
    response: z.array(StudentMoodRowSchema),
    errors: ['NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  studentNotes: endpoint({
    id: 'profile.studentNotes',
    method: 'GET',
    path: '/student-details/:studentId/notes',
    summary: 'Notes about the student written by school staff, newest first.',
    access: ['teacher', 'staff'],
    params: StudentParams,
    response: z.array(StudentNoteSchema),
    errors: ['NOT_FOUND'],
  }),
  addStudentNote: endpoint({
    id: 'profile.addStudentNote',
    method: 'POST',
    path: '/student-details/:studentId/notes',
    summary: 'Adds a note about the student. Audited.',
    access: ['teacher', 'staff'],
    params: StudentParams,
    body: z.object({ body: multiLine(z.string().trim().min(1).max(NOTE_MAX)) }),
    response: StudentNoteSchema,
    errors: ['NOT_FOUND'],
  }),
  yearExportOptions: endpoint({
    id: 'profile.yearExportOptions',
    method: 'GET',
    path: '/year-export/:studentId',
    summary:
      "Whether the caller may download the student's year (a linked parent; the student themself from the school's grade), which years, and whether the journal may be added.",
    access: ['student', 'parent'],
    params: StudentParams,
    response: YearExportOptionsSchema,
    errors: ['NOT_FOUND'],
  }),
  yearExport: endpoint({
    id: 'profile.yearExport',
    method: 'GET',
    path: '/year-export/:studentId/:startYear',
    summary:
      "Downloads the student's school year as a ZIP (application/zip, not wrapped in the envelope): a PDF keepsake in the caller's language, and the same High 5s as JSON and CSV; the journal only for the student, when asked. Rate-limited and audited.",
    access: ['student', 'parent'],
    params: StudentParams.extend({ startYear: StartYearSchema }),
    query: YearExportQuerySchema,
    response: z.unknown(),
    errors: ['YEAR_EXPORT_NOT_ALLOWED', 'RATE_LIMITED', 'NOT_FOUND'],
  }),
};
