import { RosterSourceError } from './types.js';

/** How a driver talks HTTP: every limit has a default and a test can shorten it. */
export interface HttpOptions {
  /** One request, headers and body, may take this long (default 30 s). */
  requestTimeoutMs?: number;
  /** 429 answers waited out per request before `roster_rate_limited` (default 5). */
  maxRateLimitRetries?: number;
  /** The longest single wait a 429 may ask for (default 60 s); a longer Retry-After fails at once. */
  maxRetryWaitMs?: number;
  /** 5xx answers retried per request before `roster_source_error` (default 2). */
  maxServerErrorRetries?: number;
  /** The fetch to use (tests and benchmarks may count calls). */
  fetch?: typeof fetch;
  /** Awaited before each request: a sync lets the server answer its own requests first (decision 0485). */
  pace?: () => Promise<void>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** The wait a 429 asks for: `Retry-After` seconds, else until `X-RateLimit-Reset` (Unix seconds), else 1 s. */
function retryAfterMs(headers: Headers) {
  const after = Number(headers.get('retry-after'));
  if (Number.isFinite(after) && after >= 0 && headers.get('retry-after') !== null) return after * 1000;
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - Date.now());
  return 1000;
}

/** A request's name in errors: method and path only, never a query value, header or credential. */
const describe = (method: string, url: URL) => `${method} ${url.pathname}`;

function networkCode(error: unknown): 'roster_timeout' | 'roster_unreachable' {
  const name = (error as { name?: string })?.name;
  return name === 'TimeoutError' ? 'roster_timeout' : 'roster_unreachable';
}

/**
 * GETs JSON from a roster source with a per-request timeout, bounded back-off on 429
 * (`Retry-After`/`X-RateLimit-Reset`) and on 5xx, and every failure mapped to a
 * RosterSourceError whose detail names the request but holds no secret.
 */
export async function getJson(url: URL, headers: Record<string, string>, options: HttpOptions & { signal?: AbortSignal }): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  let rateLimited = 0;
  let serverErrors = 0;
  let dropped = 0;
  for (;;) {
    if (options.signal?.aborted) throw options.signal.reason;
    await options.pace?.();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { headers: { accept: 'application/json', ...headers }, signal, redirect: 'error' });
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      const code = timeout.aborted ? 'roster_timeout' : networkCode(error);
      // A GET may be sent again: once, for a connection the source closed under the request
      // (a kept-alive socket it dropped while idle), before the source counts as unreachable.
      if (code === 'roster_unreachable' && ++dropped <= 1) continue;
      throw new RosterSourceError(
        code,
        code === 'roster_timeout' ? `${describe('GET', url)}: no answer within ${timeoutMs} ms` : `${describe('GET', url)}: ${url.host} cannot be reached`,
      );
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers);
      if (++rateLimited > (options.maxRateLimitRetries ?? 5) || wait > (options.maxRetryWaitMs ?? 60_000)) {
        throw new RosterSourceError('roster_rate_limited', `${describe('GET', url)}: still rate limited after ${rateLimited} waits`);
      }
      await sleep(wait, options.signal);
      continue;
    }
    if (response.status >= 500 && response.status !== 501) {
      if (++serverErrors > (options.maxServerErrorRetries ?? 2))
        throw new RosterSourceError('roster_source_error', `${describe('GET', url)} answered ${response.status}`);
      await sleep(250 * serverErrors, options.signal);
      continue;
    }
    if (response.status === 401 || response.status === 403)
      throw new RosterSourceError('roster_auth_failed', `${describe('GET', url)} answered ${response.status}`);
    if (!response.ok) throw new HttpStatusError(response.status, `${describe('GET', url)} answered ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new RosterSourceError('roster_malformed', `${describe('GET', url)} did not answer JSON`);
    }
  }
}

/** A status the caller may handle (404, 501 …); unhandled, it reads as a source error. */
export class HttpStatusError extends RosterSourceError {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super('roster_source_error', detail);
  }
}

/** The base URL without user info, a query or a trailing slash, so paths join predictably. */
export function normalizeBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RosterSourceError('roster_unreachable', 'the base URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RosterSourceError('roster_unreachable', 'the base URL must be http(s)');
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
