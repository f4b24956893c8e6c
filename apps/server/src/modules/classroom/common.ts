import { randomInt } from 'node:crypto';
import { addDays, CLASSROOM_LIMITS, passwordMeetsRule, toIsoDate } from '@high5/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Membership, SessionUser } from '../../lib/session-user.js';
import type { Services } from '../../services/index.js';

/** A user's name for lists: first and last name, else the e-mail or username. */
export function displayName(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(nullif(btrim(${sql.ref(`${alias}.firstName`)} || ' ' || ${sql.ref(`${alias}.lastName`)}), ''), ${sql.ref(`${alias}.email`)}, ${sql.ref(`${alias}.username`)}, '')`;
}

/**
 * A student has registered once they chose their own password (or signed in with Google):
 * invited and rostered accounts with only a temporary password are greyed out
 * (docs/decisions/0114-registered-students.md).
 */
export function registered(alias: string): RawBuilder<boolean> {
  return sql<boolean>`((${sql.ref(`${alias}.passwordHash`)} is not null or ${sql.ref(`${alias}.googleSub`)} is not null) and not ${sql.ref(`${alias}.mustChangePassword`)})`;
}

/** The caller's current school, or 403: every classroom call works inside one school. */
export function requireSchool(user: SessionUser): Membership {
  if (!user.school) throw forbidden();
  return user.school;
}

/** A teacher waiting for the admin's approval sees no students at all. */
export function assertSeesStudents(user: SessionUser) {
  if (requireSchool(user).status !== 'active') throw forbidden('ACCOUNT_PENDING_APPROVAL');
}

/** The school's local date now ("today" is always the school's time zone). */
export async function schoolToday(db: Db, services: Services, schoolId: string) {
  const row = await db.selectFrom('schools').select('timeZone').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return toIsoDate(services.clock.now(), row.timeZone);
}

/** Rejects ranges longer than a year (the journal, feedback, High 5 and attendance lists). */
export function assertRange(range: { from: string; to: string }) {
  if (addDays(range.from, CLASSROOM_LIMITS.maxRangeDays - 1) < range.to) throw badRequest('DATE_RANGE_TOO_LONG');
}

/** Writes one row of the audit log (reads of children's data, acknowledgements, resets). */
export async function audit(db: Db, values: { actorId: string; schoolId: string | null; action: string; targetType: string; targetId: string; details?: object }) {
  await db
    .insertInto('auditLog')
    .values({ actorId: values.actorId, schoolId: values.schoolId, action: values.action, targetType: values.targetType, targetId: values.targetId, details: JSON.stringify(values.details ?? {}) })
    .execute();
}

/** Audits a repeated read (the seating chart polls every 30 s) at most once an hour per viewer and target. */
export async function auditOncePerHour(db: Db, now: Date, values: Parameters<typeof audit>[1]) {
  const recent = await db
    .selectFrom('auditLog')
    .select('id')
    .where('actorId', '=', values.actorId)
    .where('action', '=', values.action)
    .where('targetId', '=', values.targetId)
    .where('at', '>', new Date(now.getTime() - 3_600_000))
    .executeTakeFirst();
  if (!recent) await audit(db, values);
}

// Letters and digits that cannot be mistaken for each other (no I, L, O, 0, 1).
const TEMP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/**
 * A temporary password from a secure random source, easy to read aloud and type:
 * three groups of four characters joined by '-' (about 68 bits), meeting the password rule.
 */
export function temporaryPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join(''));
    const candidate = groups.join('-');
    if (passwordMeetsRule(candidate)) return candidate;
  }
}

/** Runs `work` over `items` with at most `limit` at a time (password hashing uses the thread pool). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}
