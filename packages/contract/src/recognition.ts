import { z } from 'zod';
import {
  DateRangeSchema,
  endpoint,
  IsoDateSchema,
  LanguageSchema,
  multiLine,
  PAGE_SIZES,
  pageQuery,
  RoleSchema,
  SortDirectionSchema,
  UuidSchema,
} from './core.js';
import { NotYetQuerySchema, NotYetSchema } from './every-child.js';
import { LIMITS } from './limits.js';
import { SchoolYearQuerySchema } from './school-years.js';

export * from './school-year.js';
export * from './every-child.js';

/** High 5s and Positive Vibes share one shape; `kind` tells them apart. */
export const RecognitionKindSchema = z.enum(['high5', 'vibe']);
export type RecognitionKind = z.infer<typeof RecognitionKindSchema>;

/** The role selector of the give screens (docs/rules/recognition.md#give): a role, or the caller. */
export const RecipientRoleSchema = z.enum(['student', 'teacher', 'parent', 'staff', 'self']);
export type RecipientRole = z.infer<typeof RecipientRoleSchema>;

/** Most category ids one give may carry (a school has a few dozen categories at most). */
export const MAX_CATEGORIES_PER_GIVE = 40;
/** Longest search text of the recipient table. */
export const RECIPIENT_SEARCH_MAX = 100;
export const RECIPIENT_PAGE_MAX = 100;

const intFromQuery = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const RecipientSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  /** Null for a student who signs in with a username only. */
  email: z.string().nullable(),
  /** Students only: -1 transitional kindergarten, 0 kindergarten, 1-12. */
  grade: z.number().int().nullable(),
  role: RoleSchema,
});
export type Recipient = z.infer<typeof RecipientSchema>;

export const RecipientPageSchema = z.object({ items: z.array(RecipientSchema), total: z.number().int().nonnegative() });

export const CategoryOptionSchema = z.object({
  id: UuidSchema,
  /** Stable key of a built-in category; null for the school's own. */
  key: z.string().nullable(),
  /** The name in the requested language. */
  name: z.string(),
});
export type CategoryOption = z.infer<typeof CategoryOptionSchema>;

export const AllowanceSchema = z.object({
  /** The school's daily limit per kind (schools.daily_give_limit). */
  dailyLimit: z.number().int().positive(),
  high5Remaining: z.number().int().nonnegative(),
  vibeRemaining: z.number().int().nonnegative(),
});

export const GiveOptionsSchema = z.object({
  recipient: RecipientSchema,
  categories: z.array(CategoryOptionSchema),
  /** False when a student gives to a student: no comment box, and the server refuses one. */
  commentAllowed: z.boolean(),
  dailyLimit: z.number().int().positive(),
  remainingToday: z.number().int().nonnegative(),
});
export type GiveOptions = z.infer<typeof GiveOptionsSchema>;

export const GiveSchema = z.object({
  kind: RecognitionKindSchema,
  recipientId: UuidSchema,
  categoryIds: z.array(UuidSchema).min(1, 'SELECT_ONE_CATEGORY').max(MAX_CATEGORIES_PER_GIVE),
  /** Plain text, shown as text everywhere. Empty means no comment. */
  comment: multiLine(z.string().trim().max(LIMITS.commentMax)).default(''),
});
export type Give = z.input<typeof GiveSchema>;

export const GiveResultSchema = z.object({
  id: z.number().int(),
  dailyLimit: z.number().int().positive(),
  /** How many more of this kind the giver may give today (school day, school time zone). */
  remainingToday: z.number().int().nonnegative(),
});
export type GiveResult = z.infer<typeof GiveResultSchema>;

/** ResponseData of a DAILY_LIMIT_REACHED answer. */
export const DailyLimitDataSchema = z.object({
  dailyLimit: z.number().int(),
  remainingToday: z.literal(0),
  /** Until the school's midnight, also sent as Retry-After. */ retryAfterSeconds: z.number().int().positive(),
});

const countsShape = {
  high5Given: z.number().int().nonnegative(),
  vibeGiven: z.number().int().nonnegative(),
  /** Null when the school's high5_vibes setting is OFF: received numbers are not sent at all. */
  high5Received: z.number().int().nonnegative().nullable(),
  vibeReceived: z.number().int().nonnegative().nullable(),
};

