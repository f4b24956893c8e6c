import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../../lib/errors.js';
import { isSecure } from '../../../plugins/session.js';
import { failThen } from '../http.js';
import { THROTTLES, TRUST_DAYS, type ThrottleRule } from '../rate-limits.js';
import type { AuthContext } from '../session/service.js';
import { addAccountFailure, addThrottleFailure, clearThrottles, findActiveThrottles, findTrust, lockLogin, saveTrust, sweepThrottles } from './queries.js';

/** The device cookie (OWASP "device cookies"): a random id, set at every sign-in, sent only to the auth endpoints. */
export const DEVICE_COOKIE = 'high5_device';
const DEVICE_COOKIE_PATH = '/v1/auth';
const DAY_MS = 86_400_000;

/** Who a password check is about: an account, or a login that names none (throttled just the same). */
export interface PasswordSubject {
  account: { id: string; failedSignins: number; signinBlockedUntil: Date | null } | null;
  /** The login as typed, normalised (`e:…` or `u:…`); the account's throttle when there is no account. */
  loginKey: string;
}

export const wrongCredentials = () => new AppError(401, 'enterCorrectIDandPass');

const throttled = (until: Date, now: Date) =>
  new AppError(429, 'SIGNIN_THROTTLED', undefined, { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) });

const keyed = (secret: string, purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('hex');

function deviceToken(ctx: AuthContext): string | null {
  const token = ctx.request.cookies[DEVICE_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** The kind of client making the attempt, and the throttles its failures count against. */
async function classify(ctx: AuthContext, subject: PasswordSubject) {
  const { services, request } = ctx;
  const now = services.clock.now();
  const token = deviceToken(ctx);
  const deviceHash = token ? keyed(services.secret, 'device', token) : null;
  const addressHash = keyed(services.secret, 'address', request.ip);
  const trust = await findTrust(
    ctx.db,
    subject.account?.id ?? null,
    deviceHash ? { hash: deviceHash, since: new Date(now.getTime() - TRUST_DAYS.device * DAY_MS) } : null,
    { hash: addressHash, since: new Date(now.getTime() - TRUST_DAYS.address * DAY_MS) },
  );
  const who = subject.account ? `account:${subject.account.id}` : `login:${subject.loginKey}`;
  const pair = { key: `p:${keyed(services.secret, 'pair', `${who}\n${request.ip}`)}`, rule: THROTTLES.pair };
  if (trust.device && deviceHash) {
    return { known: true, throttles: [{ key: `d:${keyed(services.secret, 'pair', `${who}\n${deviceHash}`)}`, rule: THROTTLES.device }], counted: [] };
  }
  // The address's own throttle is counted by every failure from it but holds back only unknown clients.
  const address = { key: `n:${addressHash}`, rule: THROTTLES.address };
  if (trust.address) return { known: true, throttles: [pair], counted: [address] };
  // Unknown logins keep their account throttle in signin_throttles under the login (migration 0011).
  const account = subject.account ? [] : [{ key: subject.loginKey, rule: THROTTLES.account }];
  return { known: false, throttles: [pair, address, ...account], counted: [] };
}

/**
 * Checks a password under the throttles (sign-in, the idle-lock unlock, every password check):
 * a client that must wait gets 429 SIGNIN_THROTTLED without the password being checked or
 * counted; a failure answers 401 enterCorrectIDandPass and is then counted (after the answer,
 * so known and unknown logins take the same time); a success clears the throttles the client
 * counted against. `check` says whether the attempt succeeds (it does the argon2 work always).
 * Resolves true on success; false once the 401 has been sent and the failure counted (the
 * caller then returns `ctx.reply`).
 */
export async function checkPasswordThrottled(ctx: AuthContext, subject: PasswordSubject, check: () => Promise<boolean>): Promise<boolean> {
  const { db, services, reply } = ctx;
  const now = services.clock.now();
  // Known and unknown logins alike, so the lock shows nothing about which one this is.
  await lockLogin(db, subject.loginKey);
  const client = await classify(ctx, subject);
  const rows = await findActiveThrottles(
    db,
    client.throttles.map((t) => t.key),
    now,
  );
  const ownUntil = !client.known && subject.account?.signinBlockedUntil && subject.account.signinBlockedUntil > now ? [subject.account.signinBlockedUntil] : [];
  const waits = [...rows.map((r) => r.blockedUntil), ...ownUntil];
  if (waits.length) throw throttled(new Date(Math.max(...waits.map((d) => d.getTime()))), now);

  if (!(await check())) {
    // Not `return failThen(…)`: a reply is a thenable, and awaiting it would lose the refusal.
    await failThen(reply, wrongCredentials(), async () => {
      for (const t of [...client.throttles, ...client.counted]) await addThrottleFailure(db, t.key, t.rule, now);
      if (!client.known && subject.account) await addAccountFailure(db, subject.account.id, THROTTLES.account, now);
      if (Math.random() < 0.01) await sweepThrottles(db, new Date(now.getTime() - maxForget()), new Date(now.getTime() - TRUST_DAYS.device * DAY_MS));
    });
    return false;
  }
  await clearThrottles(
    db,
    client.throttles.filter((t) => t.rule !== THROTTLES.address).map((t) => t.key),
  );
  return true;
}

const maxForget = () => Math.max(...Object.values(THROTTLES).map((t: ThrottleRule) => t.forgetAfterMs));

/**
 * Remembers the device (setting its cookie when it has none) and the address the user just
 * signed in from: a right password from either is then not held back by failures elsewhere.
 */
export async function rememberClient(ctx: AuthContext, userId: string) {
  const { services, request, reply } = ctx;
  let token = deviceToken(ctx);
  if (!token) {
    token = randomBytes(32).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, token, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecure(request),
      maxAge: TRUST_DAYS.device * 86_400,
    });
  }
  await saveTrust(
    ctx.db,
    userId,
    [
      { kind: 'device', hash: keyed(services.secret, 'device', token) },
      { kind: 'address', hash: keyed(services.secret, 'address', request.ip) },
    ],
    services.clock.now(),
  );
}
