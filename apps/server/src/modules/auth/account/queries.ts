import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * Every school has deactivated them (rostering: the SIS no longer returns them). They may not
 * sign in, by password or by Google, unless they are a super admin.
 */
const inactiveOnly = sql<boolean>`exists (select 1 from school_memberships m where m.user_id = users.id and m.status = 'inactive')
  and not exists (select 1 from school_memberships m where m.user_id = users.id and m.status <> 'inactive')
  and not users.is_super_admin`;

/** True when sign-in must refuse the account as ACCOUNT_INACTIVE (see inactiveOnly). */
export async function isInactiveOnly(db: Db, userId: string) {
  const row = await db.selectFrom('users').select(inactiveOnly.as('inactiveOnly')).where('id', '=', userId).executeTakeFirst();
  return row?.inactiveOnly === true;
}

/** What sign-in needs of an account, locked so concurrent attempts count one after another. */
export function findAccountForSignIn(db: Db, login: { email?: string; username?: string; id?: string }) {
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'passwordHash',
      'emailVerifiedAt',
      'mustChangePassword',
      'tempPasswordExpiresAt',
      'failedSignins',
      'signinBlockedUntil',
      'isSuperAdmin',
      'language',
      'firstName',
      inactiveOnly.as('inactiveOnly'),
    ]);
  if (login.id !== undefined) query = query.where('id', '=', login.id);
  else query = login.email !== undefined ? query.where('email', '=', login.email) : query.where('username', '=', login.username ?? '');
  return query.forUpdate().executeTakeFirst();
}

export function findAccountById(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'passwordHash',
      'emailVerifiedAt',
      'mustChangePassword',
      'failedSignins',
      'signinBlockedUntil',
      'language',
      'firstName',
      'googleSub',
      'isSuperAdmin',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'emailVerifiedAt', 'firstName', 'language', 'googleSub', 'mustChangePassword'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string) {
  return db.selectFrom('users').select(['id']).where('googleSub', '=', sub).executeTakeFirst();
}

export async function recordSignInSuccess(db: Db, userId: string, now: Date) {
  await db.updateTable('users').set({ failedSignins: 0, signinBlockedUntil: null, lastSigninAt: now }).where('id', '=', userId).execute();
}

/** Sets a chosen (not temporary) password; the account may then do everything. */
export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date, extra: { emailVerifiedAt?: Date } = {}) {
  await db
    .updateTable('users')
    .set({
      passwordHash,
      mustChangePassword: false,
      tempPasswordExpiresAt: null,
      passwordChangedAt: now,
      failedSignins: 0,
      signinBlockedUntil: null,
      ...(extra.emailVerifiedAt ? { emailVerifiedAt: sql<Date>`coalesce(email_verified_at, ${extra.emailVerifiedAt})` } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export async function setLanguage(db: Db, userId: string, language: 'en' | 'es') {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string) {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('tokenHash', '<>', keepTokenHash).execute();
}

/** Idle-locks a session, or (null) lifts its lock. */
export async function setSessionLock(db: Db, tokenHash: string, lockedAt: Date | null) {
  await db.updateTable('sessions').set({ lockedAt }).where('tokenHash', '=', tokenHash).execute();
}

export async function setSessionSchool(db: Db, tokenHash: string, schoolId: string) {
  await db.updateTable('sessions').set({ schoolId }).where('tokenHash', '=', tokenHash).execute();
}

/** Classes the user teaches (owner or substitute) or is enrolled in, at one school. */
export async function countClasses(db: Db, userId: string, schoolId: string, role: string) {
  const row =
    role === 'student'
      ? await db
          .selectFrom('enrolments as e')
          .innerJoin('classes as c', 'c.id', 'e.classId')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('e.studentId', '=', userId)
          .where('c.schoolId', '=', schoolId)
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('classTeachers as t')
          .innerJoin('classes as c', 'c.id', 't.classId')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('t.teacherId', '=', userId)
          .where('c.schoolId', '=', schoolId)
          .executeTakeFirstOrThrow();
  return row.n;
}

export function findUserProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'firstName',
      'lastName',
      'language',
      'gender',
      'isSuperAdmin',
      'mustChangePassword',
      sql<boolean>`password_hash is not null`.as('hasPassword'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Links a Google identity to the account of its verified e-mail; `dropPassword` ends a password nobody proved. */
export async function linkGoogle(db: Db, userId: string, sub: string, options: { verifiedAt: Date; dropPassword: boolean }) {
  await db
    .updateTable('users')
    .set({
      googleSub: sub,
      emailVerifiedAt: options.verifiedAt,
      ...(options.dropPassword ? { passwordHash: null, mustChangePassword: false, tempPasswordExpiresAt: null } : {}),
    })
    .where('id', '=', userId)
    .execute();
}
