import type { RateLimits, RateRule } from '../../services/rate-limits.js';

/**
 * Limits of the entry area that are not a write of the contract (those are declared on the
 * endpoint, see plugins/rate-limits.ts): Google and Clever sign-ins start with a GET navigation.
 * Sized for schools, where a whole building often shares one public address
 * (docs/decisions/0033 and 0171).
 */
export const RATE_RULES = {
  /** Google sign-ins started from one address. */
  google: { max: 100, perSeconds: 600 },
  /** Clever sign-ins started from one address: a whole school's students sign in through Clever at once (docs/decisions/0550). */
  clever: { max: 2000, perSeconds: 600 },
} as const satisfies Record<string, RateRule>;
export type AuthRateRule = keyof typeof RATE_RULES;

/** One throttle of password checks: how many failures are free, then how long each further one waits. */
export interface ThrottleRule {
  freeFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** A throttle whose wait ended this long ago starts again from zero. */
  forgetAfterMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The password throttles (docs/decisions/0170). Each failure counts against the throttles of
 * the kind of client it came from, and a client waits only for its own:
 * - a device the account signed in from before: that device's throttle only;
 * - an address the account signed in from before: that login and address;
 * - anywhere else: that login and address, the account over every unknown client, and the address
 *   over every login (progressive and short: a whole school may share it).
 */
export const THROTTLES = {
  pair: { freeFailures: 5, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
  device: { freeFailures: 5, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
  account: { freeFailures: 10, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, forgetAfterMs: DAY },
  address: { freeFailures: 100, firstWaitMs: 1000, maxWaitMs: MINUTE, forgetAfterMs: 60 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/** How long a device and an address stay known after the account last signed in from them. */
export const TRUST_DAYS = { device: 365, address: 90 } as const;

/**
 * The rate limits of the entry area, over the shared store (services.rateLimits). Call shape:
 * `await app.authLimits.hit('google', request.ip)` for a rule above, or
 * `await app.authLimits.limit('photos.decode', { max: 20, perSeconds: 600 }, user.id)` for any
 * other named limit; both throw AppError 429 RATE_LIMITED with `retryAfterSeconds`, which the
 * error handler also sends as Retry-After.
 */
export class AuthLimits {
  constructor(private readonly limits: RateLimits) {}

  hit(rule: AuthRateRule, key: string): Promise<void> {
    return this.limits.hit(`auth.${rule}`, RATE_RULES[rule], key);
  }

  limit(name: string, rule: RateRule, key: string): Promise<void> {
    return this.limits.hit(name, rule, key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authLimits: AuthLimits;
  }
}
