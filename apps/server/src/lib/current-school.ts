import { forbidden } from './errors.js';
import type { Membership, SessionUser } from './session-user.js';

/**
 * The one "current school" guard (docs/decisions/0440): the membership the session
 * works in, or 403. A super admin never passes it, even one who is also a member somewhere:
 * super admins act on a school they name, through the super admin endpoints (`superActor`),
 * never as a member of the school their session happens to hold.
 */
export function currentSchool(user: SessionUser): Membership {
  if (!user.school || user.isSuperAdmin) throw forbidden();
  return user.school;
}

/**
 * The time zone a session's dates are counted in: its school's, UTC without one (a super admin, who
 * never acts as a member, or a user before setup); the web's today follows the same rule
 * (apps/web/src/lib/calendar.ts, decision 0327).
 */
export const calendarTimeZone = (user: SessionUser) => (user.isSuperAdmin ? null : user.school)?.timeZone ?? 'UTC';
