import { classroomRangeTooLong, toIsoDate } from '@high5/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { Services } from '../../services/index.js';
import { currentSchool } from '../../lib/current-school.js';

/** A user's name for lists (lib/display-name.ts, shared with the recognition reports). */
export { displayName } from '../../lib/display-name.js';

/**
 * A student has registered once they chose their own password (or signed in with Google):
 * invited and rostered accounts with only a temporary password are greyed out
 * (docs/decisions/0114-registered-students.md).
 */
export function registered(alias: string): RawBuilder<boolean> {
  return sql<boolean>`((${sql.ref(`${alias}.passwordHash`)} is not null or ${sql.ref(`${alias}.googleSub`)} is not null) and not ${sql.ref(`${alias}.mustChangePassword`)})`;
}

/** The caller's current school, or 403: every classroom call works inside one school (the one guard, lib/current-school.ts). */
export const requireSchool = currentSchool;

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
  if (classroomRangeTooLong(range)) throw badRequest('DATE_RANGE_TOO_LONG');
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
