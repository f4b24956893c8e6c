import { z } from 'zod';
import { endpoint, EmptySchema, LanguageSchema, requiredText, RoleSchema, singleLine, UuidSchema } from './core.js';
import { LIMITS, passwordMeetsRule } from './limits.js';
import { CardSignInBodySchema, ClassDeviceStatusSchema } from './class-cards.js';

/** A password that meets the rule; the common-password list is checked by the server only. */
export const NewPasswordSchema = singleLine(z.string().max(LIMITS.passwordMaxLength)).refine(passwordMeetsRule, 'PASSWORD_TOO_WEAK');
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** E-mail or username, trimmed; the server decides which by the `@`. */
export const LoginSchema = singleLine(z.string().trim().min(1).max(254));
export const NameSchema = requiredText(60);
/** A password typed to sign in or unlock: any characters (no rule: that applies when it is set), never blank. */
export const PasswordInputSchema = z
  .string()
  .min(1)
  .max(LIMITS.passwordMaxLength)
  .refine((v) => v.trim() !== '', 'PASSWORD_EMPTY');
/** A username (students without an e-mail): 3-64 characters of a-z, 0-9, '.', '_' and '-', lower-cased. */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,64}$/;

/** ResponseData of a 429 (SIGNIN_THROTTLED or RATE_LIMITED): seconds before another try can succeed. */
export const RetryAfterSchema = z.object({ retryAfterSeconds: z.number().int().positive() });

/** The confirmation link of e-mail sign-ups is `${origin}${VERIFY_EMAIL_PATH}?token=...` (send the token to auth.verifyEmail). */
export const VERIFY_EMAIL_PATH = '/verify-email';

export const MeSchoolSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  districtName: z.string(),
  paid: z.boolean(),
  role: RoleSchema,
  isAdmin: z.boolean(),
  status: z.enum(['active', 'pending']),
  /** The school's high5_vibes setting: "High 5s received" and "Vibes received" are offered only when true. */
  receivedVisible: z.boolean(),
  /** The school's IANA time zone: times of the school's events are shown in it, not the device's. */
  timeZone: z.string(),
});

/** The signed-in user, as the shell needs it (docs/rules/shell.md#session-and-language). */
export const MeSchema = z.object({
  id: UuidSchema,
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  language: LanguageSchema,
  /** From the profile, for words that agree with it (Spanish "administradora"); null when not given. */
  gender: z.enum(['M', 'F', 'O']).nullable(),
  role: z.enum(['student', 'teacher', 'parent', 'staff', 'superAdmin']).nullable(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  mustChangePassword: z.boolean(),
  hasPassword: z.boolean(),
  /** The school this session works in. */
  school: MeSchoolSchema.nullable(),
  schools: z.array(MeSchoolSchema),
  /** Classes the user teaches (teachers) or is enrolled in (students). */
  classCount: z.number().int(),
  /** The session is idle-locked: the page shows only the lock screen until auth.unlock. */
  locked: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

export const SignInResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), me: MeSchema }),
  z.object({ status: z.literal('new_password_required') }),
]);

export const TeacherSignUpSchema = z.object({
  role: z.literal('teacher'),
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  language: LanguageSchema,
  /** An existing district, or a new district's name (the add-district confirmation). */
  districtId: UuidSchema.optional(),
  newDistrictName: requiredText(120).optional(),
  /** An existing school, or a new school's name (the add-school confirmation). */
  schoolId: UuidSchema.optional(),
  newSchoolName: requiredText(120).optional(),
  /** Only for paid districts. */
  aeriesUsername: singleLine(z.string().trim().max(100)).optional(),
  acceptedTerms: z.literal(true),
});

export const StudentSignUpSchema = z.object({
  role: z.literal('student'),
  firstName: NameSchema,
  lastName: NameSchema,
  /** An e-mail address, or else a username (docs/rules/shell.md#passwords-and-logins). */
  emailOrUsername: singleLine(z.string().trim().min(3).max(254)),
  password: NewPasswordSchema,
  language: LanguageSchema,
  classCode: singleLine(z.string().trim().toUpperCase().min(1).max(20)),
  acceptedTerms: z.literal(true),
});

export const SignUpSchema = z.discriminatedUnion('role', [TeacherSignUpSchema, StudentSignUpSchema]);
export type SignUp = z.input<typeof SignUpSchema>;

