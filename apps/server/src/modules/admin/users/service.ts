import { LIMITS, type AdminUser, type InviteStaff, type Language, type StaffGroup } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { createInvitedAccount, newTemporaryPassword, recordInvitation, renewTemporaryPassword } from '../../../lib/accounts.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import { lastInvitationAt, REINVITE_QUIET_MS, sendFirstSignIn } from '../../../lib/first-sign-in.js';
import {
  accountByEmail,
  activateMembership,
  deleteMembership,
  findMember,
  listStaff,
  lockAndCountAdmins,
  schoolName,
  setAdminFlag,
  setStaffRole,
  staffMembers,
  teachesClasses,
  updateInvitedNames,
  userContact,
  type StaffRow,
} from './queries.js';

export function presentUser(row: StaffRow, viewerId: string): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role as StaffGroup,
    isAdmin: row.isAdmin,
    status: row.status as AdminUser['status'],
    staffAsTeacher: row.staffAsTeacher,
    isSelf: row.id === viewerId,
    gender: row.gender === 'M' || row.gender === 'F' || row.gender === 'O' ? row.gender : null,
    soleAdmin: row.soleAdmin,
    registered: row.registered,
    emailConfirmed: row.emailConfirmed,
  };
}

export async function listUsers(db: Db, viewerId: string, schoolId: string, role: StaffGroup) {
  return (await listStaff(db, schoolId, role)).map((row) => presentUser(row, viewerId));
}

/** The member acted on, locked; another school's user or an unknown id is simply not found. */
async function memberOrNotFound(db: Db, actor: Actor, userId: string) {
  const member = await findMember(db, actor.schoolId, userId, true);
  if (!member) throw notFound();
  return member;
}

async function reload(db: Db, actor: Actor, userId: string) {
  return presentUser((await findMember(db, actor.schoolId, userId))!, actor.id);
}

/** Only active teachers and staff can be admins (the data model allows no other role). */
export async function makeAdmin(db: Db, services: Services, actor: Actor, userId: string) {
  const member = await memberOrNotFound(db, actor, userId);
  if ((member.role !== 'teacher' && member.role !== 'staff') || member.status !== 'active') throw conflict('ROLE_MISMATCH');
  if (!member.isAdmin) {
    await setAdminFlag(db, actor.schoolId, userId, true);
    await audit(
      db,
      { actorId: actor.id, schoolId: actor.schoolId, action: 'admin.grant', targetType: 'user', targetId: userId, details: { bySuperAdmin: actor.superAdmin } },
      services.clock.now(),
    );
  }
  return reload(db, actor, userId);
}

/**
 * Removes the admin flag. An admin may remove their own flag only while another admin remains
 * (docs/decisions/0131-last-admin-keeps-the-flag.md); a super admin may remove any.
 */
export async function removeAdmin(db: Db, services: Services, actor: Actor, userId: string) {
  const member = await memberOrNotFound(db, actor, userId);
  // A student or parent is no admin and no staff member: not a 500 from the answer's schema.
  if (member.role !== 'teacher' && member.role !== 'staff') throw conflict('ROLE_MISMATCH');
  if (!member.isAdmin) return reload(db, actor, userId);
  if (!actor.superAdmin && userId === actor.id) {
    const admins = await lockAndCountAdmins(db, actor.schoolId);
    if (admins <= 1) throw conflict('LAST_ADMIN');
  }
  await setAdminFlag(db, actor.schoolId, userId, false);
  await audit(
    db,
    { actorId: actor.id, schoolId: actor.schoolId, action: 'admin.revoke', targetType: 'user', targetId: userId, details: { bySuperAdmin: actor.superAdmin } },
    services.clock.now(),
  );
  return reload(db, actor, userId);
}

export async function makeTeacher(db: Db, services: Services, actor: Actor, userId: string) {
  const member = await memberOrNotFound(db, actor, userId);
  if (member.role !== 'staff') throw conflict('ROLE_MISMATCH');
  await setStaffRole(db, actor.schoolId, userId, 'teacher');
  await audit(db, { actorId: actor.id, schoolId: actor.schoolId, action: 'staff.makeTeacher', targetType: 'user', targetId: userId }, services.clock.now());
  return reload(db, actor, userId);
}

/**
 * Reverts a teacher who was made from staff. A teacher who signed up as one cannot be demoted,
 * and nobody is reverted while they teach a class (docs/decisions/0132-staff-and-teachers.md).
 */
export async function revertToStaff(db: Db, services: Services, actor: Actor, userId: string) {
  const member = await memberOrNotFound(db, actor, userId);
  if (member.role !== 'teacher' || !member.staffAsTeacher) throw conflict('ROLE_MISMATCH');
  if (await teachesClasses(db, actor.schoolId, userId)) throw conflict('TEACHER_HAS_CLASSES');
  await setStaffRole(db, actor.schoolId, userId, 'staff');
  await audit(db, { actorId: actor.id, schoolId: actor.schoolId, action: 'teacher.revertToStaff', targetType: 'user', targetId: userId }, services.clock.now());
  return reload(db, actor, userId);
}

async function pendingTeacher(db: Db, actor: Actor, userId: string) {
  const member = await memberOrNotFound(db, actor, userId);
  if (member.status !== 'pending') throw conflict('NOT_PENDING');
  return member;
}

