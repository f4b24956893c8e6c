import { inTransaction } from '../../../db/database.js';
import { AppError } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { findAccountForSignIn } from '../account/queries.js';
import { codeHash, newLinkToken } from '../codes.js';
import { cancelOpenCodes, countOpenCodes, findOpenLink, insertCode } from '../password-reset/queries.js';
import { finishSignIn, parseLogin, unconfirmedEmail, type AuthContext } from '../session/service.js';

export const SIGN_IN_LINK_JOB = 'auth.signInLinkRequested';
/** How long a sign-in link works: one cycle of the longest password wait (decision 0170). */
export const SIGN_IN_LINK_MINUTES = 15;
/**
 * Links of an account usable at once; a request beyond sends nothing. Newer links do not cancel
 * older ones: someone who asks for the owner's links (from the same school network) only fills
 * the owner's mailbox with links that work, at most 3 per 15 minutes.
 */
export const MAX_OPEN_SIGN_IN_LINKS = 3;
/** The web screen that takes the link; the token travels in the fragment, never to a server log or a Referer. */
export const SIGN_IN_LINK_PATH = '/sign-in-link';

const linkHash = (services: Services, token: string) => codeHash(services.secret, 'signin_link', '', token);

/**
 * "E-mail me a sign-in link" (docs/decisions/0541). The request only queues a job, whether or not
 * the account exists, so the answer is the same in content and in time; the job makes the link.
 * It does not look at the password throttles: the link goes to the account's own mailbox, which
 * already can reset the password, so the attacker holding the account's password at 429 cannot use it.
 */
export async function requestSignInLink(ctx: AuthContext, login: string) {
  await ctx.services.jobs.enqueue(ctx.db, SIGN_IN_LINK_JOB, { login });
  return {};
}

/**
 * The job: a one-time link valid 15 minutes, at most 3 usable at once, e-mailed
 * in the account's language. Nothing for an unknown login, an account without an e-mail or one
 * whose e-mail was never confirmed (whoever signed up with someone else's address must not get
 * the owner to sign into it).
 */
export async function sendSignInLink(services: Services, login: string) {
  await inTransaction(services.db, async (db) => {
    const account = await findAccountForSignIn(db, parseLogin(login));
    if (!account?.email || unconfirmedEmail(account)) return;
    const now = services.clock.now();
    if ((await countOpenCodes(db, account.id, 'signin_link', now)) >= MAX_OPEN_SIGN_IN_LINKS) return;
    const token = newLinkToken();
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    await insertCode(db, { userId: account.id, purpose: 'signin_link', codeHash: linkHash(services, token), expiresAt, createdAt: now });
    await services.mail.queue(db, account.email, account.language === 'es' ? 'es' : 'en', 'auth:mail.signInLink', {
      name: account.firstName,
      link: `${services.config.publicUrl.replace(/\/$/, '')}${SIGN_IN_LINK_PATH}#${token}`,
      minutes: SIGN_IN_LINK_MINUTES,
    });
  });
}

const dead = (code: 'CODE_INVALID' | 'CODE_EXPIRED') => new AppError(400, code, [{ path: 'body.token', code }]);

/**
 * Signs in with a one-time link: used once, within 15 minutes, and then like any sign-in
 * (finishSignIn): an account that must change its password gets only the new-password challenge,
 * an expired temporary password or a deactivated account is refused, a pending teacher's session
 * is as restricted as after a password. This browser becomes a known device of the account, so its
 * next password sign-ins are not held back by failures from elsewhere (decision 0170).
 */
export async function signInWithLink(ctx: AuthContext, token: string) {
  const now = ctx.services.clock.now();
  const open = await findOpenLink(ctx.db, 'signin_link', linkHash(ctx.services, token));
  if (!open) throw dead('CODE_INVALID');
  if (open.expiresAt <= now) throw dead('CODE_EXPIRED');
  const account = await findAccountForSignIn(ctx.db, { id: open.userId });
  if (!account || unconfirmedEmail(account)) throw dead('CODE_INVALID');
  // Used once; the account's other open links are spent with it.
  await cancelOpenCodes(ctx.db, account.id, 'signin_link', now);
  return finishSignIn(ctx, account);
}
