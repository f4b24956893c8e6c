import { LIMITS } from '@high5/contract';
import { inTransaction } from '../../../db/database.js';
import { AppError } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/password.js';
import { endAllSessions } from '../../../plugins/session.js';
import type { Services } from '../../../services/index.js';
import { isInactiveOnly, setPassword } from '../account/queries.js';
import { codeHash, newLinkToken, newResetCode, sameHash } from '../codes.js';
import { failThen } from '../http.js';
import { assertNewPassword } from '../password-policy.js';
import type { AuthContext } from '../session/service.js';
import { cancelOpenCodes, countResetCodesSince, findOpenLink, findOpenResetCode, findResetAccount, insertCode, recordWrongCode, useCode } from './queries.js';
import type { Db } from '../../../db/database.js';

export const RESET_JOB = 'auth.passwordResetRequested';
/** Wrong entries a code survives; the fifth kills it. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes an account may be sent per hour; further requests send nothing. */
export const MAX_CODES_PER_HOUR = 5;

/**
 * Forgot password. The request only queues a job, whether or not the account exists, so the
 * answer is the same in content and in time; the job creates and e-mails the code.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string) {
  await ctx.services.jobs.enqueue(ctx.db, RESET_JOB, { email });
  return {};
}

/** The job: a 6-digit code, valid 60 minutes, replacing any open one, at most 5 an hour. */
export async function sendResetCode(services: Services, email: string) {
  await inTransaction(services.db, async (db) => {
    const account = await findResetAccount(db, email);
    if (!account?.email) return;
    // Every school has deactivated the account: it may not sign in, so it gets no code (decision 0484).
    if (await isInactiveOnly(db, account.id)) return;
    const now = services.clock.now();
    if ((await countResetCodesSince(db, account.id, new Date(now.getTime() - 3_600_000))) >= MAX_CODES_PER_HOUR) return;
    await cancelOpenCodes(db, account.id, 'password_reset', now);
    const code = newResetCode();
    await insertCode(db, {
      userId: account.id,
      purpose: 'password_reset',
      codeHash: codeHash(services.secret, 'password_reset', account.id, code),
      expiresAt: new Date(now.getTime() + LIMITS.resetCodeMinutes * 60_000),
      createdAt: now,
    });
    await services.mail.queue(db, account.email, account.language as 'en' | 'es', 'auth:mail.resetCode', { code, name: account.firstName });
  });
}

const invalidCode = () => new AppError(400, 'CODE_INVALID', [{ path: 'body.code', code: 'CODE_INVALID' }]);

/** Sets a new password with the e-mailed code; every session of the account ends. */
export async function resetPassword(ctx: AuthContext, email: string, code: string, newPassword: string) {
  assertNewPassword(newPassword);
  const now = ctx.services.clock.now();
  const open = await findOpenResetCode(ctx.db, email);
  if (!open) throw invalidCode();
  if (!sameHash(open.codeHash, codeHash(ctx.services.secret, 'password_reset', open.userId, code))) {
    const attempts = open.attempts + 1;
    return failThen(ctx.reply, invalidCode(), () => recordWrongCode(ctx.db, open.id, attempts, attempts >= MAX_CODE_ATTEMPTS ? now : null));
  }
  if (open.expiresAt <= now) throw new AppError(400, 'CODE_EXPIRED', [{ path: 'body.code', code: 'CODE_EXPIRED' }]);
  await useCode(ctx.db, open.id, now);
  // The code reached the mailbox: that confirms the address too.
  await setPassword(ctx.db, open.userId, await hashPassword(newPassword), now, { emailVerifiedAt: now });
  await endAllSessions(ctx.db, open.userId);
  return {};
}

/** How long a one-time password link works. */
export const PASSWORD_LINK_HOURS = 24;
/** The web screen that takes the link; the token travels in the fragment, never sent to a server or a Referer. */
export const PASSWORD_LINK_PATH = '/reset-link';

const linkHash = (services: Services, token: string) => codeHash(services.secret, 'password_link', '', token);

/**
 * A one-time link that lets its holder choose the account's password once, within 24 hours
 * (docs/decisions/0162). Any earlier open link of the account stops working. The password does
 * not change until the link is used.
 */
export async function issuePasswordLink(db: Db, services: Services, userId: string) {
  const now = services.clock.now();
  await cancelOpenCodes(db, userId, 'password_link', now);
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_HOURS * 3_600_000);
  await insertCode(db, { userId, purpose: 'password_link', codeHash: linkHash(services, token), expiresAt, createdAt: now });
  return { link: `${services.config.publicUrl}${PASSWORD_LINK_PATH}#${token}`, expiresAt };
}

/** Sets the password with a one-time link; every session of the account ends. */
export async function resetWithLink(ctx: AuthContext, token: string, newPassword: string) {
  assertNewPassword(newPassword);
  const now = ctx.services.clock.now();
  const open = await findOpenLink(ctx.db, 'password_link', linkHash(ctx.services, token));
  if (!open) throw new AppError(400, 'CODE_INVALID', [{ path: 'body.token', code: 'CODE_INVALID' }]);
  if (open.expiresAt <= now) throw new AppError(400, 'CODE_EXPIRED', [{ path: 'body.token', code: 'CODE_EXPIRED' }]);
  await useCode(ctx.db, open.id, now);
  // A link is e-mailed only to an account's own address: using it confirms the address too.
  await setPassword(ctx.db, open.userId, await hashPassword(newPassword), now, open.email ? { emailVerifiedAt: now } : {});
  await endAllSessions(ctx.db, open.userId);
  return {};
}
