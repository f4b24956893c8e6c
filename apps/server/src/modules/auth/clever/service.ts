import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Services } from '../../../services/index.js';
import { signState, type ProviderState } from '../provider/state.js';

type Clever = NonNullable<Config['clever']>;

export const STATE_COOKIE = 'high5_clever';
export const STATE_PURPOSE = 'clever';
export const COOKIE_PATH = '/v1/auth/clever';
const TIMEOUT_MS = 10_000;

export const redirectUri = (config: Config) => `${config.publicUrl.replace(/\/$/, '')}/v1/auth/clever/callback`;

/** Why a Clever sign-in could not learn who signed in: for the log, never a secret or a code. */
export class CleverSignInError extends Error {
  override name = 'CleverSignInError';
}

/**
 * Where Clever should send the browser ("Log in with Clever", Clever's authorization code flow),
 * and the state cookie to remember. Clever documents no PKCE: the code is redeemed only with
 * High5's client secret, and the state is bound to this browser (docs/decisions/0550).
 */
export function startCleverSignIn(services: Services, clever: Clever, returnTo: string) {
  const state: ProviderState = { state: randomBytes(24).toString('base64url'), returnTo, at: services.clock.now().getTime() };
  const url = new URL(`${clever.oauthUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clever.clientId,
    redirect_uri: redirectUri(services.config),
    state: state.state,
  }).toString();
  return { url, cookie: signState(services.secret, STATE_PURPOSE, state) };
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new CleverSignInError(`${what} answered ${response.status}`);
  const text = await response.text();
  if (text.length > 100_000) throw new CleverSignInError(`${what}: answer too large`);
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Falls through to the error below.
  }
  throw new CleverSignInError(`${what}: not a JSON object`);
}

const id = (v: unknown) => (typeof v === 'string' && /^[\w-]{1,200}$/.test(v) ? v : null);

export interface CleverIdentity {
  /** The Clever user id (the id the roster sync keeps as the person's source id). */
  id: string;
  /** The user's Clever district id. */
  district: string;
  type: string;
}

/**
 * Redeems the code (`POST /oauth/tokens`, client id and secret as HTTP Basic, once: Clever
 * refuses a code used before) and asks `GET /v3.0/me` with the token who signed in.
 */
export async function cleverIdentity(services: Services, clever: Clever, code: string): Promise<CleverIdentity> {
  const basic = Buffer.from(`${clever.clientId}:${clever.clientSecret}`).toString('base64');
  const tokens = await json(
    await fetch(`${clever.oauthUrl}/oauth/tokens`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code, grant_type: 'authorization_code', redirect_uri: redirectUri(services.config) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
    'POST /oauth/tokens',
  );
  const token = typeof tokens.access_token === 'string' && tokens.access_token.length <= 2000 ? tokens.access_token : null;
  if (!token) throw new CleverSignInError('POST /oauth/tokens: no access token');
  const me = await json(
    await fetch(`${clever.apiUrl}/v3.0/me`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
    'GET /v3.0/me',
  );
  const data = typeof me.data === 'object' && me.data !== null ? (me.data as Record<string, unknown>) : {};
  const userId = id(data.id);
  const district = id(data.district);
  if (!userId || !district) throw new CleverSignInError('GET /v3.0/me: no user or district id');
  return { id: userId, district, type: typeof data.type === 'string' ? data.type.slice(0, 40) : 'user' };
}
