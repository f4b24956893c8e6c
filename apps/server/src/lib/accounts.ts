import type { Db } from '../db/database.js';
import { hashPassword } from './password.js';
import { temporaryPassword, temporaryPasswordExpiry } from './temporary-password.js';

/**
 * The one account-creation service (docs/decisions/0471): every place that creates a user
 * account calls `createAccount` — sign-up, Google sign-in, the super admin command, invitations by
 * teachers (class), admins (staff) and students (their parents), and district rostering — and
 * every invitation's password comes from `newTemporaryPassword` (one format, one expiry).
 * Timestamps are the injected clock's `now`, never the database's.
 */

/** A temporary password as it is mailed, stored and expired. */
export interface TemporaryPassword {
  password: string;
  hash: string;
  expiresAt: Date;
}

/** A fresh temporary password in the one format (lib/temporary-password.ts), hashed, with its expiry. */
export async function newTemporaryPassword(now: Date): Promise<TemporaryPassword> {
  const password = temporaryPassword();
  return { password, hash: await hashPassword(password), expiresAt: temporaryPasswordExpiry(now) };
}

export interface NewAccount {
  email: string | null;
  username?: string | null;
  firstName: string;
  lastName: string;
  language: string;
  /**
   * How the person signs in: a temporary password they must replace at their first sign-in
   * (invitations), a password they chose (sign-up), or none yet (Google, rostered accounts that
   * wait for an invitation).
   */
  password: { temporary: Pick<TemporaryPassword, 'hash' | 'expiresAt'> } | { chosenHash: string } | null;
  googleSub?: string | null;
  aeriesUsername?: string | null;
  /** The address is proven (Google says so, or the temporary password went only there). */
  emailVerifiedAt?: Date | null;
  isSuperAdmin?: boolean;
  passwordChangedAt?: Date | null;
}

/** THE insert of a user account. Undefined when its e-mail or username is taken (nothing is written). */
export async function createAccount(db: Db, account: NewAccount, now: Date): Promise<string | undefined> {
  const { password, ...rest } = account;
  const credentials =
    password === null
      ? { passwordHash: null }
      : 'temporary' in password
        ? { passwordHash: password.temporary.hash, mustChangePassword: true, tempPasswordExpiresAt: password.temporary.expiresAt }
        : { passwordHash: password.chosenHash };
  const row = await db
    .insertInto('users')
    .values({ ...rest, ...credentials, createdAt: now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** An existing account gets a new temporary password it must replace (renewed invitations); failed sign-ins are forgiven. */
export async function renewTemporaryPassword(db: Db, userId: string, temporary: Pick<TemporaryPassword, 'hash' | 'expiresAt'>) {
  await db
    .updateTable('users')
    .set({ passwordHash: temporary.hash, mustChangePassword: true, tempPasswordExpiresAt: temporary.expiresAt, failedSignins: 0, signinBlockedUntil: null })
    .where('id', '=', userId)
    .execute();
}

export interface NewMembership {
  userId: string;
  schoolId: string;
  role: 'teacher' | 'staff' | 'student' | 'parent';
  isAdmin?: boolean;
  status?: 'active' | 'pending';
}

/** The account joins a school (an existing membership there is left as it is). */
export async function addMembership(db: Db, membership: NewMembership, now: Date) {
  await db
    .insertInto('schoolMemberships')
    .values({ isAdmin: false, status: 'active', ...membership, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'schoolId']).doNothing())
    .execute();
}

/** Who invited whom where (staff, student, parent), for the pending lists and the invitation limits. */
export async function recordInvitation(
  db: Db,
  invitation: { schoolId: string; userId: string; invitedBy: string; kind: 'staff' | 'student' | 'parent' },
  now: Date,
) {
  await db
    .insertInto('invitations')
    .values({ ...invitation, createdAt: now })
    .execute();
}

/**
 * An invited person's new account: the temporary password they were sent, their membership of
 * the school in `role`, and the invitation. Undefined when the address already has an account.
 */
export async function createInvitedAccount(
  db: Db,
  invite: {
    account: Omit<NewAccount, 'password'>;
    temporary: TemporaryPassword;
    schoolId: string;
    role: NewMembership['role'];
    invitedBy: string;
    kind: 'staff' | 'student' | 'parent';
  },
  now: Date,
): Promise<string | undefined> {
  const userId = await createAccount(db, { ...invite.account, password: { temporary: invite.temporary } }, now);
  if (!userId) return undefined;
  await addMembership(db, { userId, schoolId: invite.schoolId, role: invite.role }, now);
  await recordInvitation(db, { schoolId: invite.schoolId, userId, invitedBy: invite.invitedBy, kind: invite.kind }, now);
  return userId;
}
