import type { Endpoint, ErrorCode } from '@high5/contract';

/**
 * Codes any endpoint may answer without declaring them: the request pipeline's own (schema,
 * session, access, CSRF, limits, the database being down). Everything a handler throws beyond
 * these belongs in its endpoint's `errors`, which OpenAPI documents (docs/decisions/0621).
 */
const PIPELINE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACCOUNT_PENDING_APPROVAL',
  'PASSWORD_CHANGE_REQUIRED',
  'SESSION_LOCKED',
  'CSRF_REJECTED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'DB_UNAVAILABLE',
  'INTERNAL',
]);

// On globalThis: test files share one list per worker whichever copy of this module they load.
const seen: string[] = ((globalThis as { __high5UndeclaredErrors?: string[] }).__high5UndeclaredErrors ??= []);

export function isDeclared(endpoint: Endpoint, code: ErrorCode) {
  return PIPELINE.has(code) || (endpoint.errors ?? []).includes(code);
}

/** Notes a code the endpoint does not declare; the API suite fails a file that caused one. */
export function noteUndeclared(endpoint: Endpoint, code: ErrorCode) {
  const line = `${endpoint.id} answered ${code}`;
  if (!seen.includes(line)) seen.push(line);
}

/** The undeclared answers seen since the last call, emptied. */
export function takeUndeclared() {
  return seen.splice(0);
}
