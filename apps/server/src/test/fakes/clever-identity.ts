import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { noFaults, serveJson, type Handler, type RunningFake } from './http-fake.js';

/**
 * A local stand-in for Clever's identity side, speaking its documented HTTP API ("Log in with
 * Clever", docs/decisions/0550): `GET /oauth/authorize?response_type=code&client_id&redirect_uri&state`
 * shows a sign-in page (or, for a browser Clever already knows, answers at once) and sends the
 * browser to the redirect URI with `code` and the same `state`; `POST /oauth/tokens` redeems a
 * code once (JSON or form body, client id and secret as HTTP Basic) for a bearer token;
 * `GET /v3.0/me` (and `/v3.1/me`) says who the token is: `{ data: { id, district, type } }`.
 * A Clever Portal launch (Instant Login) is the redirect URI with a code and no state.
 */

export interface CleverUser {
  /** The user's Clever district id. */
  district: string;
  type: 'student' | 'teacher' | 'staff' | 'district_admin';
}

export interface CleverIdentityFake extends RunningFake {
  clientId: string;
  clientSecret: string;
  /** Adds or changes a Clever user (by Clever user id). */
  setUser(id: string, user: CleverUser): void;
  /** Plays the person at Clever's sign-in page as `userId`; returns where Clever then sends the browser. */
  signIn(authorizationUrl: string, userId: string): Promise<URL>;
  /** A Clever Portal launch: the redirect URI with a fresh code for `userId` and no state. */
  portalLaunch(userId: string): URL;
  /** Codes Clever refused to redeem (used before, unknown, expired, another redirect URI). */
  refusedCodes: number;
}

const CODE_TTL_MS = 60_000;
const SESSION_COOKIE = 'clever_fake_session';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function formOrJson(req: IncomingMessage, text: string): Record<string, string> {
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startCleverIdentity(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<CleverIdentityFake> {
  const clientId = options.clientId ?? 'high5-clever-login-client';
  const clientSecret = options.clientSecret ?? 'clever-login-secret-7d2e91';
  const users = new Map<string, CleverUser>();
  const codes = new Map<string, { userId: string; redirectUri: string; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, string>();
  const sessions = new Map<string, string>();

  const issueCode = (userId: string, redirectUri: string) => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { userId, redirectUri, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    return code;
  };
  const back = (params: URLSearchParams, userId: string) => {
    const url = new URL(params.get('redirect_uri')!);
    url.searchParams.set('code', issueCode(userId, url.href.split('?')[0]!));
    const state = params.get('state');
    if (state) url.searchParams.set('state', state);
    return url;
  };
  const page = (params: URLSearchParams, message = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Clever | Log in</title></head>
<body><main><h1>Log in to Clever</h1>${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/oauth/authorize">
${['response_type', 'client_id', 'redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escape(params.get(k) ?? '')}">`).join('\n')}
<label for="clever-id">Clever ID</label> <input id="clever-id" name="clever_id" autocomplete="off">
<button type="submit">Log in</button>
</form></main></body></html>`;
  const sessionOf = (req: IncomingMessage) => {
    const pair = (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([k]) => k === SESSION_COOKIE);
    return pair ? sessions.get(pair[1] ?? '') : undefined;
  };

  const fake: CleverIdentityFake = {
    ...(await serveJson(async (req, url): ReturnType<Handler> => {
      if (url.pathname === '/oauth/authorize') {
        const params = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
        if (params.get('response_type') !== 'code' || params.get('client_id') !== clientId || params.get('redirect_uri') !== options.redirectUri) {
          return { status: 400, html: '<!doctype html><html lang="en"><title>Clever</title><p>Invalid authorization request.</p></html>' };
        }
        if (req.method === 'POST') {
          const userId = (params.get('clever_id') ?? '').trim();
          if (!users.has(userId)) return { status: 200, html: page(params, 'We could not find that Clever account.') };
          const session = randomBytes(12).toString('hex');
          sessions.set(session, userId);
          return {
            status: 302,
            headers: { location: back(params, userId).href, 'set-cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax` },
          };
        }
        const known = sessionOf(req);
        if (known) return { status: 302, headers: { location: back(params, known).href } };
        return { status: 200, html: page(params) };
      }
      if (url.pathname === '/oauth/tokens' && req.method === 'POST') {
        const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
        const [id, secret] = Buffer.from(encoded ?? '', 'base64')
          .toString('utf8')
          .split(':');
        if (scheme !== 'Basic' || id !== clientId || secret !== clientSecret) return { status: 401, body: { error: 'invalid_client' } };
        const body = formOrJson(req, await readBody(req));
        if (body.grant_type !== 'authorization_code') return { status: 400, body: { error: 'unsupported_grant_type' } };
        const grant = codes.get(body.code ?? '');
        if (!grant || grant.used || grant.expiresAt < Date.now() || grant.redirectUri !== body.redirect_uri) {
          fake.refusedCodes++;
          return { status: 400, body: { error: 'invalid_grant' } };
        }
        grant.used = true;
        const token = randomBytes(20).toString('hex');
        tokens.set(token, grant.userId);
        return { status: 200, body: { access_token: token, token_type: 'bearer' } };
      }
      const me = /^\/(v3\.[01])\/me$/.exec(url.pathname);
      if (me && req.method === 'GET') {
        const [scheme, token] = (req.headers.authorization ?? '').split(' ');
        const userId = scheme === 'Bearer' ? tokens.get(token ?? '') : undefined;
        const user = userId ? users.get(userId) : undefined;
        if (!userId || !user) return { status: 401, body: { error: 'Unauthorized' } };
        const version = me[1];
        return {
          status: 200,
          body: {
            type: user.type,
            data: { id: userId, district: user.district, type: user.type, authorized_by: 'district' },
            links: [
              { rel: 'self', uri: `/${version}/me` },
              { rel: 'canonical', uri: `/${version}/users/${userId}` },
              { rel: 'district', uri: `/${version}/districts/${user.district}` },
            ],
          },
        };
      }
      return { status: 404, body: { error: 'Resource not found' } };
    }, noFaults)),
    clientId,
    clientSecret,
    refusedCodes: 0,
    setUser: (id, user) => void users.set(id, user),
    async signIn(authorizationUrl, userId) {
      const start = await fetch(authorizationUrl, { redirect: 'manual' });
      if (start.status === 302) return new URL(start.headers.get('location')!);
      const form = new URLSearchParams(new URL(authorizationUrl).searchParams);
      form.set('clever_id', userId);
      const done = await fetch(new URL('/oauth/authorize', authorizationUrl), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const location = done.headers.get('location');
      if (!location) throw new Error(`fake Clever: the sign-in answered ${done.status}`);
      return new URL(location);
    },
    portalLaunch(userId) {
      const url = new URL(options.redirectUri);
      url.searchParams.set('code', issueCode(userId, options.redirectUri));
      return url;
    },
  };
  return fake;
}