export const SignUpResultSchema = z.discriminatedUnion('status', [
  /** E-mail sign-ups confirm their address by a link first (SIGNUP_SUCCESS). */
  z.object({ status: z.literal('verify_email') }),
  /** A username-only student is signed in at once (SIGNUP_SUCCESS_WITHOUTEMAIL). */
  z.object({ status: z.literal('signed_in'), me: MeSchema }),
]);

export const SetupSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('teacher'), schoolId: UuidSchema }),
  z.object({ role: z.literal('student'), classCode: singleLine(z.string().trim().toUpperCase().min(1).max(20)) }),
]);

/** `aeries`: the district syncs from Aeries, so a teacher may give their Aeries username at sign-up. */
export const DistrictSchema = z.object({ id: UuidSchema, name: z.string(), paid: z.boolean(), aeries: z.boolean() });
export const SchoolOptionSchema = z.object({ id: UuidSchema, name: z.string() });

/** What the sign-in form sends (its screen validates with it too). */
export const SignInBodySchema = z.object({ login: LoginSchema, password: PasswordInputSchema });
/** The bodies of the password forms (their screens validate with them too). */
export const CompleteNewPasswordBodySchema = z.object({ newPassword: NewPasswordSchema });
export const ChangePasswordBodySchema = z.object({ currentPassword: PasswordInputSchema, newPassword: NewPasswordSchema });
export const UnlockBodySchema = z.object({ password: PasswordInputSchema });
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ResetPasswordBodySchema = z.object({
  email: EmailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  newPassword: NewPasswordSchema,
});
export const ResetWithLinkBodySchema = z.object({ token: z.string().min(10).max(200), newPassword: NewPasswordSchema });
export const SignInLinkRequestBodySchema = z.object({ login: LoginSchema });
export const SignInWithLinkBodySchema = z.object({ token: z.string().min(10).max(200) });

