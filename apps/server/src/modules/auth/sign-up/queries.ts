import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { registered } from '../../../lib/registered.js';

export function listDistricts(db: Db) {
  return db
    .selectFrom('districts')
    .select(['id', 'name', 'paid', sql<boolean>`kind = 'aeries'`.as('aeries')])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function findDistrict(db: Db, id: string) {
  return db.selectFrom('districts').select(['id', 'name', 'paid', 'whitelistingDomains']).where('id', '=', id).executeTakeFirst();
}

export function findDistrictByName(db: Db, name: string) {
  return db
    .selectFrom('districts')
    .select(['id', 'name', 'paid', 'whitelistingDomains'])
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function insertDistrict(db: Db, name: string) {
  return db.insertInto('districts').values({ name }).returning(['id', 'name', 'paid', 'whitelistingDomains']).executeTakeFirstOrThrow();
}

/** The district's schools others may join: approved ones only (docs/decisions/0157). */
export function listSchools(db: Db, districtId: string) {
  return db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where('districtId', '=', districtId)
    .where('approved', '=', true)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function findSchoolWithDistrict(db: Db, schoolId: string) {
  return (
    db
      .selectFrom('schools as s')
      .innerJoin('districts as d', 'd.id', 's.districtId')
      .select(['s.id', 's.districtId', 'd.paid', 'd.whitelistingDomains'])
      .where('s.id', '=', schoolId)
      // A school waiting for the super admin cannot be picked by id either.
      .where('s.approved', '=', true)
      .executeTakeFirst()
  );
}

export function findSchoolByName(db: Db, districtId: string, name: string) {
  return db
    .selectFrom('schools')
    .select(['id', 'approved'])
    .where('districtId', '=', districtId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function insertSchool(db: Db, districtId: string, name: string, approved: boolean) {
  return db.insertInto('schools').values({ districtId, name, approved }).returning(['id']).executeTakeFirstOrThrow();
}

/** The active admins of a school, or the super admins when it has none: who decides a pending teacher. */
export async function approvers(db: Db, schoolId: string) {
  const admins = await db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.email', 'u.language'])
    .where('m.schoolId', '=', schoolId)
    .where('m.isAdmin', '=', true)
    .where('m.status', '=', 'active')
    .where('u.email', 'is not', null)
    .execute();
  if (admins.length > 0) return { toSuperAdmins: false, people: admins };
  const supers = await db.selectFrom('users').select(['email', 'language']).where('isSuperAdmin', '=', true).where('email', 'is not', null).execute();
  return { toSuperAdmins: true, people: supers };
}

export function schoolTitle(db: Db, schoolId: string) {
  return db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
}

/** A current class by its code: a last-year class's code joins nobody (decision 0571). */
export function findClassByCode(db: Db, joiningCode: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'schoolId', 'sourceId'])
    .where('joiningCode', '=', joiningCode)
    .where('schoolYearId', 'is', null)
    .executeTakeFirst();
}

export function findUserByLogin(db: Db, login: { email: string } | { username: string }) {
  const query = db.selectFrom('users').select([
    'id',
    'email',
    'emailVerifiedAt',
    'firstName',
    'language',
    // Made for them (rostered, or invited with a temporary password) and never given their own password.
    sql<boolean>`not ${registered('users')} and not is_super_admin`.as('unclaimed'),
  ]);
  return ('email' in login ? query.where('email', '=', login.email) : query.where('username', '=', login.username)).executeTakeFirst();
}

/**
 * The school an unclaimed account is told about: the one the sign-up chose when the account is a
 * member there, else its first school that has not deactivated it; none when every school has.
 */
export function claimSchool(db: Db, userId: string, chosenSchoolId: string | null) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select(['s.id', 's.name'])
    .where('m.userId', '=', userId)
    .where('m.status', '<>', 'inactive')
    .orderBy(sql`(s.id = ${chosenSchoolId}) desc nulls last`)
    .orderBy('m.createdAt')
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertEnrolment(db: Db, classId: string, studentId: string, createdAt: Date) {
  await db
    .insertInto('enrolments')
    .values({ classId, studentId, createdAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function countMemberships(db: Db, userId: string) {
  const row = await db
    .selectFrom('schoolMemberships')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findEmailToken(db: Db, hash: string) {
  return db
    .selectFrom('verificationCodes as v')
    .innerJoin('users as u', 'u.id', 'v.userId')
    .select(['v.id', 'v.userId', 'v.expiresAt', 'v.usedAt', 'u.email', 'u.emailVerifiedAt', 'u.firstName', 'u.language'])
    .where('v.codeHash', '=', hash)
    .where('v.purpose', '=', 'email_verify')
    .forUpdate()
    .executeTakeFirst();
}

/** The schools where the user waits for approval as a teacher or staff member. */
export function pendingStaffSchools(db: Db, userId: string) {
  return db
    .selectFrom('schoolMemberships')
    .select('schoolId')
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .where('role', 'in', ['teacher', 'staff'])
    .execute();
}

export async function markEmailVerified(db: Db, userId: string, now: Date) {
  await db.updateTable('users').set({ emailVerifiedAt: now }).where('id', '=', userId).where('emailVerifiedAt', 'is', null).execute();
}

export async function insertSignUpRequest(db: Db, payload: object, createdAt: Date) {
  const row = await db
    .insertInto('signupRequests')
    .values({ payload: JSON.stringify(payload), createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reads and deletes a waiting sign-up (its password hash lives no longer than needed). */
export function takeSignUpRequest(db: Db, id: string) {
  return db.deleteFrom('signupRequests').where('id', '=', id).returning(['payload']).executeTakeFirst();
}
