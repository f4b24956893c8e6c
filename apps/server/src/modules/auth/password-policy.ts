import { readFileSync } from 'node:fs';
import { passwordMeetsRule, PASSWORD_SYMBOLS, type ErrorCode } from '@high5/contract';
import { badRequest } from '../../lib/errors.js';

let common: Set<string> | undefined;

/** The bundled list of common passwords (zxcvbn's frequency list, MIT), loaded once. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/** Trailing symbols people add only to satisfy the rule ("Password1!" is "password1"). */
function withoutTrailingSymbols(password: string) {
  let end = password.length;
  while (end > 0 && PASSWORD_SYMBOLS.includes(password[end - 1]!)) end--;
  return password.slice(0, end);
}

/** True when the password, ignoring case and any symbols added at its end, is on the common list. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  return list.has(lower) || list.has(withoutTrailingSymbols(lower));
}

/** Why a new password is refused, or null when it is acceptable. */
export function newPasswordProblem(password: string): ErrorCode | null {
  if (!passwordMeetsRule(password)) return 'PASSWORD_TOO_WEAK';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}

/** Throws 400 with the reason (on `path`) when a new password is refused. */
export function assertNewPassword(password: string, path = 'body.newPassword') {
  const problem = newPasswordProblem(password);
  if (problem) throw badRequest(problem, [{ path, code: problem }]);
}

/** How many passwords the list holds (tests and the decision record). */
export const commonPasswordCount = () => commonPasswords().size;
