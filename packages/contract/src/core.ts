import { z } from 'zod';
import { isIsoDate } from './dates.js';

/** Every failure the API can answer with. The web app translates each key (namespace `errors`). */
export const ErrorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'DB_UNAVAILABLE',
  'INTERNAL',
  'CSRF_REJECTED',
  // Entry area
  'enterCorrectIDandPass',
  'SIGNIN_THROTTLED',
  'PASSWORD_CHANGE_REQUIRED',
  'TEMP_PASSWORD_EXPIRED',
  'PASSWORD_TOO_WEAK',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_SAME_AS_TEMPORARY',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_EXISTS',
  'CLASS_CODE_UNKNOWN',
  'SCHOOL_UNKNOWN',
  'DISTRICT_UNKNOWN',
  'GOOGLE_NOT_CONFIGURED',
  'GOOGLE_FAILED',
  'GOOGLE_ACCOUNT_LINKED',
  'ACCOUNT_PENDING_APPROVAL',
  // Recognition area
  'DAILY_LIMIT_REACHED',
  'CATEGORY_NOT_ALLOWED',
  'RECIPIENT_NOT_ALLOWED',
  'VIBES_SUBMITTED_NOT_PART_OF_HIGH5',
  'GIVEN_CANNOT_BE_VIEWED',
  'COMMENT_NOT_ALLOWED',
  'RECEIVED_HIDDEN',
  'PHOTO_CHANGE_NOT_ALLOWED',
  'IMAGE_INVALID',
  // Profile, photo, avatar, family, student details
  'BIO_NOT_ALLOWED',
  'CONTACT_NOT_ALLOWED',
  'INVITE_PARENT_NOT_POSSIBLE',
  'INVITE_PARENT_TOO_MANY',
  'FAMILY_REQUEST_NOT_POSSIBLE',
  'STUDENT_FLAGS_READ_ONLY',
  // Classroom area
  'STUDENT_NOT_IN_SCHOOL',
  'ALREADY_ENROLLED',
  'TEACHER_NOT_IN_SCHOOL',
  'OWNER_CANNOT_BE_REMOVED',
  'CLASS_NAME_TAKEN',
  'MOOD_PRIORITY_REQUIRED',
  'MOOD_PRIORITY_NOT_ALLOWED',
  'NO_EMERGENCY_TO_ACKNOWLEDGE',
  'TRUSTED_ADULT_NOT_ALLOWED',
  'FEEDBACK_TEACHERS_ONLY',
  'DATE_RANGE_TOO_LONG',
  'PAID_SCHOOL_ONLY',
  'SEATING_GRID_TOO_SMALL',
  'SEATING_NAME_TAKEN',
  'SEAT_OUT_OF_GRID',
  'SEAT_DUPLICATE_STUDENT',
  'STUDENT_NOT_ENROLLED',
  'CLASS_DEVICE_CLOSED',
  'CARD_INVALID',
  // Admin area
  'LAST_ADMIN',
  'ROLE_MISMATCH',
  'TEACHER_HAS_CLASSES',
  'NOT_PENDING',
  'INVITE_STAFF_FAILED',
  'NO_NOTIFICATION_EMAILS',
  'NOTIFICATION_EMAILS_UNCONFIRMED',
  'NOTIFICATION_EMAIL_CONFIRMED',
  'CONFIRMATION_SENT_RECENTLY',
  'TOO_MANY_NOTIFICATION_EMAILS',
  'CATEGORY_LOCKED',
  'CATEGORY_EXISTS',
  'TOO_MANY_CATEGORIES',
  'CATEGORIES_ALL_DISABLED',
  'DISTRICT_EXISTS',
  'SCHOOL_EXISTS',
  'SCHOOL_NAME_MISMATCH',
  'DISTRICT_HAS_SCHOOLS',
  'NOTIFICATION_EMAIL_EXISTS',
  'BACKUP_LIMIT_REACHED',
  'BACKUP_FORMAT_UNSUPPORTED',
  'BACKUP_FILE_DAMAGED',
  'BACKUP_FILE_MISSING',
  'SCHOOL_NOT_EMPTY',
  'RESTORE_CONFLICT',
  'RESTORE_FAILED',
  'BACKUP_LINE_TOO_LONG',
  'BACKUP_ROW_INVALID',
  'BACKUP_ROW_PRIVILEGED',
  'BACKUP_ROW_OUTSIDE',
  'SESSION_LOCKED',
  'PASSWORD_SAME_AS_CURRENT',
  'IMAGE_TOO_LARGE',
  // District rostering
  'ROSTER_NOT_SIS',
  'ROSTER_RUN_NOT_HELD',
  'ROSTER_RUN_STALE',
  'ROSTER_RUN_BUSY',
  'ACCOUNT_INACTIVE',
  // Well-being alerts
  'MOOD_CONSENT_REQUIRED',
  'MOOD_CONSENT_PARENT_UNCONFIRMED',
  'ALERT_CLOSED',
  'ALERT_ENTRY_NOT_YOURS',
  'ALERT_ENTRY_CORRECTED',
  'ALERT_NOT_CLOSED',
  'ALERT_ANOTHER_OPEN',
  'ALERT_ADULT_NOT_ALLOWED',
  'TALK_TO_NOT_ALLOWED',
  // School years
  'SCHOOL_YEAR_START_INVALID',
  'ROLLOVER_NOTHING_TO_UNDO',
  'ROLLOVER_UNDO_CLASS_EXISTS',
  'CLASS_LAST_YEAR',
  'CLASS_ROSTERED',
  'FLAG_FILTER_ADMIN_ONLY',
  'RANGE_CROSSES_SCHOOL_YEAR',
  'YEAR_EXPORT_NOT_ALLOWED',
] as const;
export type ErrorCode = (typeof ErrorCodes)[number];

