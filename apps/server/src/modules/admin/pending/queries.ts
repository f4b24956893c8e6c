import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** Schools founded in an existing district that the super admin has not approved yet, oldest first. */
export function unapprovedSchools(db: Db) {
  return db
    .selectFrom('schools as s')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select(['s.id', 's.name', 's.districtId', 'd.name as districtName', 'd.kind as districtKind', 'd.paid', 's.timeZone', 's.approved', 's.createdAt'])
    .where('s.approved', '=', false)
    .orderBy('s.createdAt')
    .execute();
}

/** Teachers and staff of any school waiting for approval, oldest first, and whether their school has an active admin. */
export function pendingPeople(db: Db) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select((eb) => [
      'm.schoolId',
      's.name as schoolName',
      'd.name as districtName',
      'm.userId',
      sql<string>`btrim(u.first_name || ' ' || u.last_name)`.as('name'),
      'u.email',
      sql<boolean>`u.email_verified_at is not null`.as('emailConfirmed'),
      'm.role',
      'm.createdAt',
      eb
        .exists(
          eb
            .selectFrom('schoolMemberships as a')
            .select('a.userId')
            .whereRef('a.schoolId', '=', 'm.schoolId')
            .where('a.isAdmin', '=', true)
            .where('a.status', '=', 'active'),
        )
        .$castTo<boolean>()
        .as('schoolHasAdmin'),
    ])
    .where('m.status', '=', 'pending')
    .where('m.role', 'in', ['teacher', 'staff'])
    .orderBy('m.createdAt')
    .execute();
}

/** Approves a school; false when there is no such school. */
export async function approveSchool(db: Db, schoolId: string) {
  const row = await db.updateTable('schools').set({ approved: true }).where('id', '=', schoolId).returning('id').executeTakeFirst();
  return row !== undefined;
}
