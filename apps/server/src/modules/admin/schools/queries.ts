import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';

export function listSchools(db: Db) {
  return db
    .selectFrom('schools as s')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select(['s.id', 's.name', 's.districtId', 'd.name as districtName', 'd.kind as districtKind', 'd.paid', 's.timeZone'])
    .orderBy(sql`lower(s.name)`)
    .orderBy(sql`lower(d.name)`)
    .execute();
}

export function findSchool(db: Db, schoolId: string, lock = false) {
  const query = db
    .selectFrom('schools as s')
    .innerJoin('districts as d', 'd.id', 's.districtId')
    .select(['s.id', 's.name', 's.districtId', 'd.name as districtName', 'd.kind as districtKind', 'd.paid', 's.timeZone'])
    .where('s.id', '=', schoolId);
  return (lock ? query.forUpdate('s') : query).executeTakeFirst();
}

export function schoolByName(db: Db, districtId: string, name: string) {
  return db.selectFrom('schools').select('id').where('districtId', '=', districtId).where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
}

export async function insertSchool(db: Db, values: { districtId: string; name: string; timeZone: string; now: Date }) {
  const row = await db.insertInto('schools').values({ districtId: values.districtId, name: values.name, timeZone: values.timeZone, createdAt: values.now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Serialises additions of schools to a district (names are unique per district without regard to case). */
export async function lockDistrict(db: Db, districtId: string) {
  return db.selectFrom('districts').select('id').where('id', '=', districtId).forUpdate().executeTakeFirst();
}

// --- Backups --------------------------------------------------------------------------------

/** Columns never written to a backup: credentials and secrets. */
const SECRET_COLUMNS: Record<string, string[]> = {
  users: ['password_hash', 'google_sub'],
  districts: ['credentials_encrypted'],
};

/**
 * Every row of the school's data, table by table, with the database's own column names. Rows
 * of shared tables (users, journals, avatars, parent links, trusted adults) are those of the
 * school's members; personal rows of users who belong to other schools too stay with them,
 * except their membership, recognitions and moods here.
 */
export async function exportSchoolRows(db: Db, schoolId: string) {
  const raw = db.withoutPlugins() as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const s = schoolId;
  const members = sql`(select user_id from school_memberships where school_id = ${s})`;
  const onlyHere = sql`(select m.user_id from school_memberships m where m.school_id = ${s}
    and not exists (select 1 from school_memberships o where o.user_id = m.user_id and o.school_id <> ${s}))`;
  const classes = sql`(select id from classes where school_id = ${s})`;
  const recognitions = sql`(select id from recognitions where school_id = ${s})`;
  const queries: [string, RawBuilder<unknown>][] = [
    ['districts', sql`select * from districts where id = (select district_id from schools where id = ${s})`],
    ['schools', sql`select * from schools where id = ${s}`],
    ['school_notification_emails', sql`select * from school_notification_emails where school_id = ${s}`],
    ['users', sql`select * from users where id in ${members} order by created_at, id`],
    ['school_memberships', sql`select * from school_memberships where school_id = ${s}`],
    ['parent_links', sql`select * from parent_links where parent_id in ${members} or student_id in ${members}`],
    ['invitations', sql`select * from invitations where school_id = ${s}`],
    ['classes', sql`select * from classes where school_id = ${s}`],
    ['class_teachers', sql`select * from class_teachers where class_id in ${classes}`],
    ['enrolments', sql`select * from enrolments where class_id in ${classes}`],
    ['enrolment_requests', sql`select * from enrolment_requests where class_id in ${classes}`],
    ['categories', sql`select * from categories where school_id = ${s}`],
    ['category_settings', sql`select * from category_settings where school_id = ${s}`],
    ['recognitions', sql`select * from recognitions where school_id = ${s} order by id`],
    ['recognition_categories', sql`select * from recognition_categories where recognition_id in ${recognitions}`],
    ['high5_feedback', sql`select * from high5_feedback where recognition_id in ${recognitions}`],
    ['moods', sql`select * from moods where school_id = ${s} order by id`],
    ['trusted_adults', sql`select * from trusted_adults where student_id in ${members}`],
    ['journal_entries', sql`select * from journal_entries where user_id in ${onlyHere}`],
    ['student_notes', sql`select * from student_notes where school_id = ${s}`],
    ['seating_charts', sql`select * from seating_charts where class_id in ${classes}`],
    ['attendance', sql`select * from attendance where class_id in ${classes}`],
    ['avatars', sql`select * from avatars where user_id in ${members}`],
    ['mood_report_settings', sql`select * from mood_report_settings where school_id = ${s}`],
    ['audit_log', sql`select * from audit_log where school_id = ${s} order by id`],
  ];
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const [table, query] of queries) {
    const result = await query.execute(raw);
    const hidden = SECRET_COLUMNS[table] ?? [];
    tables[table] = (result.rows as Record<string, unknown>[]).map((row) => {
      if (!hidden.length) return row;
      const copy = { ...row };
      for (const column of hidden) delete copy[column];
      return copy;
    });
  }
  return tables;
}

export async function insertBackup(
  db: Db,
  values: { schoolId: string; schoolName: string; districtName: string; storageKey: string; sizeBytes: number; rowCount: number; createdBy: string; now: Date },
) {
  return db
    .insertInto('schoolBackups')
    .values({ schoolId: values.schoolId, schoolName: values.schoolName, districtName: values.districtName, storageKey: values.storageKey, sizeBytes: values.sizeBytes, rowCount: values.rowCount, createdBy: values.createdBy, createdAt: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listBackups(db: Db, schoolId: string | undefined, limit: number) {
  let query = db.selectFrom('schoolBackups').selectAll().orderBy('createdAt', 'desc').orderBy('id').limit(limit);
  if (schoolId) query = query.where('schoolId', '=', schoolId);
  return query.execute();
}

export function findBackup(db: Db, backupId: string) {
  return db.selectFrom('schoolBackups').selectAll().where('id', '=', backupId).executeTakeFirst();
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
    await db.deleteFrom('users').where('id', 'in', userIds.slice(i, i + 1000)).execute();
  }
}