export const DashboardMonthSchema = z.object({
  /** `yyyy-MM`, with its first and last day. */
  month: z.string(),
  from: IsoDateSchema,
  to: IsoDateSchema,
  ...countsShape,
});

export const DashboardSchema = z.object({
  /** The school's today (its time zone). */
  today: IsoDateSchema,
  schoolYear: z.object({ from: IsoDateSchema, to: IsoDateSchema }),
  /** The school's high5_vibes setting: received counts and report links are shown only when true. */
  receivedVisible: z.boolean(),
  /** Totals of the school year shown: "received this year" starts again with each year (docs/decisions/0573). */
  totals: z.object(countsShape),
  /** The months of the school year shown (12 for 1 August to 31 July, 13 when a year starts mid-month), each cut to the year. */
  months: z.array(DashboardMonthSchema).min(1).max(13),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const ReceivedItemSchema = z.object({
  id: z.number().int(),
  fromUserId: UuidSchema,
  fromName: z.string(),
  fromRole: RoleSchema,
  /** School-local date, `yyyy-MM-dd` (shown MM/dd/yyyy). */
  date: IsoDateSchema,
  comment: z.string(),
  categoryIds: z.array(UuidSchema),
  /** The sender's hand image (15-minute link), or null for the placeholder. */
  fromHandImageUrl: z.string().nullable(),
});
export type ReceivedItem = z.infer<typeof ReceivedItemSchema>;

export const ReceivedReportSchema = z.object({
  kind: RecognitionKindSchema,
  range: z.object({ from: IsoDateSchema, to: IsoDateSchema }),
  /** The school's today and its school year, for the month selector. */
  today: IsoDateSchema,
  schoolYear: z.object({ from: IsoDateSchema, to: IsoDateSchema }),
  /** Every enabled category of the kind (zero counts included), plus any other that was received: counts over the whole range, whatever `q` and `categoryId` say. */
  categories: z.array(CategoryOptionSchema.extend({ count: z.number().int().nonnegative() })),
  /** One page of the items that match `q` and `categoryId`, in the asked order. */
  items: z.array(ReceivedItemSchema),
  /** How many items of the range match `q` and `categoryId`. */
  total: z.number().int().nonnegative(),
});
export type ReceivedReport = z.infer<typeof ReceivedReportSchema>;

/** What the received table sorts by: the sender's name, their role (by its name in `language`) or the date; ties newest first. */
export const ReceivedSortSchema = z.enum(['from', 'role', 'date']);
export type ReceivedSort = z.infer<typeof ReceivedSortSchema>;
export const ReceivedQuerySchema = z.object({
  kind: RecognitionKindSchema,
  /** `yyyy-MM-dd_yyyy-MM-dd`; omitted means the current month in the school's time zone. */
  range: DateRangeSchema.optional(),
  /** Whose items: the caller when omitted; a parent's child, or any member for a school admin. */
  userId: UuidSchema.optional(),
  /** Only 'received' is allowed; 'given' answers GIVEN_CANNOT_BE_VIEWED. */
  direction: z.enum(['received', 'given']).default('received'),
  /** The language of category names and roles, in the tiles and for `q` and the role order (default: the caller's). */
  language: LanguageSchema.optional(),
  /** Only items given with this category (the category dialog). */
  categoryId: UuidSchema.optional(),
  sort: ReceivedSortSchema.default('date'),
  /**
   * The table's pages (25, 50 or 100 items). `q` matches, in any case, the sender's name, their
   * role's name, the comment and the items' category names, in `language`. Newest first by default.
   */
  ...pageQuery(PAGE_SIZES[2]),
  dir: SortDirectionSchema.default('desc'),
});
export type ReceivedQuery = z.input<typeof ReceivedQuerySchema>;

/** Longest range one received report may cover (a school year). */
export const RECEIVED_RANGE_MAX_DAYS = 366;

export const recognitionEndpoints = {
  recipients: endpoint({
    id: 'recognition.recipients',
    method: 'GET',
    path: '/recognition/recipients',
    summary: 'People the caller may give a High 5 or Vibe to, by role, in the current school: paged and searchable by name or e-mail.',
    access: ['student', 'teacher', 'parent', 'staff'],
    query: z.object({
      role: RecipientRoleSchema,
      q: z.string().trim().max(RECIPIENT_SEARCH_MAX).optional(),
      offset: intFromQuery(0, 100_000, 0),
      limit: intFromQuery(1, RECIPIENT_PAGE_MAX, 10),
    }),
    response: RecipientPageSchema,
    errors: ['VALIDATION_FAILED', 'FORBIDDEN'],
  }),
  categories: endpoint({
    id: 'recognition.categories',
    method: 'GET',
    path: '/recognition/categories',
    summary: "The school's enabled categories of one kind (built-in and its own), in the requested language.",
    access: ['student', 'teacher', 'parent', 'staff'],
    query: z.object({ kind: RecognitionKindSchema, language: LanguageSchema.optional() }),
    response: z.array(CategoryOptionSchema),
  }),
  allowance: endpoint({
    id: 'recognition.allowance',
    allowWhilePending: true,
    method: 'GET',
    path: '/recognition/allowance',
    summary: 'How many High 5s and Vibes the caller may still give today in the current school.',
    access: ['student', 'teacher', 'parent', 'staff'],
    response: AllowanceSchema,
  }),
  giveOptions: endpoint({
    id: 'recognition.giveOptions',
    allowWhilePending: true,
    method: 'GET',
    path: '/recognition/give-options',
    summary: 'What the give dialog needs for one recipient: the categories, whether a comment is allowed, and the remaining daily count.',
    access: ['student', 'teacher', 'parent', 'staff'],
    query: z.object({ kind: RecognitionKindSchema, recipientId: UuidSchema, language: LanguageSchema.optional() }),
    response: GiveOptionsSchema,
    errors: ['RECIPIENT_NOT_ALLOWED', 'VIBES_SUBMITTED_NOT_PART_OF_HIGH5'],
  }),
  give: endpoint({
    id: 'recognition.give',
    method: 'POST',
    path: '/recognitions',
    summary: 'Gives a High 5 or a Positive Vibe; answers the remaining daily count.',
    access: ['student', 'teacher', 'parent', 'staff'],
    body: GiveSchema,
    response: GiveResultSchema,
    errors: [
      'VALIDATION_FAILED',
      'CATEGORY_NOT_ALLOWED',
      'COMMENT_NOT_ALLOWED',
      'RECIPIENT_NOT_ALLOWED',
      'VIBES_SUBMITTED_NOT_PART_OF_HIGH5',
      'DAILY_LIMIT_REACHED',
    ],
  }),
  dashboard: endpoint({
    id: 'recognition.dashboard',
    allowWhilePending: true,
    method: 'GET',
    path: '/recognition/dashboard',
    summary: "The caller's totals and per-month counts for a school year (default: the current one), in the current school.",
    access: 'session',
    query: SchoolYearQuerySchema,
    response: DashboardSchema,
  }),
  received: endpoint({
    id: 'recognition.received',
    allowWhilePending: true,
    method: 'GET',
    path: '/recognition/received',
    summary:
      'High 5s or Vibes a user received in a date range (default: this month): counts per category and one page of the items, searched, sorted and optionally of one category, with the count of all that match. Given items cannot be viewed.',
    access: ['student', 'teacher', 'parent', 'staff'],
    query: ReceivedQuerySchema,
    response: ReceivedReportSchema,
    errors: ['VALIDATION_FAILED', 'GIVEN_CANNOT_BE_VIEWED', 'RECEIVED_HIDDEN', 'FORBIDDEN', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  notYet: endpoint({
    id: 'recognition.notYet',
    method: 'GET',
    path: '/recognition/not-yet',
    summary:
      "The students of the caller's classes (or of one of them) with no High 5 or Vibe from the caller in the school's last N school days, the longest waiting first, and how the caller's High 5s spread over them this term.",
    access: ['teacher'],
    query: NotYetQuerySchema,
    response: NotYetSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
};
