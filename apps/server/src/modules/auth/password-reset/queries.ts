import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { CodePurpose } from '../codes.js';

export function findResetAccount(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'firstName', 'language']).where('email', '=', email).forUpdate().executeTakeFirst();
}

export async function countResetCodesSince(db: Db, userId: string, since: Date) {
  const row = await db
    .selectFrom('verificationCodes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .where('purpose', '=', 'password_reset')
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A new request cancels every code still open. */
export async function cancelOpenCodes(db: Db, userId: string, purpose: CodePurpose, now: Date) {
  await db
    .updateTable('verificationCodes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

export async function insertCode(db: Db, values: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; createdAt: Date }) {
  await db.insertInto('verificationCodes').values(values).execute();
}

/** The newest open reset code of the account with this e-mail, locked for counting. */
export function findOpenResetCode(db: Db, email: string) {
  return db
    .selectFrom('verificationCodes as v')
    .innerJoin('users as u', 'u.id', 'v.userId')
    .select(['v.id', 'v.userId', 'v.codeHash', 'v.attempts', 'v.expiresAt'])
    .where('u.email', '=', email)
    .where('v.purpose', '=', 'password_reset')
    .where('v.usedAt', 'is', null)
    .orderBy('v.createdAt', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordWrongCode(db: Db, codeId: string, attempts: number, deadAt: Date | null) {
  await db
    .updateTable('verificationCodes')
    .set({ attempts, ...(deadAt ? { usedAt: deadAt } : {}) })
    .where('id', '=', codeId)
    .execute();
}

export async function useCode(db: Db, codeId: string, now: Date) {
  await db.updateTable('verificationCodes').set({ usedAt: now }).where('id', '=', codeId).execute();
}

/** How many codes or links of `purpose` the account holds still usable at `now`. */
export async function countOpenCodes(db: Db, userId: string, purpose: CodePurpose, now: Date) {
  const row = await db
    .selectFrom('verificationCodes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The open one-time link (a password or a sign-in link) with this token hash, locked while it is used. */
export function findOpenLink(db: Db, purpose: 'password_link' | 'signin_link', hash: string) {
  return db
    .selectFrom('verificationCodes as v')
    .innerJoin('users as u', 'u.id', 'v.userId')
    .select(['v.id', 'v.userId', 'v.expiresAt', 'u.email'])
    .where('v.codeHash', '=', hash)
    .where('v.purpose', '=', purpose)
    .where('v.usedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}
