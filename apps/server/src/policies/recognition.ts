import type { Role } from '@high5/contract';

/**
 * The recognition rules between two members of a school (docs/decisions/0470): named functions
 * over the giver or viewer and the member they give to or look at.
 */

export interface GiverFacts {
  id: string;
  role: Role;
  status: 'active' | 'pending';
}

export interface RecipientFacts {
  id: string;
  role: Role;
  status: string;
  isChildOfGiver: boolean;
  isParentOfGiver: boolean;
}

/**
 * Who may give to whom inside one school (docs/decisions/0070-who-gives-to-whom.md):
 * anyone to themselves; anyone else only by active members (`mayLookUp`); students by a
 * parent only to their own children; a student's parents only by that student (other adults
 * may give to any parent); teachers and staff by anyone.
 */
export function canGiveTo(giver: GiverFacts, recipient: RecipientFacts): boolean {
  if (recipient.status !== 'active') return false;
  if (recipient.id === giver.id) return true;
  if (!mayLookUp(giver, recipient.id)) return false;
  if (recipient.role === 'student') return giver.role !== 'parent' || recipient.isChildOfGiver;
  if (recipient.role === 'parent' && giver.role === 'student') return recipient.isParentOfGiver;
  return true;
}

/**
 * The list form of `canGiveTo`: which other active members of a role the giver's recipient list
 * holds (their own row is the 'self' tab). Null: nobody. recognition.test.ts proves the two agree.
 */
export type RecipientScope = 'others' | 'childrenOfGiver' | 'parentsOfGiver' | null;

export function recipientScope(giver: GiverFacts, role: Role): RecipientScope {
  if (giver.status !== 'active') return null;
  if (role === 'student' && giver.role === 'parent') return 'childrenOfGiver';
  if (role === 'parent' && giver.role === 'student') return 'parentsOfGiver';
  return 'others';
}

/**
 * Whom a giver may look up by id (give options): a member waiting for approval is granted nobody
 * but themselves (docs/decisions/0151), so another id is as unknown to them as an id nobody has.
 */
export function mayLookUp(giver: GiverFacts, recipientId: string): boolean {
  return giver.status === 'active' || recipientId === giver.id;
}

/** No comment box when a student gives to a student (docs/rules/recognition.md#give); the server refuses one. */
export function commentAllowed(giverRole: Role, recipientRole: Role) {
  return !(giverRole === 'student' && recipientRole === 'student');
}

/**
 * Whose e-mail a caller may see (docs/decisions/0156): teachers and staff see everyone's;
 * a student sees students' and their own parents'; a parent sees teachers', staff's and
 * their own children's; everyone sees their own. Never a parent another parent's, never a
 * student an adult's.
 */
export function emailVisible(callerRole: Role, recipientRole: Role, related: { self: boolean; family: boolean }): boolean {
  if (related.self || related.family) return true;
  if (callerRole === 'teacher' || callerRole === 'staff') return true;
  if (callerRole === 'student') return recipientRole === 'student';
  return recipientRole === 'teacher' || recipientRole === 'staff';
}
