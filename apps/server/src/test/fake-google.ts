import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in for Google says about an account. */
export interface FakeClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

export interface FakeGoogle {
  /** `http://127.0.0.1:<port>`: give it to the server as GOOGLE_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets the claims of account `sub` (the login typed at the fake's sign-in form). */
  setAccount(sub: string, claims: FakeClaims): void;
  /**
   * Plays the person at the provider: follows `authorizationUrl` through the development
   * login and consent interactions as `sub`, and returns the URL the provider then sends
   * the browser to (our callback, with code and state).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

type Fetch = typeof fetch;

/** A tiny cookie jar: enough for oidc-provider's interaction cookies on one host. */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Starts an `oidc-provider` (the OpenID Connect server library) on a free port of 127.0.0.1,
 * standing in for Google: one confidential client for `redirectUri`, Google-like claims in
 * the ID token, and the development interactions that a test completes with fetch.
 */
export async function startFakeGoogle(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'high5-test-client';
  const clientSecret = options.clientSecret ?? 'high5-test-secret-0123456789abcdef';
  const accounts = new Map<string, FakeClaims>();

  // Listen first: the issuer URL must carry the port.
  type Handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  const app: { handler?: Handler } = {};
  const server: Server = createServer((req, res) => app.handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The library warns (at length) that this is a development setup on an unsupported Node: it is, on purpose.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  // oidc-provider ships no types; the import below is typed by use.
  const { default: Provider } = (await import('oidc-provider' as string)) as {
    default: new (
      issuer: string,
      configuration: Record<string, unknown>,
    ) => { callback(): Handler; on(event: string, listener: (...args: unknown[]) => void): void };
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'locale'] },
    // Like Google: the scope's claims are in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ['fake-google-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(accounts.get(sub) ?? {}) }),
    }),
  });
  console.warn = warn;
  provider.on('server_error', () => {});
  app.handler = provider.callback();

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Jar();
    const go: Fetch = (input, init = {}) =>
      fetch(input, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    let url = new URL(authorizationUrl);
    for (let step = 0; step < 12; step++) {
      if (url.href.startsWith(options.redirectUri)) return url;
      if (url.origin !== issuer) throw new Error(`fake Google was sent to ${url.origin}`);
      const response = await go(url);
      jar.store(response);
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const html = await response.text();
      const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`fake Google: unexpected page (${response.status}) ${html.slice(0, 200)}`);
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
      const submitted = await go(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
      jar.store(submitted);
      const next = submitted.headers.get('location');
      if (!next) throw new Error(`fake Google: the ${prompt} step answered ${submitted.status}`);
      url = new URL(next, url);
    }
    throw new Error('fake Google: too many steps');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, claims) => void accounts.set(sub, claims),
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
