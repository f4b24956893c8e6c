import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export type CodePurpose = 'password_reset' | 'email_verify' | 'password_link' | 'signin_link';

/** Codes and tokens are stored as a keyed hash: a copy of the database does not reveal them. */
export function codeHash(secret: string, purpose: CodePurpose, subject: string, value: string) {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${value}`).digest('hex');
}

export function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 6-digit code from the system's secure random source. */
export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An unguessable token for links (256 bits). */
export const newLinkToken = () => randomBytes(32).toString('base64url');