/** The success code of the envelope (docs/decisions/0004). */
export const OK = 'err_0' as const;

/** One field that failed validation, as the server reports it. */
export const FieldIssueSchema = z.object({ path: z.string(), code: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The specification's response envelope. */
export interface Envelope<T> {
  ErrorCode: typeof OK | ErrorCode;
  ResponseData: T | null;
  body: string;
  issues?: FieldIssue[];
}

export const Roles = ['student', 'teacher', 'parent', 'staff'] as const;
export const RoleSchema = z.enum(Roles);
export type Role = z.infer<typeof RoleSchema>;
export type SessionRole = Role | 'superAdmin';

export const LanguageSchema = z.enum(['en', 'es']);
export type Language = z.infer<typeof LanguageSchema>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint; finer rules (school scope, parents and children) live in services. */
export type Access = 'public' | 'session' | 'superAdmin' | readonly SessionRole[] | 'schoolAdmin';

/** At most `max` calls per `perSeconds` seconds, per user (per address when signed out). */
export interface RateLimitRule {
  max: number;
  perSeconds: number;
}

/** One endpoint of the API, defined once and shared by the server, the web client and the OpenAPI document. */
export interface Endpoint<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  id: string;
  method: HttpMethod;
  /** Fastify-style path under /v1, e.g. `/schools/:schoolId/classes`. */
  path: string;
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Callable by an account that must first set a new password (the sign-in challenge). */
  allowDuringPasswordChange?: boolean;
  /**
   * Callable by a member whose school has not approved them yet (docs/decisions/0151): only
   * endpoints about the caller themself (session, profile, own moods and journal). Every other
   * one answers 403 ACCOUNT_PENDING_APPROVAL: no directory of anyone, no giving, no messages.
   */
  allowWhilePending?: boolean;
  /**
   * Callable while the session is idle-locked (the lock screen's own calls: who is locked,
   * unlock, sign out). Every other endpoint answers 423 SESSION_LOCKED (docs/decisions/0160).
   */
  allowWhileLocked?: boolean;
  /** Allowed failure codes, documented in OpenAPI. */
  errors?: readonly ErrorCode[];
  /**
   * A limit of this endpoint's own, on top of the one every write has (those that send mail,
   * create accounts or decode images); the server answers 429 RATE_LIMITED with Retry-After.
   */
  rateLimit?: RateLimitRule;
}

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(definition: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return definition;
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/**
 * Control characters (docs/decisions/0153): C0, DEL and C1. Multi-line text (comments, journal
 * entries, notes, messages) may hold tab, line feed and carriage return; nothing else does.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** One-line text (names, titles, codes, addresses) holds no tab or line break either. */
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The field issue code of text with control characters (translated as `auth:issues.control_characters`). */
export const CONTROL_CHARACTERS_ISSUE = 'control_characters';

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  return (options.multiline ? CONTROL : CONTROL_OR_BREAK).test(value);
}

/**
 * The first place in a request's params, query or body (keys included) where a string holds a
 * control character no text may hold (tab and line breaks aside): the server refuses the whole
 * request with 400 before any schema, so no string field can carry NUL into the database.
 */
export function findControlCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, '?'].join('.');
    const found = findControlCharacter(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** One line of text: no control characters, tabs or line breaks. */
export const singleLine = (schema: z.ZodString) => schema.refine((v) => !CONTROL_OR_BREAK.test(v), CONTROL_CHARACTERS_ISSUE);
/** Text that may span lines: tab and line breaks, no other control character. */
export const multiLine = (schema: z.ZodString) => schema.refine((v) => !CONTROL.test(v), CONTROL_CHARACTERS_ISSUE);

/** Trimmed one-line text that must not be blank, with a length the server enforces. */
export const requiredText = (max: number) => singleLine(z.string().trim().min(1).max(max));
export const optionalText = (max: number) => singleLine(z.string().trim().max(max));
/** The same for text that may span lines (comments, journal entries, notes, messages). */
export const requiredMultilineText = (max: number) => multiLine(z.string().trim().min(1).max(max));
export const optionalMultilineText = (max: number) => multiLine(z.string().trim().max(max));
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isIsoDate, 'invalid_date');
export const UuidSchema = z.uuid();
/** A date range as `yyyy-MM-dd_yyyy-MM-dd`, the dates as they travel (docs/rules/README.md). */
export const DateRangeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/)
  .transform((v) => {
    const [from, to] = v.split('_') as [string, string];
    return { from, to };
  })
  .refine((r) => IsoDateSchema.safeParse(r.from).success && IsoDateSchema.safeParse(r.to).success && r.from <= r.to, 'invalid_range');

export const EmptySchema = z.object({}).strict();

/** Rows per page a list or report screen may ask for (the one data table's choices, decision 0310). */
export const PAGE_SIZES = [25, 50, 100] as const;
/** Longest search text of a list or report. */
export const SEARCH_MAX = 100;
export const SortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirectionSchema>;
const rowCount = z.number().int().nonnegative();
/** Search, order and page of a list the server pages, checked here so the server enforces them; a CSV download may ask for up to `maxPageSize` rows. */
export const pageQuery = (maxPageSize: number) => ({
  /** Matches names, e-mail addresses and usernames (any part, any case). */
  q: z.string().trim().max(SEARCH_MAX).default(''),
  dir: SortDirectionSchema.default('asc'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(PAGE_SIZES[0]),
});
/** One page of a list: the rows, and how many rows match in all. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: rowCount, page: rowCount, pageSize: rowCount });
