import { randomInt } from 'node:crypto';
import { LIMITS, passwordMeetsRule, type InviteParentSchema } from '@high5/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { AppError, conflict } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/password.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { currentSchool } from '../profile/service.js';
import {
  addParentMembership,
  countParentInvitationsSince,
  findAccountByEmail,
  insertParentAccount,
  linkParentToStudent,
  recordInvitation,
  schoolName,
  studentParents,
} from './queries.js';

/** How many parent invitations a student may send in 24 hours. */
export const PARENT_INVITES_PER_DAY = 10;

// No look-alikes (0/O, 1/l/I) in a password someone types from an e-mail.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%&*?+-=';
const pick = (set: string) => set[randomInt(set.length)]!;

/** A random 14-character temporary password that meets the password rule. */
export function temporaryPassword(): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS), ...Array.from({ length: 10 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  return passwordMeetsRule(password) ? password : temporaryPassword();
}

/**
 * A student invites a parent (docs/decisions/0093). A new address gets a parent account in
 * the student's school with a temporary password valid 7 days, e-mailed in the student's
 * language. An existing account is linked (and told so) unless it has another role in this
 * school or is a super admin.
 */
export async function inviteParent(db: Db, services: Services, user: SessionUser, input: z.output<typeof InviteParentSchema>) {
  const school = currentSchool(user);
  const now = services.clock.now();
  const { n } = await countParentInvitationsSince(db, user.id, new Date(now.getTime() - 86_400_000));
  if (n >= PARENT_INVITES_PER_DAY) throw new AppError(429, 'INVITE_PARENT_TOO_MANY');

  const { name: schoolTitle } = await schoolName(db, school.schoolId);
  const studentName = `${user.firstName} ${user.lastName}`.trim();
  const signInUrl = `${services.config.publicUrl.replace(/\/$/, '')}/`;
  const existing = await findAccountByEmail(db, input.email, school.schoolId);

  if (existing) {
    if (existing.isSuperAdmin || (existing.roleHere && existing.roleHere !== 'parent')) throw conflict('INVITE_PARENT_NOT_POSSIBLE');
    await addParentMembership(db, existing.id, school.schoolId);
    const linked = await linkParentToStudent(db, existing.id, user.id);
    await recordInvitation(db, { schoolId: school.schoolId, userId: existing.id, invitedBy: user.id, createdAt: now, acceptedAt: now });
    if (linked) {
      await services.mail.queue(db, input.email, existing.language === 'es' ? 'es' : 'en', 'profile:mail.parentLinked', {
        parentName: existing.firstName,
        studentName,
        schoolName: schoolTitle,
        signInUrl,
      });
    }
    return { status: 'linked' as const };
  }

  const password = temporaryPassword();
  const language = user.language;
  const parent = await insertParentAccount(db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    language,
    passwordHash: await hashPassword(password),
    now,
    expiresAt: new Date(now.getTime() + LIMITS.tempPasswordDays * 86_400_000),
  });
  await addParentMembership(db, parent.id, school.schoolId);
  await linkParentToStudent(db, parent.id, user.id);
  await recordInvitation(db, { schoolId: school.schoolId, userId: parent.id, invitedBy: user.id, createdAt: now, acceptedAt: null });
  await services.mail.queue(db, input.email, language, 'profile:mail.parentInvite', {
    parentName: input.firstName,
    studentName,
    schoolName: schoolTitle,
    email: input.email,
    password,
    days: LIMITS.tempPasswordDays,
    signInUrl,
  });
  return { status: 'invited' as const };
}

export async function myParents(db: Db, user: SessionUser) {
  const rows = await studentParents(db, user.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
}
