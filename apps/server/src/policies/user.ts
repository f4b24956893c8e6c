import type { Role } from '@high5/contract';

/**
 * The rules about another user's recognition (docs/decisions/0470): named functions over the
 * viewer and the user they look at.
 */

/**
 * Who may read a user's received items (decision 0076): the user; a parent, their linked child's;
 * a school admin, any member's of their school. Nobody reads what someone gave (GIVEN_CANNOT_BE_VIEWED).
 */
export function canViewReceived(viewer: { id: string; isAdmin: boolean; role: Role }, subject: { id: string; role: Role | null; viewerIsParent: boolean }): boolean {
  if (viewer.id === subject.id) return true;
  if (viewer.isAdmin) return true;
  return viewer.role === 'parent' && subject.role === 'student' && subject.viewerIsParent;
}

/** Only the user, a school admin or a parent may ask at all: refused before anything is looked up, so a refusal says nothing about the subject. */
export function mayAskForReceived(viewer: { id: string; isAdmin: boolean; role: Role }, subjectId: string): boolean {
  return viewer.id === subjectId || viewer.isAdmin || viewer.role === 'parent';
}
