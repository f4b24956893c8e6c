import { classroomRangeTooLong } from '@high5/contract';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import { currentSchool } from '../../lib/current-school.js';

/** A user's name for lists (lib/display-name.ts, shared with the recognition reports). */
export { displayName } from '../../lib/display-name.js';

/** Whether a person chose their own password (lib/registered.ts, shared with the staff list and sign-up). */
export { registered } from '../../lib/registered.js';

/** The caller's current school, or 403: every classroom call works inside one school (the one guard, lib/current-school.ts). */

/** A teacher waiting for the admin's approval sees no students at all. */
export function assertSeesStudents(user: SessionUser) {
  if (currentSchool(user).status !== 'active') throw forbidden('ACCOUNT_PENDING_APPROVAL');
}

/** The school's local date now (lib/school-today.ts, shared with the admin reports). */
export { schoolToday } from '../../lib/school-today.js';

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
