import type { Me } from '@high5/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { AppError, forbidden, notFound } from '../../../lib/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../../lib/password.js';
import type { Membership, SessionUser } from '../../../lib/session-user.js';
import { clearSessionCookie, endAllSessions, loadMemberships, startSession } from '../../../plugins/session.js';
import type { Services } from '../../../services/index.js';
import {
  countClasses,
  deleteOtherSessions,
  deleteSession,
  findAccountById,
  findAccountForSignIn,
  findUserProfile,
  recordSignInSuccess,
  setLanguage,
  setPassword,
  setSessionLock,
  setSessionSchool,
} from '../account/queries.js';
import { incomingSessionHash } from '../http.js';
import { assertNewPassword } from '../password-policy.js';
import type { AuthLimits } from '../rate-limits.js';
import { checkPasswordThrottled, rememberClient, wrongCredentials } from '../throttle/service.js';

export interface AuthContext {
  db: Db;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  limits: AuthLimits;
}

/** The login as typed: an e-mail when it has an '@', otherwise a username; both compared in lower case. */
export function parseLogin(login: string): { email: string } | { username: string } {
  const value = login.trim().toLowerCase();
  return value.includes('@') ? { email: value } : { username: value };
}

/** The school a new session starts in: the first active membership, else the first. */
function firstSchool(memberships: Membership[]) {
  return (memberships.find((m) => m.status === 'active') ?? memberships[0])?.schoolId ?? null;
}

/** The signed-in user as the shell needs it. */
export async function loadMe(db: Db, userId: string, schoolId: string | null, locked = false): Promise<Me> {
  const [user, memberships] = await Promise.all([findUserProfile(db, userId), loadMemberships(db, userId)]);
  if (!user) throw notFound();
  const school = memberships.find((m) => m.schoolId === schoolId) ?? memberships[0] ?? null;
  const toSchool = (m: Membership) => ({
    id: m.schoolId,
    name: m.schoolName,
    districtName: m.districtName,
    paid: m.paid,
    role: m.role,
    isAdmin: m.isAdmin,
    status: m.status,
    receivedVisible: m.receivedVisible,
    timeZone: m.timeZone,
  });
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language as Me['language'],
    gender: user.gender === 'M' || user.gender === 'F' || user.gender === 'O' ? user.gender : null,
    role: user.isSuperAdmin ? 'superAdmin' : (school?.role ?? null),
    isAdmin: !!school && school.isAdmin && school.status === 'active',
    isSuperAdmin: user.isSuperAdmin,
    mustChangePassword: user.mustChangePassword,
    hasPassword: user.hasPassword,
    school: school ? toSchool(school) : null,
    schools: memberships.map(toSchool),
    classCount: school ? await countClasses(db, userId, school.schoolId, school.role) : 0,
    locked,
  };
}

/** The current session's user, re-read (after a change in this request). */
export const meOf = (db: Db, user: SessionUser) => loadMe(db, user.id, user.school?.schoolId ?? null, user.locked);

/**
 * Starts a new session for `userId` (a new id at every sign-in: the session the request
 * came with is deleted) and returns the user as the shell needs it.
 */
export async function signInAs(ctx: AuthContext, userId: string): Promise<Me> {
  const previous = incomingSessionHash(ctx.request);
  if (previous) await deleteSession(ctx.db, previous);
  const schoolId = firstSchool(await loadMemberships(ctx.db, userId));
  await startSession(ctx.db, ctx.reply, userId, schoolId, ctx.services.clock.now());
  await rememberClient(ctx, userId);
  return loadMe(ctx.db, userId, schoolId);
}

/**
 * Sign-in with an e-mail or username and a password. Unknown accounts, wrong passwords and
 * unconfirmed e-mails all answer enterCorrectIDandPass after the same argon2 work, under the
 * password throttles (throttle/service.ts): a client waits only for failures of its own kind.
 */
export async function signIn(ctx: AuthContext, login: string, password: string) {
  const { db } = ctx;
  const key = parseLogin(login);
  const loginKey = 'email' in key ? `e:${key.email}` : `u:${key.username}`;
  const account = await findAccountForSignIn(db, key);
  const passed = await checkPasswordThrottled(ctx, { account: account ?? null, loginKey }, async () => {
    const passwordOk = account?.passwordHash ? await verifyPassword(account.passwordHash, password) : await verifyAgainstDummy(password);
    // An unconfirmed e-mail counts as a failure too: otherwise whoever signed up with someone
    // else's address could tell, by the throttle, whether that address already had an account.
    const unconfirmed = !!account && unconfirmedEmail(account);
    return !!account && passwordOk && !unconfirmed;
  });
  // The 401 has been sent (and the failure counted): the route returns the reply as it is.
  if (!passed || !account) return ctx.reply as never;
  return finishSignIn(ctx, account);
}

/** An account whose e-mail was never confirmed: it may not sign in (whoever signed up may not own the address). */
export const unconfirmedEmail = (account: { email: string | null; emailVerifiedAt: Date | null; mustChangePassword: boolean }) =>
  account.email !== null && account.emailVerifiedAt === null && !account.mustChangePassword;

/**
 * What every sign-in does once the account is proven (a password, a one-time sign-in link): an
 * expired temporary password and a deactivated account are refused, and an account that must
 * change its password gets a session that may only do that (the new-password challenge).
 */
