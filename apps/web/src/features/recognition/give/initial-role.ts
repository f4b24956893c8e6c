import type { RecipientRole, SessionRole } from '@high5/contract';

const ALL_ROLES: RecipientRole[] = ['student', 'teacher', 'parent', 'staff', 'self'];

/**
 * The role selector's choices: every role for everyone. A parent's "student" list holds only
 * their own children (the server's rule, decision 0305), shown as "My children".
 */
export function recipientRoles(_callerRole: SessionRole | null): RecipientRole[] {
  return ALL_ROLES;
}

/** The list shown first: the role passed in navigation state (`{ role }`) when allowed, else students, else teachers. */
export function initialRole(state: unknown, allowed: RecipientRole[]): RecipientRole {
  const asked = (state as { role?: unknown } | null)?.role;
  if (typeof asked === 'string' && (allowed as string[]).includes(asked)) return asked as RecipientRole;
  return allowed.includes('student') ? 'student' : 'teacher';
}
