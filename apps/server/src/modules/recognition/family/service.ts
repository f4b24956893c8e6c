import { LIMITS, type InviteParentSchema } from '@high5/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { addMembership, createInvitedAccount, newTemporaryPassword, recordInvitation } from '../../../lib/accounts.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { currentSchool } from '../../../lib/current-school.js';
import {
  countParentInvitationsSince,
  findAccount,
  insertLinkRequest,
  isLinked,
  isStudentOf,
  linkParentToStudent,
  markInvitationAccepted,
  requestsFor,
  schoolName,
  studentParents,
  takeRequest,
} from './queries.js';

/** How many parent invitations a student may send in 24 hours. */
export const PARENT_INVITES_PER_DAY = 10;

/** An account that may never be a parent in `schoolId`: a student anywhere, a super admin, or another role there. */
const cannotBeParent = (account: { isSuperAdmin: boolean; isStudentAnywhere: boolean; roleHere: string | null }) =>
  account.isSuperAdmin || account.isStudentAnywhere || (account.roleHere !== null && account.roleHere !== 'parent');

/**
 * A student invites a parent (docs/decisions/0093, 0155). A new address gets a parent account
 * in the student's school with a temporary password valid 7 days, e-mailed in the student's
 * language: only that address's owner can sign in, so the link is made at once. An existing
 * account is only asked, by e-mail in its own language: nothing is linked or visible until it
 * accepts. A student account (any school), a super admin or another role here is refused.
 */
export async function inviteParent(db: Db, services: Services, user: SessionUser, input: z.output<typeof InviteParentSchema>) {
  const school = currentSchool(user);
  const now = services.clock.now();
  const { n } = await countParentInvitationsSince(db, user.id, new Date(now.getTime() - 86_400_000));
  if (n >= PARENT_INVITES_PER_DAY) throw new AppError(429, 'INVITE_PARENT_TOO_MANY');

  const { name: schoolTitle } = await schoolName(db, school.schoolId);
  const studentName = `${user.firstName} ${user.lastName}`.trim();
  const signInUrl = `${services.config.publicUrl.replace(/\/$/, '')}/`;
  const existing = await findAccount(db, { email: input.email }, school.schoolId);

  if (existing) {
    if (cannotBeParent(existing)) throw conflict('INVITE_PARENT_NOT_POSSIBLE');
    if (await isLinked(db, existing.id, user.id)) return { status: 'linked' as const };
    const asked = await insertLinkRequest(db, { schoolId: school.schoolId, parentId: existing.id, studentId: user.id, createdAt: now });
    if (asked) {
      await recordInvitation(db, { schoolId: school.schoolId, userId: existing.id, invitedBy: user.id, kind: 'parent' }, now);
      await services.mail.queue(db, input.email, existing.language === 'es' ? 'es' : 'en', 'profile:mail.parentLinkRequest', {
        parentName: existing.firstName,
        studentName,
        schoolName: schoolTitle,
        requestsUrl: `${signInUrl}family-requests`,
      });
    }
    return { status: 'requested' as const };
  }

  const temporary = await newTemporaryPassword(now);
  const language = user.language;
  // The temporary password reaches only this address: receiving it proves the address.
  const account = { email: input.email, firstName: input.firstName, lastName: input.lastName, language, emailVerifiedAt: now };
  const parentId = await createInvitedAccount(db, { account, temporary, schoolId: school.schoolId, role: 'parent', invitedBy: user.id, kind: 'parent' }, now);
  // Taken since it was looked up (another request created it).
  if (!parentId) throw conflict('INVITE_PARENT_NOT_POSSIBLE');
  await linkParentToStudent(db, parentId, user.id);
  await services.mail.queue(db, input.email, language, 'profile:mail.parentInvite', {
    parentName: input.firstName,
    studentName,
    schoolName: schoolTitle,
    email: input.email,
    password: temporary.password,
    days: LIMITS.tempPasswordDays,
    signInUrl,
  });
  return { status: 'invited' as const };
}

export async function myParents(db: Db, user: SessionUser) {
  const rows = await studentParents(db, user.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, status: r.status }));
}

/** The students waiting for the signed-in account's answer. */
export async function familyRequests(db: Db, user: SessionUser) {
  const rows = await requestsFor(db, user.id);
  return rows.map((r) => ({ id: r.id, studentName: `${r.firstName} ${r.lastName}`.trim(), schoolName: r.schoolName, createdAt: r.createdAt.toISOString() }));
}

/**
 * The account accepts a student's request: it becomes a parent in the student's school and is
 * linked. The rules of the invitation are checked again, as the account may have changed since.
 */
export async function acceptFamilyRequest(db: Db, services: Services, user: SessionUser, requestId: string) {
  const request = await takeRequest(db, user.id, requestId);
  if (!request) throw notFound();
  const account = await findAccount(db, { userId: user.id }, request.schoolId);
  if (!account || cannotBeParent(account) || !(await isStudentOf(db, request.studentId, request.schoolId))) throw conflict('FAMILY_REQUEST_NOT_POSSIBLE');
  const now = services.clock.now();
  await addMembership(db, { userId: user.id, schoolId: request.schoolId, role: 'parent' }, now);
  await linkParentToStudent(db, user.id, request.studentId);
  await markInvitationAccepted(db, { schoolId: request.schoolId, userId: user.id, invitedBy: request.studentId, at: now });
  await audit(db, { actorId: user.id, schoolId: request.schoolId, action: 'family.linkAccepted', targetType: 'user', targetId: request.studentId }, now);
  return familyRequests(db, user);
}

/** The account declines: the request is gone and nothing was ever linked. */
export async function declineFamilyRequest(db: Db, user: SessionUser, requestId: string) {
  if (!(await takeRequest(db, user.id, requestId))) throw notFound();
  return familyRequests(db, user);
}
