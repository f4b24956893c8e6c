import type { Endpoint } from './core.js';

/**
 * What the web app needs to call an endpoint at run time: its method and path, without its schemas.
 * `endpoint` is never set: it only carries the endpoint's type (input and response) to the caller.
 */
export interface ApiRoute<E extends Endpoint = Endpoint> {
  id: string;
  method: E['method'];
  path: string;
  readonly endpoint?: E;
}

export type ApiRoutes<T extends Record<string, Endpoint>> = { readonly [K in keyof T]: ApiRoute<T[K]> };

/** The endpoint behind a route (or the endpoint itself, for callers that hold the full definition). */
export type EndpointOf<R> = R extends Endpoint ? R : R extends ApiRoute<infer E> ? E : never;

/**
 * Google sign-in is a browser navigation, not a JSON call: `GET` this path (optionally
 * `?intent=signup` and `&returnTo=/a/path`). It comes back to `returnTo` (default /dashboard)
 * signed in, or to `/?error=CODE` (`/signup?error=CODE` for intent=signup) with CODE one of
 * GOOGLE_FAILED, GOOGLE_ACCOUNT_LINKED, RATE_LIMITED, ACCOUNT_INACTIVE. Answers 404 GOOGLE_NOT_CONFIGURED when off.
 */
export const GOOGLE_SIGN_IN_PATH = '/v1/auth/google';

/**
 * Log in with Clever, a browser navigation like Google's: `GET` this path (optionally
 * `?returnTo=/a/path`). It comes back to `returnTo` (default /dashboard) signed in, or to
 * `/?error=CODE` with CODE one of CLEVER_FAILED, CLEVER_NOT_ROSTERED, CLEVER_DISTRICT_NOT_CONNECTED,
 * ACCOUNT_INACTIVE, RATE_LIMITED. Answers 404 CLEVER_NOT_CONFIGURED when off.
 */
export const CLEVER_SIGN_IN_PATH = '/v1/auth/clever';
