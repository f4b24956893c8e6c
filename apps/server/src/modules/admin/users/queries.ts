import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { registered } from '../../../lib/registered.js';

/** A teacher or staff member of a school, as the user management screens list them. */
export interface StaffRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  isAdmin: boolean;
  status: string;
  staffAsTeacher: boolean;
  gender: string | null;
  /** The school's only active admin: their own flag cannot be removed (LAST_ADMIN). */
  soleAdmin: boolean;
  registered: boolean;
  emailConfirmed: boolean;
  language: string;
}

function memberQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'm.role',
      'm.isAdmin',
      'm.status',
      'm.staffAsTeacher',
      'u.gender',
      'u.language',
      registered('u').as('registered'),
      sql<boolean>`u.email_verified_at is not null`.as('emailConfirmed'),
    ])
    .select(
      sql<boolean>`m.is_admin and m.status = 'active' and (select count(*) from school_memberships a where a.school_id = m.school_id and a.is_admin and a.status = 'active') = 1`.as(
        'soleAdmin',
      ),
    )
    .where('m.schoolId', '=', schoolId)
    .where('m.status', '<>', 'inactive');
}

/** Teachers (pending ones first) or staff of a school, by name. */
export function listStaff(db: Db, schoolId: string, role: 'teacher' | 'staff'): Promise<StaffRow[]> {
  return memberQuery(db, schoolId)
    .where('m.role', '=', role)
    .orderBy(sql`m.status = 'pending'`, 'desc')
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy('u.id')
    .execute();
}

/** The teachers and staff among `ids` who are active members of the school, each account locked. */
export function staffMembers(db: Db, schoolId: string, ids: readonly string[]): Promise<StaffRow[]> {
  return memberQuery(db, schoolId)
    .where('m.userId', 'in', ids)
    .where('m.role', 'in', ['teacher', 'staff'])
    .where('m.status', '=', 'active')
    .forUpdate('u')
    .execute();
}

/** One member of a school (any role), locked for the rest of the transaction when `lock`. */
export function findMember(db: Db, schoolId: string, userId: string, lock = false): Promise<StaffRow | undefined> {
  const query = memberQuery(db, schoolId).where('m.userId', '=', userId);
  return (lock ? query.forUpdate('m') : query).executeTakeFirst();
}

/**
 * Locks every admin membership of the school and counts the active ones. Two admins removing
 * themselves at the same moment are serialised here, so the school never ends without an admin.
 */
export async function lockAndCountAdmins(db: Db, schoolId: string): Promise<number> {
  const rows = await db
    .selectFrom('schoolMemberships')
    .select(['userId', 'status'])
    .where('schoolId', '=', schoolId)
    .where('isAdmin', '=', true)
    // One lock order for every caller: two admins removing their flags at once wait, never deadlock.
    .orderBy('userId')
    .forUpdate()
    .execute();
  return rows.filter((r) => r.status === 'active').length;
}

export async function setAdminFlag(db: Db, schoolId: string, userId: string, isAdmin: boolean) {
  await db.updateTable('schoolMemberships').set({ isAdmin }).where('schoolId', '=', schoolId).where('userId', '=', userId).execute();
}

export async function setStaffRole(db: Db, schoolId: string, userId: string, role: 'teacher' | 'staff') {
  await db
    .updateTable('schoolMemberships')
    .set({ role, staffAsTeacher: role === 'teacher' })
    .where('schoolId', '=', schoolId)
    .where('userId', '=', userId)
    .execute();
}

/** True when the user owns or teaches (also as a substitute) any class of the school. */
export async function teachesClasses(db: Db, schoolId: string, userId: string) {
  const row = await db
    .selectFrom('classes as c')
    .select('c.id')
    .where('c.schoolId', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('c.ownerId', '=', userId),
        eb.exists(eb.selectFrom('classTeachers as ct').select('ct.classId').whereRef('ct.classId', '=', 'c.id').where('ct.teacherId', '=', userId)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function activateMembership(db: Db, schoolId: string, userId: string) {
  await db.updateTable('schoolMemberships').set({ status: 'active' }).where('schoolId', '=', schoolId).where('userId', '=', userId).execute();
}

export async function deleteMembership(db: Db, schoolId: string, userId: string) {
  await db.deleteFrom('schoolMemberships').where('schoolId', '=', schoolId).where('userId', '=', userId).execute();
  // A session working in that school must not keep acting there.
  await db.updateTable('sessions').set({ schoolId: null }).where('userId', '=', userId).where('schoolId', '=', schoolId).execute();
}

export function schoolName(db: Db, schoolId: string) {
  return db.selectFrom('schools').select(['id', 'name']).where('id', '=', schoolId).executeTakeFirst();
}

export function userContact(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'firstName', 'language']).where('id', '=', userId).executeTakeFirst();
}

/** An account by e-mail, with its memberships and whether it still waits for its first password. */
export async function accountByEmail(db: Db, email: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'mustChangePassword', 'isSuperAdmin', 'lastSigninAt'])
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return undefined;
  const memberships = await db.selectFrom('schoolMemberships').select(['schoolId', 'role']).where('userId', '=', user.id).execute();
  return { ...user, memberships };
}

/** An unused staff invitation sent again: the names and language as the admin typed them now. */
export async function updateInvitedNames(db: Db, userId: string, values: { firstName: string; lastName: string; language: string }) {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}