export async function finishSignIn(
  ctx: AuthContext,
  account: { id: string; mustChangePassword: boolean; tempPasswordExpiresAt: Date | null; inactiveOnly: boolean },
) {
  const now = ctx.services.clock.now();
  if (account.mustChangePassword && account.tempPasswordExpiresAt && account.tempPasswordExpiresAt <= now) {
    throw new AppError(403, 'TEMP_PASSWORD_EXPIRED');
  }
  if (account.inactiveOnly) throw new AppError(403, 'ACCOUNT_INACTIVE');
  await recordSignInSuccess(ctx.db, account.id, now);
  const me = await signInAs(ctx, account.id);
  if (account.mustChangePassword) return { status: 'new_password_required' as const };
  return { status: 'signed_in' as const, me };
}

/** Lifts the idle lock: the signed-in user's password, under the same throttles as sign-in. */
export async function unlock(ctx: AuthContext, user: SessionUser, password: string) {
  const { db, services } = ctx;
  const account = await findAccountById(db, user.id);
  if (!account) throw wrongCredentials();
  const loginKey = account.email ? `e:${account.email}` : `u:${account.username ?? account.id}`;
  const passed = await checkPasswordThrottled(ctx, { account, loginKey }, async () =>
    account.passwordHash ? verifyPassword(account.passwordHash, password) : verifyAgainstDummy(password),
  );
  if (!passed) return ctx.reply as never;
  await recordSignInSuccess(db, account.id, services.clock.now());
  await rememberClient(ctx, account.id);
  await setSessionLock(db, user.sessionHash, null);
  return {};
}

/**
 * The idle lock (docs/decisions/0160): the page asks for it after 300 s without activity;
 * from then on the session answers 423 SESSION_LOCKED to all but auth.me, auth.unlock and
 * sign-out, in every tab, until the password lifts it.
 */
export async function lock(ctx: AuthContext, user: SessionUser) {
  if (!user.locked) await setSessionLock(ctx.db, user.sessionHash, ctx.services.clock.now());
  return {};
}

/**
 * A signed-in user changes their password: the current one is checked under the sign-in
 * throttles (a stolen session cannot guess it), and every other session of the account ends
 * (docs/decisions/0161). Accounts without a password (Google only) use "Forgot password".
 */
export async function changePassword(ctx: AuthContext, user: SessionUser, currentPassword: string, newPassword: string) {
  const { db, services } = ctx;
  const account = await findAccountById(db, user.id);
  if (!account?.passwordHash) throw forbidden();
  const hash = account.passwordHash;
  const loginKey = account.email ? `e:${account.email}` : `u:${account.username ?? account.id}`;
  const passed = await checkPasswordThrottled(ctx, { account, loginKey }, () => verifyPassword(hash, currentPassword));
  if (!passed) return ctx.reply as never;
  assertNewPassword(newPassword);
  if (newPassword === currentPassword) {
    throw new AppError(400, 'PASSWORD_SAME_AS_CURRENT', [{ path: 'body.newPassword', code: 'PASSWORD_SAME_AS_CURRENT' }]);
  }
  await setPassword(db, user.id, await hashPassword(newPassword), services.clock.now());
  await deleteOtherSessions(db, user.id, user.sessionHash);
  return {};
}

/** Ends every session of the user, this one included (a lost or shared device elsewhere). */
export async function signOutEverywhere(ctx: AuthContext, user: SessionUser) {
  await endAllSessions(ctx.db, user.id);
  clearSessionCookie(ctx.reply);
  return {};
}

/**
 * The new-password challenge: an invited or reset account replaces its temporary password.
 * Every other session of the account ends.
 */
export async function completeNewPassword(ctx: AuthContext, user: SessionUser, newPassword: string) {
  if (!user.mustChangePassword) throw forbidden();
  assertNewPassword(newPassword);
  const account = await findAccountById(ctx.db, user.id);
  if (!account) throw forbidden();
  if (account.passwordHash && (await verifyPassword(account.passwordHash, newPassword))) {
    throw new AppError(400, 'PASSWORD_SAME_AS_TEMPORARY', [{ path: 'body.newPassword', code: 'PASSWORD_SAME_AS_TEMPORARY' }]);
  }
  const now = ctx.services.clock.now();
  // The temporary password reached its owner by e-mail: signing in with it confirms the address.
  await setPassword(ctx.db, user.id, await hashPassword(newPassword), now, { emailVerifiedAt: now });
  await deleteOtherSessions(ctx.db, user.id, user.sessionHash);
  return meOf(ctx.db, { ...user, mustChangePassword: false });
}

export async function signOut(ctx: AuthContext, user: SessionUser) {
  await deleteSession(ctx.db, user.sessionHash);
  clearSessionCookie(ctx.reply);
  return {};
}

/** Moves the session to another of the user's schools. */
export async function switchSchool(ctx: AuthContext, user: SessionUser, schoolId: string) {
  if (!user.memberships.some((m) => m.schoolId === schoolId)) throw forbidden();
  await setSessionSchool(ctx.db, user.sessionHash, schoolId);
  return loadMe(ctx.db, user.id, schoolId);
}

export async function saveLanguage(ctx: AuthContext, user: SessionUser, language: 'en' | 'es') {
  await setLanguage(ctx.db, user.id, language);
  return {};
}
