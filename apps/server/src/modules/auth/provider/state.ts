import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import { sameHash } from '../codes.js';

/**
 * What every sign-in through another provider (Google, Clever) keeps between its two redirects,
 * in a signed HttpOnly cookie: bound to this browser, good for STATE_MAX_AGE_S, and used once
 * (consumeState). Each provider adds its own fields.
 */
export interface ProviderState {
  /** The `state` parameter sent to the provider; it must come back unchanged. */
  state: string;
  returnTo: string;
  /** When the sign-in started (ms), by the server's clock. */
  at: number;
}

export const STATE_MAX_AGE_S = 600;

/** `http://` is allowed only for a provider on this machine (the tests' stand-ins). */
export function isLocalHttpUrl(value: string) {
  const url = new URL(value);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** Only a path of this site: never another origin (no open redirect). */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[A-Za-z0-9\-._~/]{0,200}$/.test(value) ? value : '/dashboard';
}

const mac = (secret: string, purpose: string, payload: string) => createHmac('sha256', secret).update(`${purpose}-state\n${payload}`).digest('base64url');

/** The cookie value: the state and its HMAC, keyed by purpose so one provider's cookie is no other's. */
export function signState<S extends ProviderState>(secret: string, purpose: string, state: S) {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** The state of a cookie this server signed for `purpose` less than STATE_MAX_AGE_S ago, else null. */
export function readState<S extends ProviderState>(secret: string, purpose: string, cookie: string | undefined, now: Date): S | null {
  if (!cookie || cookie.length > 2000) return null;
  const [payload, signature] = cookie.split('.');
  if (!payload || !signature) return null;
  if (!sameHash(signature, mac(secret, purpose, payload))) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as S;
    const age = now.getTime() - state.at;
    return typeof state.state === 'string' && age >= 0 && age <= STATE_MAX_AGE_S * 1000 ? state : null;
  } catch {
    return null;
  }
}

/**
 * True once for the state that came back (`returned`, the callback's `state` parameter) when it
 * is this browser's: a callback with another state does not use it up, a second one with the
 * same state is refused. A copied cookie and callback URL cannot be played again, even while the
 * cookie is young and before the provider refuses the code.
 */
export async function claimState(db: Db, state: ProviderState, returned: unknown, now: Date): Promise<boolean> {
  if (typeof returned !== 'string' || !sameHash(returned, state.state)) return false;
  await db.deleteFrom('oauthStatesUsed').where('expiresAt', '<', now).execute();
  const stateHash = createHash('sha256').update(state.state).digest('base64url');
  const inserted = await db
    .insertInto('oauthStatesUsed')
    .values({ stateHash, expiresAt: new Date(state.at + STATE_MAX_AGE_S * 1000) })
    .onConflict((oc) => oc.column('stateHash').doNothing())
    .returning('stateHash')
    .executeTakeFirst();
  return inserted !== undefined;
}
