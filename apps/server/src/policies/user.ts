import type { Role } from '@high5/contract';
import { currentSchool } from '../lib/current-school.js';
import type { SessionUser } from '../lib/session-user.js';

/**
 * The rules about a user's own profile and another user's recognition (docs/decisions/0470):
 * named functions over the session user (and the user they look at).
 */

/**
 * Who may read a user's received items (decision 0076): the user; a parent, their linked child's;
 * a school admin, any member's of their school. Nobody reads what someone gave (GIVEN_CANNOT_BE_VIEWED).
 */
export function canViewReceived(
  viewer: { id: string; isAdmin: boolean; role: Role },
  subject: { id: string; role: Role | null; viewerIsParent: boolean },
): boolean {
  if (viewer.id === subject.id) return true;
  if (viewer.isAdmin) return true;
  return viewer.role === 'parent' && subject.role === 'student' && subject.viewerIsParent;
}

/** When the school hides what people received (its high5_vibes setting), only its admins still read it. */
export function canReadHiddenReceived(viewer: { isAdmin: boolean }): boolean {
  return viewer.isAdmin;
}

/** Only the user, a school admin or a parent may ask at all: refused before anything is looked up, so a refusal says nothing about the subject. */
export function mayAskForReceived(viewer: { id: string; isAdmin: boolean; role: Role }, subjectId: string): boolean {
  return viewer.id === subjectId || viewer.isAdmin || viewer.role === 'parent';
}

/** Students and members of paid schools cannot change their own photo (docs/rules/recognition.md#profile). */
export function canChangeOwnPhoto(user: SessionUser): boolean {
  const school = currentSchool(user);
  return school.role !== 'student' && !school.paid;
}

/** Every role but students writes a bio. */
export const canEditBio = (user: SessionUser) => currentSchool(user).role !== 'student';

/** Students are not asked for phone, ZIP code or department (decision 0306). */
export const canEditContact = (user: SessionUser) => currentSchool(user).role !== 'student';
