import type { Recipient, RecipientRole, Role } from '@high5/contract';
import type { Queryable } from '../../../db/database.js';
import { currentSchool } from '../../../lib/current-school.js';
import { forbidden } from '../../../lib/errors.js';
import type { Membership, SessionUser } from '../../../lib/session-user.js';
import { displayNameOf } from '../../../lib/display-name.js';
import { canGiveTo, emailVisible, mayLookUp, recipientScope } from '../../../policies/recognition.js';
import { findMember, listMembers, parentHasChildIn } from './queries.js';

/**
 * A parent gives only within their children's schools (docs/decisions/0070): a parent
 * membership without an active child in that school gives and lists nothing.
 */
export async function assertGiverStanding(db: Queryable, user: SessionUser, school: Membership) {
  if (school.role === 'parent' && !(await parentHasChildIn(db, user.id, school.schoolId))) throw forbidden();
}

type MemberRow = { id: string; firstName: string; lastName: string; email: string | null; username: string | null; grade: number | null; role: string };

const toRecipient = (row: MemberRow, showEmail: boolean): Recipient => ({
  id: row.id,
  // The name falls back to the login only where the address may be seen.
  name: displayNameOf(showEmail ? row : { ...row, email: null }),
  email: showEmail ? row.email : null,
  grade: row.role === 'student' ? row.grade : null,
  role: row.role as Role,
});

/** The recipient table of the give screens: one page of the people the caller may give to. */
export async function listRecipients(db: Queryable, user: SessionUser, input: { role: RecipientRole; q?: string | undefined; offset: number; limit: number }) {
  const school = currentSchool(user);
  await assertGiverStanding(db, user, school);
  if (input.role === 'self') {
    const self = await findMember(db, school.schoolId, user.id, user.id);
    const items = self && input.offset === 0 ? [toRecipient(self, true)] : [];
    return { items, total: self ? 1 : 0 };
  }
  const scope = recipientScope({ id: user.id, role: school.role, status: school.status }, input.role);
  if (!scope) return { items: [], total: 0 };
  const showEmail = emailVisible(school.role, input.role, { self: false, family: scope !== 'others' });
  const { rows, total } = await listMembers(db, {
    schoolId: school.schoolId,
    giverId: user.id,
    role: input.role,
    scope,
    q: input.q,
    searchEmail: showEmail,
    offset: input.offset,
    limit: input.limit,
  });
  return { items: rows.map((row) => toRecipient(row, showEmail)), total };
}

/** A recipient the caller may give to in their current school, or a reason why not. */
export async function resolveRecipient(db: Queryable, user: SessionUser, school: Membership, recipientId: string) {
  if (!mayLookUp({ id: user.id, role: school.role, status: school.status }, recipientId)) return { ok: false as const, reason: 'not_member' as const };
  const member = await findMember(db, school.schoolId, recipientId, user.id);
  if (!member || member.status !== 'active') return { ok: false as const, reason: 'not_member' as const };
  const allowed = canGiveTo({ id: user.id, role: school.role, status: school.status }, { ...member, role: member.role as Role });
  if (!allowed) return { ok: false as const, reason: 'not_allowed' as const };
  const showEmail = emailVisible(school.role, member.role as Role, { self: member.id === user.id, family: member.isChildOfGiver || member.isParentOfGiver });
  return { ok: true as const, member, recipient: toRecipient(member, showEmail) };
}
