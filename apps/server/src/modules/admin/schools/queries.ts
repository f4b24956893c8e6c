import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export function listSchools(db: Db) {
  return db
    .selectFrom('schools as s')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select(['s.id', 's.name', 's.districtId', 'd.name as districtName', 'd.kind as districtKind', 'd.paid', 's.timeZone', 's.approved'])
    .orderBy(sql`lower(s.name)`)
    .orderBy(sql`lower(d.name)`)
    .execute();
}

export function findSchool(db: Db, schoolId: string, lock = false) {
  const query = db
    .selectFrom('schools as s')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select(['s.id', 's.name', 's.districtId', 'd.name as districtName', 'd.kind as districtKind', 'd.paid', 's.timeZone', 's.approved'])
    .where('s.id', '=', schoolId);
  return (lock ? query.forUpdate('s') : query).executeTakeFirst();
}

export function schoolByName(db: Db, districtId: string, name: string) {
  return db
    .selectFrom('schools')
    .select('id')
    .where('districtId', '=', districtId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertSchool(db: Db, values: { districtId: string; name: string; timeZone: string; now: Date }) {
  const row = await db
    .insertInto('schools')
    .values({ districtId: values.districtId, name: values.name, timeZone: values.timeZone, createdAt: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSchoolRow(db: Db, schoolId: string, values: { name?: string; timeZone?: string }) {
  return db.updateTable('schools').set(values).where('id', '=', schoolId).returning(['id', 'name', 'districtId', 'timeZone']).executeTakeFirstOrThrow();
}

/** Serialises additions of schools to a district (names are unique per district without regard to case). */
export async function lockDistrict(db: Db, districtId: string) {
  return db.selectFrom('districts').select('id').where('id', '=', districtId).forUpdate().executeTakeFirst();
}

// --- Deletion -------------------------------------------------------------------------------

/**
 * Members whose only school this is (and who own no class elsewhere): deleting the school
 * deletes their accounts too. Super admins are never members.
 */
export async function usersOnlyHere(db: Db, schoolId: string) {
  const result = await sql<{ id: string; photoKey: string | null; avatarKey: string | null }>`
    select u.id, u.photo_key, a.image_key as avatar_key
    from school_memberships m
    join users u on u.id = m.user_id
    left join avatars a on a.user_id = u.id
    where m.school_id = ${schoolId} and not u.is_super_admin
      and not exists (select 1 from school_memberships o where o.user_id = m.user_id and o.school_id <> ${schoolId})
      and not exists (select 1 from classes c where c.owner_id = m.user_id and c.school_id <> ${schoolId})`.execute(db);
  return result.rows;
}

export async function deleteSchoolRows(db: Db, schoolId: string) {
  await db.deleteFrom('schools').where('id', '=', schoolId).execute();
}

export async function deleteUsers(db: Db, userIds: string[]) {
  for (let i = 0; i < userIds.length; i += 1000) {
    await db
      .deleteFrom('users')
      .where('id', 'in', userIds.slice(i, i + 1000))
      .execute();
  }
}
