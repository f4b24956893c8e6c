import { randomInt } from 'node:crypto';

// Class codes avoid characters that read alike (no I, L, O, 0, 1): students type them.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

/** A class code from a secure random source (about 30 bits: 31^6), for every class however made. */
export function randomClassCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}