async function tellTeacher(db: Db, services: Services, schoolId: string, userId: string, template: string) {
  const [contact, school] = await Promise.all([userContact(db, userId), schoolName(db, schoolId)]);
  if (!contact?.email || !school) return;
  await services.mail.queue(db, contact.email, contact.language as Language, template, {
    firstName: contact.firstName,
    schoolName: school.name,
    url: services.config.publicUrl,
  });
}

/** Approves a teacher whose e-mail domain was not on the district's list (decision 0133). */
export async function approveTeacher(db: Db, services: Services, actor: Actor, userId: string) {
  await pendingTeacher(db, actor, userId);
  await activateMembership(db, actor.schoolId, userId);
  await audit(db, { actorId: actor.id, schoolId: actor.schoolId, action: 'teacher.approve', targetType: 'user', targetId: userId }, services.clock.now());
  await tellTeacher(db, services, actor.schoolId, userId, 'admin:mail.teacherApproved');
  return reload(db, actor, userId);
}

/** Declines a pending teacher: the membership goes; the account stays for any other school. */
export async function rejectTeacher(db: Db, services: Services, actor: Actor, userId: string) {
  await pendingTeacher(db, actor, userId);
  await tellTeacher(db, services, actor.schoolId, userId, 'admin:mail.teacherDeclined');
  await deleteMembership(db, actor.schoolId, userId);
  await audit(db, { actorId: actor.id, schoolId: actor.schoolId, action: 'teacher.reject', targetType: 'user', targetId: userId }, services.clock.now());
  return {};
}

/**
 * Invites a staff member: a new account with a temporary password that must be changed at
 * first sign-in and expires after 7 days, e-mailed in the chosen language. An address that
 * already has an account fails with one generic code (no account details leak), except an
 * unused invitation of this same school, which is sent again with a new password
 * (docs/decisions/0134-inviting-staff.md).
 */
export async function inviteStaff(db: Db, services: Services, actor: Actor, input: InviteStaff & { language: Language }) {
  const now = services.clock.now();
  const temporary = await newTemporaryPassword(now);
  const existing = await accountByEmail(db, input.email);
  let outcome: 'invited' | 'reinvited';
  let userId: string;
  if (!existing) {
    const account = { email: input.email, firstName: input.firstName, lastName: input.lastName, language: input.language };
    const created = await createInvitedAccount(db, { account, temporary, schoolId: actor.schoolId, role: 'staff', invitedBy: actor.id, kind: 'staff' }, now);
    // Taken since it was looked up (another request created it): the same answer as any existing account.
    if (!created) throw new AppError(409, 'INVITE_STAFF_FAILED');
    userId = created;
    outcome = 'invited';
  } else {
    const unusedInviteHere =
      existing.mustChangePassword &&
      !existing.isSuperAdmin &&
      existing.memberships.length === 1 &&
      existing.memberships[0]!.schoolId === actor.schoolId &&
      existing.memberships[0]!.role === 'staff';
    if (!unusedInviteHere) throw new AppError(409, 'INVITE_STAFF_FAILED');
    userId = existing.id;
    // Concurrent or repeated clicks: the account row is locked, so a second request waits for
    // the first and then finds its invitation; one within the last minute stands, one e-mail.
    const last = await lastInvitationAt(db, userId, actor.schoolId, 'staff');
    if (last && now.getTime() - last.getTime() < REINVITE_QUIET_MS) return { outcome: 'reinvited' as const };
    await updateInvitedNames(db, userId, { firstName: input.firstName, lastName: input.lastName, language: input.language });
    await renewTemporaryPassword(db, userId, temporary);
    await recordInvitation(db, { schoolId: actor.schoolId, userId, invitedBy: actor.id, kind: 'staff' }, now);
    outcome = 'reinvited';
  }
  const school = await schoolName(db, actor.schoolId);
  await services.mail.queue(db, input.email, input.language, 'admin:mail.staffInvite', {
    firstName: input.firstName,
    schoolName: school?.name ?? '',
    email: input.email,
    password: temporary.password,
    days: LIMITS.tempPasswordDays,
    url: services.config.publicUrl,
  });
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: outcome === 'invited' ? 'staff.invite' : 'staff.reinvite',
      targetType: 'user',
      targetId: userId,
      details: { email: input.email },
    },
    now,
  );
  return { outcome };
}

/**
 * Invites the school's unregistered teachers and staff (a sync made their accounts, or their
 * invitation went unused; decision 0537): each gets a new temporary password by e-mail, in their
 * own language, as a staff invitation does. Registered people, people without an e-mail address,
 * other schools' people and those invited in the last minute come back in `failedUserIds`.
 */
export async function inviteUnregistered(db: Db, services: Services, actor: Actor, userIds: string[]) {
  const school = await schoolName(db, actor.schoolId);
  const invited: string[] = [];
  for (const member of await staffMembers(db, actor.schoolId, userIds)) {
    if (member.registered || !member.email) continue;
    const person = { id: member.id, email: member.email, firstName: member.firstName, language: member.language };
    const outcome = await sendFirstSignIn(db, services, {
      person,
      kind: 'staff',
      schoolId: actor.schoolId,
      schoolName: school?.name ?? '',
      invitedBy: actor.id,
    });
    if (outcome === 'sent') invited.push(member.id);
  }
  return { invited: invited.length, failedUserIds: userIds.filter((id) => !invited.includes(id)) };
}
