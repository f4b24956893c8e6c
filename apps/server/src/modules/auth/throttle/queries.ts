import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ThrottleRule } from '../rate-limits.js';

/** No account has this id: unknown logins run the same trust query as real ones. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * The failure count and the end of the wait after one more failure, for any throttle row
 * (`signin_throttles` or an account's own columns): one formula, computed by the database, so
 * that concurrent failures from many connections all count. After `freeFailures` the wait is
 * `firstWaitMs`, doubling with each further failure up to `maxWaitMs`; a row whose wait ended
 * `forgetAfterMs` ago starts again at one.
 */
function nextFailure(failures: RawBuilder<unknown>, blockedUntil: RawBuilder<unknown>, rule: ThrottleRule, now: Date) {
  const staleBefore = new Date(now.getTime() - rule.forgetAfterMs);
  const count = sql<number>`(case when ${blockedUntil} is null or ${blockedUntil} < ${staleBefore}::timestamptz then 1 else ${failures} + 1 end)`;
  const waitMs = sql`(case when ${count} >= ${rule.freeFailures}::int then least(${rule.firstWaitMs}::float8 * power(2, least(${count} - ${rule.freeFailures}::int, 40)), ${rule.maxWaitMs}::float8) else 0 end)`;
  return { failures: count, blockedUntil: sql<Date>`${now}::timestamptz + ${waitMs} * interval '1 millisecond'` };
}

/** The throttle rows under `keys` that still make a client wait at `now`. */
/**
 * Takes turns, until the transaction ends, with every other password check of the same login: a
 * failure is counted after its answer has left, and the next attempt must see it. A known
 * account's row is also read `for update`; a login that names no account has no row to lock, so
 * without this a quick second attempt slipped past the first one's count (and was told apart).
 */
export async function lockLogin(db: Db, loginKey: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`high5:login:${loginKey}`}, 0))`.execute(db);
}

export async function findActiveThrottles(db: Db, keys: string[], now: Date) {
  if (keys.length === 0) return [];
  return db.selectFrom('signinThrottles').select(['loginKey', 'blockedUntil']).where('loginKey', 'in', keys).where('blockedUntil', '>', now).execute();
}

/** Counts one failure against the throttle row `key`. */
export async function addThrottleFailure(db: Db, key: string, rule: ThrottleRule, now: Date) {
  const next = nextFailure(sql.ref('signin_throttles.failures'), sql.ref('signin_throttles.blocked_until'), rule, now);
  const first = nextFailure(sql.lit(0), sql`null::timestamptz`, rule, now);
  await db
    .insertInto('signinThrottles')
    .values({ loginKey: key, failures: first.failures, blockedUntil: first.blockedUntil })
    .onConflict((oc) => oc.column('loginKey').doUpdateSet({ failures: next.failures, blockedUntil: next.blockedUntil }))
    .execute();
}

/** Counts one failure against the account's own throttle (the row is locked by the sign-in's read). */
export async function addAccountFailure(db: Db, userId: string, rule: ThrottleRule, now: Date) {
  const next = nextFailure(sql.ref('failed_signins'), sql.ref('signin_blocked_until'), rule, now);
  await db.updateTable('users').set({ failedSignins: next.failures, signinBlockedUntil: next.blockedUntil }).where('id', '=', userId).execute();
}

export async function clearThrottles(db: Db, keys: string[]) {
  if (keys.length) await db.deleteFrom('signinThrottles').where('loginKey', 'in', keys).execute();
}

/** Which of this device and this address the account has signed in from (within their time to live). */
export async function findTrust(db: Db, userId: string | null, device: { hash: string; since: Date } | null, address: { hash: string; since: Date }) {
  const rows = await db
    .selectFrom('signinTrust')
    .select('kind')
    .where('userId', '=', userId ?? NO_ACCOUNT)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'address'), eb('valueHash', '=', address.hash), eb('lastSeenAt', '>', address.since)]),
        ...(device ? [eb.and([eb('kind', '=', 'device'), eb('valueHash', '=', device.hash), eb('lastSeenAt', '>', device.since)])] : []),
      ]),
    )
    .execute();
  return { device: rows.some((r) => r.kind === 'device'), address: rows.some((r) => r.kind === 'address') };
}

/** Remembers that the account signed in from this device and this address. */
export async function saveTrust(db: Db, userId: string, values: { kind: 'device' | 'address'; hash: string }[], now: Date) {
  await db
    .insertInto('signinTrust')
    .values(values.map((v) => ({ userId, kind: v.kind, valueHash: v.hash, lastSeenAt: now })))
    .onConflict((oc) => oc.columns(['userId', 'kind', 'valueHash']).doUpdateSet({ lastSeenAt: now }))
    .execute();
}

/** Forgets throttle rows and trust that no longer count. */
export async function sweepThrottles(db: Db, throttlesBefore: Date, trustBefore: Date) {
  await db.deleteFrom('signinThrottles').where('blockedUntil', '<', throttlesBefore).execute();
  await db.deleteFrom('signinTrust').where('lastSeenAt', '<', trustBefore).execute();
}
