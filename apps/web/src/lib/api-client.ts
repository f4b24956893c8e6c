import type { ApiRoute, EndpointOf, Envelope, FieldIssue } from '@high5/contract';
import type { z } from 'zod';

/** A failed call: `code` is a key of the `errors` namespace (or an area's). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly issues: FieldIssue[] = [],
    readonly data: unknown = null,
  ) {
    super(code);
  }
}

// NonNullable: the endpoint's schemas are optional properties, so `E['body']` includes undefined.
type Input<R extends ApiRoute, E = EndpointOf<R>> = {
  /** A poll the user did not cause: it must not keep an idle session alive. */
  background?: boolean;
  params?: E extends { params?: infer S } ? (NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never) : never;
  query?: E extends { query?: infer S } ? (NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never) : never;
  body?: E extends { body?: infer S } ? (NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never) : never;
};

const unauthenticatedListeners = new Set<() => void>();
/** Any 401 signs the user out (docs/rules/shell.md#session-and-language); the app subscribes here. */
export function onUnauthenticated(listener: () => void) {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

const lockedListeners = new Set<() => void>();
/** A 423 SESSION_LOCKED: another tab locked the session (docs/decisions/0160); the shell shows the lock. */
export function onLocked(listener: () => void) {
  lockedListeners.add(listener);
  return () => lockedListeners.delete(listener);
}

/** Endpoints whose 401 is a wrong password typed by the user, not a session that ended. */
const PASSWORD_CHECKS = new Set(['auth.signIn', 'auth.unlock', 'auth.changePassword']);

export function buildUrl(endpoint: ApiRoute, input: { params?: unknown; query?: unknown } = {}) {
  let path = endpoint.path;
  for (const [key, value] of Object.entries((input.params ?? {}) as Record<string, unknown>)) path = path.replace(`:${key}`, encodeURIComponent(String(value)));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return `/v1${path}${qs ? `?${qs}` : ''}`;
}

/** What a route's endpoint takes as its body (a mutation hook's argument). */
export type BodyOf<R extends ApiRoute> = NonNullable<Input<R>['body']>;

/** The ResponseData of a route's endpoint. */
export type ResponseOf<R extends ApiRoute> = EndpointOf<R> extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** Calls one contract endpoint (by its route, `authApi.signIn`) and returns its ResponseData, or throws ApiError. */
export async function api<R extends ApiRoute>(endpoint: R, input: Input<R> = {}): Promise<ResponseOf<R>> {
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, input), {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: {
        ...(endpoint.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...(input.background ? { 'x-high5-background': '1' } : {}),
      },
      ...(endpoint.method !== 'GET' ? { body: input.body !== undefined ? JSON.stringify(input.body) : '{}' } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK');
  }
  return readEnvelope(response, !PASSWORD_CHECKS.has(endpoint.id));
}

/** Reads the envelope of any response (JSON calls and uploads alike). */
export async function readEnvelope(response: Response, signOutOn401 = true) {
  let envelope: Envelope<unknown>;
  try {
    envelope = (await response.json()) as Envelope<unknown>;
  } catch {
    throw new ApiError(response.status, response.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL');
  }
  if (response.status === 401 && signOutOn401) unauthenticatedListeners.forEach((listener) => listener());
  if (response.status === 423) lockedListeners.forEach((listener) => listener());
  if (!response.ok || envelope.ErrorCode !== 'err_0') {
    throw new ApiError(response.status, envelope.ErrorCode, envelope.issues ?? [], envelope.ResponseData);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return envelope.ResponseData as any;
}
