import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../services/clock.js';

/**
 * Per-address limits of the entry area (one process, so memory is enough). The numbers
 * are sized for schools, where a whole building often shares one public address:
 * see docs/decisions/0033-sign-in-throttling-and-rate-limits.md.
 */
export const RATE_RULES = {
  /** Failed sign-ins and unlocks from one address. */
  signInFailures: { max: 100, windowMs: 10 * 60_000 },
  /** Forgot-password requests from one address. */
  forgotPassword: { max: 20, windowMs: 60 * 60_000 },
  /** Code entries from one address (each code also dies after 5 wrong entries). */
  resetPassword: { max: 30, windowMs: 10 * 60_000 },
  /** Sign-ups from one address (a class signs up together). */
  signUp: { max: 100, windowMs: 60 * 60_000 },
  /** Verification links tried from one address. */
  verifyEmail: { max: 30, windowMs: 10 * 60_000 },
  /** Google sign-ins started from one address. */
  google: { max: 100, windowMs: 10 * 60_000 },
} as const;
export type RateRule = keyof typeof RATE_RULES;

/**
 * The account throttle: after 5 consecutive failures every attempt waits 1 s, 2 s, 4 s … up to
 * 15 minutes. A day without failures starts the count again.
 */
export const THROTTLE = { freeFailures: 5, firstWaitMs: 1000, maxWaitMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 } as const;

/** Consecutive failures still counted, given the stored count and the end of the last wait. */
export function liveFailures(failures: number, blockedUntil: Date | null, now: Date): number {
  if (!blockedUntil || now.getTime() - blockedUntil.getTime() > THROTTLE.forgetAfterMs) return 0;
  return failures;
}

/** How long the account is blocked after its `failures`-th consecutive failure (0 while under the free count). */
export function blockAfter(failures: number): number {
  if (failures < THROTTLE.freeFailures) return 0;
  return Math.min(THROTTLE.firstWaitMs * 2 ** (failures - THROTTLE.freeFailures), THROTTLE.maxWaitMs);
}

export const throttled = (blockedUntil: Date, now: Date) =>
  new AppError(429, 'SIGNIN_THROTTLED', undefined, { retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)) });

interface Window {
  count: number;
  resetAt: number;
  expiresAt: number;
}

const MAX_ENTRIES = 50_000;

/** Fixed-window counters per address. */
export class AuthLimits {
  /** Tests may lower a rule to reach it quickly; production uses RATE_RULES. */
  readonly rules: Record<RateRule, { max: number; windowMs: number }> = structuredClone(RATE_RULES) as never;
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  private sweep(map: Map<string, { expiresAt: number }>, now: number) {
    if (map.size < MAX_ENTRIES) return;
    for (const [key, value] of map) if (value.expiresAt < now) map.delete(key);
    // Still full (an attack on many keys): forget the oldest half rather than grow without bound.
    if (map.size >= MAX_ENTRIES) for (const key of [...map.keys()].slice(0, MAX_ENTRIES / 2)) map.delete(key);
  }

  private window(rule: RateRule, ip: string) {
    const now = this.clock.now().getTime();
    const key = `${rule}:${ip}`;
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.sweep(this.windows, now);
      w = { count: 0, resetAt: now + this.rules[rule].windowMs, expiresAt: now + this.rules[rule].windowMs };
      this.windows.set(key, w);
    }
    return w;
  }

  /** Throws 429 RATE_LIMITED when `ip` has used up `rule`; otherwise counts this request. */
  hit(rule: RateRule, ip: string) {
    this.check(rule, ip);
    this.window(rule, ip).count++;
  }

  /** Throws 429 RATE_LIMITED when `ip` has used up `rule`, without counting. */
  check(rule: RateRule, ip: string) {
    const w = this.window(rule, ip);
    if (w.count >= this.rules[rule].max) {
      throw new AppError(429, 'RATE_LIMITED', undefined, { retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - this.clock.now().getTime()) / 1000)) });
    }
  }

  /** Counts one request against `rule` (used for failures, after the outcome is known). */
  count(rule: RateRule, ip: string) {
    this.window(rule, ip).count++;
  }

  /** Forgets every counter (tests). */
  reset() {
    this.windows.clear();
  }
}

/** The area's limiter, one per app. */
export function authLimits(app: FastifyInstance): AuthLimits {
  return app.authLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    authLimits: AuthLimits;
  }
}
