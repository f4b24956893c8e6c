import { randomInt } from 'node:crypto';
import { LIMITS, passwordMeetsRule } from '@high5/contract';

// Letters and digits that cannot be mistaken for each other (no I, L, O, 0, 1).
const TEMP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/**
 * The one temporary-password format (staff, class, roster and parent invitations all
 * use it): from a secure random source, easy to read aloud and type from an e-mail, three groups
 * of four characters joined by '-' (about 68 bits), meeting the password rule.
 */
export function temporaryPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join(''));
    const candidate = groups.join('-');
    if (passwordMeetsRule(candidate)) return candidate;
  }
}

/** When a temporary password stops working (the account must choose its own within 7 days, docs/decisions/0093). */
export function temporaryPasswordExpiry(now: Date) {
  return new Date(now.getTime() + LIMITS.tempPasswordDays * 86_400_000);
}
