import { z } from 'zod';
import { UuidSchema } from './core.js';

/**
 * Class sign-in cards (docs/decisions/0553). The code a child types: 8 characters of an
 * alphabet without look-alikes (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G), printed in two groups
 * of 4. 22^8 ≈ 5.5·10^10 codes: under the per-device limit a guess is hopeless (see the decision).
 */
export const CARD_CODE_ALPHABET = 'ACEFHJKMNPRTUVWXY34679';
export const CARD_CODE_LENGTH = 8;

/** The code as typed, in capitals without spaces or dashes (lower case is accepted). */
export function normalizeCardCode(typed: string) {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const isCardCode = (code: string) => code.length === CARD_CODE_LENGTH && [...code].every((c) => CARD_CODE_ALPHABET.includes(c));

/** `ACEF-3479`, as printed. */
export const formatCardCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The web page a card's QR code opens: the code rides in the fragment, never in a request line or a log. */
export const CARD_SIGN_IN_PATH = '/card';

/** How long a teacher may open a class on a device, in hours (a school day at most). */
export const CLASS_DEVICE_HOURS = [1, 2, 4, 8] as const;

export const ClassDeviceOpenBodySchema = z.object({ hours: z.union(CLASS_DEVICE_HOURS.map((h) => z.literal(h))) });

export const ClassDeviceSessionSchema = z.object({
  id: UuidSchema,
  openedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The class session is the one of the device that asks. */
  thisDevice: z.boolean(),
});
export type ClassDeviceSession = z.infer<typeof ClassDeviceSessionSchema>;

export const SignInCardSchema = z.object({
  studentId: UuidSchema,
  name: z.string(),
  /** The hand avatar, else the photo (signed links), else null for initials. */
  avatarUrl: z.string().nullable(),
  /** The code as printed (`ACEF-3479`); shown once: only its keyed hash is kept. */
  code: z.string(),
  /** The address the QR code opens. */
  url: z.string(),
  /** The QR code of `url`, an SVG document rendered by the server. */
  qrSvg: z.string(),
});
export type SignInCard = z.infer<typeof SignInCardSchema>;

export const SignInCardsBodySchema = z.object({
  /** Students of the class to issue a card for; all of the class when absent. */
  studentIds: z
    .array(UuidSchema)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate_ids')
    .optional(),
});

/** What a device knows of its class session (the card sign-in page). */
export const ClassDeviceStatusSchema = z.object({
  open: z.boolean(),
  className: z.string().nullable(),
  schoolName: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

export const CardSignInBodySchema = z.object({ code: z.string().trim().min(1).max(20) });

/** A person of a class sent their first sign-in, and what happened (decision 0554). */
export const FirstSignInOutcomeSchema = z.enum(['sent', 'noEmail', 'registered', 'recentlyInvited']);
export const ClassInviteResultSchema = z.object({
  people: z.array(z.object({ id: UuidSchema, name: z.string(), role: z.enum(['student', 'teacher']), outcome: FirstSignInOutcomeSchema })),
});
export type ClassInviteResult = z.infer<typeof ClassInviteResultSchema>;
