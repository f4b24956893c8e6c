import { EmailSchema } from '@high5/contract';
import { inTransaction, type Db } from '../../../db/database.js';
import { createAccount } from '../../../lib/accounts.js';
import { hashPassword } from '../../../lib/password.js';
import { endAllSessions } from '../../../plugins/session.js';
import { newPasswordProblem } from '../password-policy.js';

export class SuperAdminInputError extends Error {}

/**
 * Creates a super admin, or makes the account with this e-mail one (its password becomes the
 * one given, its address counts as confirmed, and its sessions end). For `npm run create-superadmin`.
 */
export async function createOrPromoteSuperAdmin(db: Db, emailInput: string, password: string, now: Date): Promise<'created' | 'promoted'> {
  const email = EmailSchema.safeParse(emailInput);
  if (!email.success) throw new SuperAdminInputError('That is not a valid e-mail address.');
  const problem = newPasswordProblem(password);
  if (problem === 'PASSWORD_TOO_WEAK')
    throw new SuperAdminInputError('The password needs 8 to 128 characters with an uppercase letter, a lowercase letter, a number and a symbol.');
  if (problem === 'PASSWORD_TOO_COMMON') throw new SuperAdminInputError('That password is on the list of common passwords: choose another one.');
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const existing = await tx.selectFrom('users').select('id').where('email', '=', email.data).forUpdate().executeTakeFirst();
    const values = {
      passwordHash,
      isSuperAdmin: true,
      emailVerifiedAt: now,
      mustChangePassword: false,
      tempPasswordExpiresAt: null,
      passwordChangedAt: now,
      failedSignins: 0,
      signinBlockedUntil: null,
    };
    if (existing) {
      await tx.updateTable('users').set(values).where('id', '=', existing.id).execute();
      await endAllSessions(tx, existing.id);
      return 'promoted' as const;
    }
    const created = await createAccount(
      tx,
      {
        email: email.data,
        firstName: 'Super',
        lastName: 'Admin',
        language: 'en',
        password: { chosenHash: passwordHash },
        isSuperAdmin: true,
        emailVerifiedAt: now,
        passwordChangedAt: now,
      },
      now,
    );
    if (!created) throw new SuperAdminInputError('That e-mail address was taken while this ran: try again.');
    return 'created' as const;
  });
}