export const authEndpoints = {
  config: endpoint({
    id: 'auth.config',
    method: 'GET',
    path: '/auth/config',
    summary:
      'What the sign-in screen needs: whether Google sign-in is on, whether Log in with Clever is (configured, and a district is rostered from Clever), and the help links.',
    access: 'public',
    response: z.object({
      googleEnabled: z.boolean(),
      cleverEnabled: z.boolean(),
      links: z.object({ emotionalSupport: z.string(), help: z.string(), feedback: z.string() }),
    }),
  }),
  signIn: endpoint({
    id: 'auth.signIn',
    method: 'POST',
    path: '/auth/sign-in',
    summary: 'Signs in with an e-mail or username and a password.',
    access: 'public',
    body: SignInBodySchema,
    response: SignInResultSchema,
    // An unconfirmed e-mail answers enterCorrectIDandPass (no enumeration); 429s carry RetryAfterSchema.
    errors: ['enterCorrectIDandPass', 'SIGNIN_THROTTLED', 'RATE_LIMITED', 'TEMP_PASSWORD_EXPIRED', 'ACCOUNT_INACTIVE'],
  }),
  completeNewPassword: endpoint({
    id: 'auth.completeNewPassword',
    allowWhilePending: true,
    method: 'POST',
    path: '/auth/new-password',
    summary: 'Sets the first real password of an invited or reset account.',
    access: 'session',
    allowDuringPasswordChange: true,
    body: CompleteNewPasswordBodySchema,
    response: MeSchema,
    errors: ['PASSWORD_TOO_WEAK', 'PASSWORD_TOO_COMMON', 'PASSWORD_SAME_AS_TEMPORARY', 'FORBIDDEN'],
  }),
  me: endpoint({
    id: 'auth.me',
    allowWhilePending: true,
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user (with `locked` while the session is idle-locked).',
    access: 'session',
    allowDuringPasswordChange: true,
    allowWhileLocked: true,
    response: MeSchema,
  }),
  signOut: endpoint({
    id: 'auth.signOut',
    allowWhilePending: true,
    method: 'POST',
    path: '/auth/sign-out',
    summary: 'Ends the session.',
    access: 'session',
    allowDuringPasswordChange: true,
    allowWhileLocked: true,
    body: EmptySchema,
    response: EmptySchema,
  }),
  signOutEverywhere: endpoint({
    id: 'auth.signOutEverywhere',
    method: 'POST',
    path: '/auth/sign-out-everywhere',
    summary: 'Ends every session of the signed-in user, this one included.',
    access: 'session',
    body: EmptySchema,
    response: EmptySchema,
  }),
  changePassword: endpoint({
    id: 'auth.changePassword',
    method: 'POST',
    path: '/auth/password',
    summary: 'Changes the password of the signed-in user (the current one is checked, throttled like sign-in); every other session ends.',
    access: 'session',
    body: ChangePasswordBodySchema,
    response: EmptySchema,
    errors: ['enterCorrectIDandPass', 'SIGNIN_THROTTLED', 'PASSWORD_TOO_WEAK', 'PASSWORD_TOO_COMMON', 'PASSWORD_SAME_AS_CURRENT', 'FORBIDDEN', 'RATE_LIMITED'],
  }),
  lock: endpoint({
    id: 'auth.lock',
    method: 'POST',
    path: '/auth/lock',
    summary: 'Idle-locks the session: until auth.unlock, every other call but auth.me and auth.signOut answers 423 SESSION_LOCKED.',
    access: 'session',
    allowWhileLocked: true,
    body: EmptySchema,
    response: EmptySchema,
  }),
  unlock: endpoint({
    id: 'auth.unlock',
    allowWhilePending: true,
    method: 'POST',
    path: '/auth/unlock',
    summary: 'Checks the password to lift the idle lock.',
    access: 'session',
    allowWhileLocked: true,
    body: UnlockBodySchema,
    response: EmptySchema,
    errors: ['enterCorrectIDandPass', 'SIGNIN_THROTTLED', 'RATE_LIMITED'],
  }),
  forgotPassword: endpoint({
    id: 'auth.forgotPassword',
    rateLimit: { max: 20, perSeconds: 3600 }, // a reset e-mail each: 20 an hour from one address
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'E-mails a 6-digit code; answers the same whether the account exists or not.',
    access: 'public',
    body: ForgotPasswordBodySchema,
    response: EmptySchema,
    errors: ['RATE_LIMITED'],
  }),
  resetPassword: endpoint({
    id: 'auth.resetPassword',
    rateLimit: { max: 30, perSeconds: 600 }, // code guesses: 30 per 10 minutes (each code also dies after 5 wrong entries)
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Sets a new password with the e-mailed code; ends every session of the account.',
    access: 'public',
    body: ResetPasswordBodySchema,
    response: EmptySchema,
    errors: ['CODE_INVALID', 'CODE_EXPIRED', 'PASSWORD_TOO_WEAK', 'PASSWORD_TOO_COMMON', 'RATE_LIMITED'],
  }),
  resetWithLink: endpoint({
    id: 'auth.resetWithLink',
    rateLimit: { max: 30, perSeconds: 600 }, // link guesses (256-bit tokens: a formality)
    method: 'POST',
    path: '/auth/reset-link',
    summary: "Sets a new password with a one-time link from a school admin's reset (the token is the link's fragment); ends every session of the account.",
    access: 'public',
    body: ResetWithLinkBodySchema,
    response: EmptySchema,
    errors: ['CODE_INVALID', 'CODE_EXPIRED', 'PASSWORD_TOO_WEAK', 'PASSWORD_TOO_COMMON', 'RATE_LIMITED'],
  }),
  requestSignInLink: endpoint({
    id: 'auth.requestSignInLink',
    // Sized for a school behind one address (0033); each account also holds at most 3 open links.
    rateLimit: { max: 100, perSeconds: 3600 },
    method: 'POST',
    path: '/auth/sign-in-link',
    summary:
      'E-mails a one-time sign-in link (15 minutes) to the account of an e-mail or username, for an account held back by the password throttles; answers the same whether the account exists or not.',
    access: 'public',
    body: SignInLinkRequestBodySchema,
    response: EmptySchema,
    errors: ['RATE_LIMITED'],
  }),
  signInWithLink: endpoint({
    id: 'auth.signInWithLink',
    rateLimit: { max: 30, perSeconds: 600 }, // link guesses (256-bit tokens: a formality)
    method: 'POST',
    path: '/auth/sign-in-link/use',
    summary:
      "Signs in with a one-time sign-in link (the token is the link's fragment), like a password sign-in: a temporary password still has to be replaced.",
    access: 'public',
    body: SignInWithLinkBodySchema,
    response: SignInResultSchema,
    errors: ['CODE_INVALID', 'CODE_EXPIRED', 'TEMP_PASSWORD_EXPIRED', 'ACCOUNT_INACTIVE', 'RATE_LIMITED'],
  }),
  signUp: endpoint({
    id: 'auth.signUp',
    rateLimit: { max: 100, perSeconds: 3600 }, // a class signs up together from one address
    method: 'POST',
    path: '/auth/sign-up',
    summary: 'Registers a teacher (with a school) or a student (with a class code).',
    access: 'public',
    body: SignUpSchema,
    response: SignUpResultSchema,
    // A taken e-mail answers verify_email like a new one; a taken username answers CONFLICT.
    errors: [
      'CLASS_CODE_UNKNOWN',
      'CLASS_ROSTERED',
      'SCHOOL_UNKNOWN',
      'DISTRICT_UNKNOWN',
      'PASSWORD_TOO_WEAK',
      'PASSWORD_TOO_COMMON',
      'CONFLICT',
      'RATE_LIMITED',
    ],
  }),
  verifyEmail: endpoint({
    id: 'auth.verifyEmail',
    rateLimit: { max: 30, perSeconds: 600 }, // link guesses
    method: 'POST',
    path: '/auth/verify-email',
    summary: 'Confirms an e-mail address with the token from the sign-up e-mail; an expired link e-mails a fresh one.',
    access: 'public',
    body: z.object({ token: z.string().min(10).max(200) }),
    response: EmptySchema,
    errors: ['CODE_INVALID', 'CODE_EXPIRED', 'RATE_LIMITED'],
  }),
  districts: endpoint({
    id: 'auth.districts',
    method: 'GET',
    path: '/districts',
    summary: 'All school districts, for the sign-up pickers.',
    access: 'public',
    response: z.array(DistrictSchema),
  }),
  districtSchools: endpoint({
    id: 'auth.districtSchools',
    method: 'GET',
    path: '/districts/:districtId/schools',
    summary: 'The schools of one district.',
    access: 'public',
    params: z.object({ districtId: UuidSchema }),
    response: z.array(SchoolOptionSchema),
    errors: ['DISTRICT_UNKNOWN'],
  }),
  setup: endpoint({
    id: 'auth.setup',
    allowWhilePending: true,
    method: 'POST',
    path: '/auth/setup',
    summary: 'Initial setup for a user without a role (e.g. after Google sign-in).',
    access: 'session',
    body: SetupSchema,
    response: MeSchema,
    errors: ['CLASS_CODE_UNKNOWN', 'CLASS_ROSTERED', 'SCHOOL_UNKNOWN', 'CONFLICT'],
  }),
  switchSchool: endpoint({
    id: 'auth.switchSchool',
    allowWhilePending: true,
    method: 'PUT',
    path: '/auth/school',
    summary: "Chooses which of the user's schools the session works in.",
    access: 'session',
    body: z.object({ schoolId: UuidSchema }),
    response: MeSchema,
    errors: ['FORBIDDEN'],
  }),
  setLanguage: endpoint({
    id: 'auth.setLanguage',
    allowWhilePending: true,
    method: 'PUT',
    path: '/auth/language',
    summary: "Saves the user's language.",
    access: 'session',
    allowDuringPasswordChange: true,
    body: z.object({ language: LanguageSchema }),
    response: EmptySchema,
  }),
  classDevice: endpoint({
    id: 'auth.classDevice',
    method: 'GET',
    path: '/auth/class-device',
    summary: "Whether a teacher opened a class on this device for card sign-in (the device's class-session cookie), and which, until when.",
    access: 'public',
    response: ClassDeviceStatusSchema,
  }),
  cardSignIn: endpoint({
    id: 'auth.cardSignIn',
    rateLimit: { max: 300, perSeconds: 600 }, // a school behind one address; failures are limited per device too
    method: 'POST',
    path: '/auth/card-sign-in',
    summary:
      "Signs a student in with their class sign-in card's code, only on a device where their class is open; the session ends with the class session (docs/decisions/0553).",
    access: 'public',
    body: CardSignInBodySchema,
    response: SignInResultSchema,
    errors: ['CLASS_DEVICE_CLOSED', 'CARD_INVALID', 'ACCOUNT_INACTIVE', 'RATE_LIMITED'],
  }),
};
