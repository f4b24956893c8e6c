import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** Kysely only: the rows a sync reads and writes (docs/decisions/0400-0403). */

export function schoolsOfDistrict(db: Db, districtId: string) {
  return db.selectFrom('schools').select(['id', 'name', 'sourceId']).where('districtId', '=', districtId).execute();
}

export async function insertSchool(db: Db, values: { districtId: string; name: string; sourceId: string; timeZone: string; now: Date }) {
  const row = await db
    .insertInto('schools')
    .values({ districtId: values.districtId, name: values.name, sourceId: values.sourceId, timeZone: values.timeZone, approved: true, createdAt: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSchool(db: Db, id: string, values: { name?: string; sourceId?: string }) {
  await db.updateTable('schools').set(values).where('id', '=', id).execute();
}

export async function linksOf(db: Db, districtId: string, sourceIds: string[]) {
  if (sourceIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('rosterPeople')
    .select(['sourceId', 'userId'])
    .where('districtId', '=', districtId)
    .where('sourceId', 'in', sourceIds)
    .execute();
  return new Map(rows.map((r) => [r.sourceId, r.userId]));
}

/** Whom a run may match, rename, enrol or deactivate: the district's people, or a school admin's upload's own school's (decision 0501). */
export interface RosterScope {
  districtId: string;
  /** Set for a school admin's upload. */
  schoolId: string | null;
}

/** Of these accounts, those inside the scope: a member of the school, or of a school of the district, or linked to the district's records. */
export async function inScope(db: Db, scope: RosterScope, userIds: string[]) {
  const found = new Set<string>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 10_000) {
    const ids = unique.slice(i, i + 10_000);
    const rows = scope.schoolId
      ? await db.selectFrom('schoolMemberships').select('userId').where('schoolId', '=', scope.schoolId).where('userId', 'in', ids).execute()
      : await db
          .selectFrom('schoolMemberships as m')
          .innerJoin('schools as s', 's.id', 'm.schoolId')
          .select('m.userId')
          .where('s.districtId', '=', scope.districtId)
          .where('m.userId', 'in', ids)
          .union(db.selectFrom('rosterPeople').select('userId').where('districtId', '=', scope.districtId).where('userId', 'in', ids))
          .execute();
    for (const r of rows) found.add(r.userId);
  }
  return found;
}

export async function linkedUserIds(db: Db, districtId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db.selectFrom('rosterPeople').select('userId').where('districtId', '=', districtId).where('userId', 'in', userIds).execute();
  return new Set(rows.map((r) => r.userId));
}

export async function insertLink(db: Db, districtId: string, sourceId: string, userId: string) {
  await db.insertInto('rosterPeople').values({ districtId, sourceId, userId }).execute();
}

export function usersByEmail(db: Db, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
}

export function usersByAeriesUsername(db: Db, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', sql<string>`lower(aeries_username)`.as('name')])
    .where(sql`lower(aeries_username)`, 'in', names)
    .execute();
}

export function usersById(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'firstName', 'lastName']).where('id', 'in', ids).execute();
}

export async function usernamesTaken(db: Db, names: string[]) {
  if (names.length === 0) return new Set<string>();
  const rows = await db.selectFrom('users').select('username').where('username', 'in', names).execute();
  return new Set(rows.map((r) => r.username!));
}

export async function updateUserNames(db: Db, id: string, firstName: string, lastName: string) {
  await db.updateTable('users').set({ firstName, lastName }).where('id', '=', id).execute();
}

export function membershipsOfSchool(db: Db, schoolId: string) {
  return db
    .selectFrom('schoolMemberships')
    .select(['userId', 'role', 'status', 'rostered', 'grade', 'iep', 'plan504', 'languageLevel'])
    .where('schoolId', '=', schoolId)
    .execute();
}

export type MembershipRow = Awaited<ReturnType<typeof membershipsOfSchool>>[number];

export async function insertMembership(
  db: Db,
  values: { userId: string; schoolId: string; role: string; grade: number | null; iep: boolean; plan504: boolean; languageLevel: string | null; now: Date },
) {
  const { now, ...row } = values;
  await db
    .insertInto('schoolMemberships')
    .values({ ...row, status: 'active', rostered: true, isAdmin: false, createdAt: now })
    .execute();
}

export async function updateMembership(
  db: Db,
  schoolId: string,
  userId: string,
  values: { status?: string; rostered?: boolean; grade?: number | null; iep?: boolean; plan504?: boolean; languageLevel?: string | null },
) {
  await db.updateTable('schoolMemberships').set(values).where('schoolId', '=', schoolId).where('userId', '=', userId).execute();
}

/** Sessions working in the school stop acting there (as when a membership is deleted). */
export async function detachSessions(db: Db, schoolId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db.updateTable('sessions').set({ schoolId: null }).where('schoolId', '=', schoolId).where('userId', 'in', userIds).execute();
}

export function rosteredClasses(db: Db, schoolId: string) {
  // Last year's classes keep their section ids for history; the sync fills this year's only.
  return db
    .selectFrom('classes')
    .select(['id', 'name', 'ownerId', 'sourceId'])
    .where('schoolId', '=', schoolId)
    .where('sourceId', 'is not', null)
    .where('schoolYearId', 'is', null)
    .execute();
}

export async function nameTakenByOwner(db: Db, ownerId: string, name: string, exceptId: string | null) {
  let query = db
    .selectFrom('classes')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('schoolYearId', 'is', null)
    .where(sql`lower(btrim(name))`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function codeExists(db: Db, code: string) {
  return (await db.selectFrom('classes').select('id').where('joiningCode', '=', code).executeTakeFirst()) !== undefined;
}

export async function insertClass(db: Db, values: { schoolId: string; ownerId: string; name: string; code: string; sourceId: string; now: Date }) {
  const row = await db
    .insertInto('classes')
    .values({
      schoolId: values.schoolId,
      ownerId: values.ownerId,
      name: values.name,
      joiningCode: values.code,
      sourceId: values.sourceId,
      createdAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClass(db: Db, id: string, values: { name?: string; ownerId?: string }) {
  await db.updateTable('classes').set(values).where('id', '=', id).execute();
}

export function classTeachers(db: Db, classIds: string[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('classTeachers').select(['classId', 'teacherId']).where('classId', 'in', classIds).where('isSubstitute', '=', false).execute();
}

export async function setClassTeachers(db: Db, classId: string, add: string[], remove: string[]) {
  if (remove.length)
    await db.deleteFrom('classTeachers').where('classId', '=', classId).where('teacherId', 'in', remove).where('isSubstitute', '=', false).execute();
  if (add.length)
    await db
      .insertInto('classTeachers')
      .values(add.map((teacherId) => ({ classId, teacherId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

export function enrolmentsOf(db: Db, classIds: string[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('enrolments').select(['classId', 'studentId']).where('classId', 'in', classIds).execute();
}

export async function addEnrolments(db: Db, rows: { classId: string; studentId: string }[], now: Date) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('enrolments')
      .values(rows.slice(i, i + 1000).map((r) => ({ ...r, createdAt: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Removes a student from a class and frees their seat on its charts (the charts are kept). */
export async function dropEnrolment(db: Db, classId: string, studentId: string) {
  await db.deleteFrom('enrolments').where('classId', '=', classId).where('studentId', '=', studentId).execute();
  await sql`update seating_charts set seats = coalesce(
      (select jsonb_object_agg(e.key, e.value) from jsonb_each(seats) e where e.value <> to_jsonb(${studentId}::text)), '{}'::jsonb)
    where class_id = ${classId} and exists (select 1 from jsonb_each(seats) e where e.value = to_jsonb(${studentId}::text))`.execute(db);
}

/** user id → source id, for naming people on the report. */
export async function linksOfUsers(db: Db, districtId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom('rosterPeople').select(['sourceId', 'userId']).where('districtId', '=', districtId).where('userId', 'in', userIds).execute();
  return new Map(rows.map((r) => [r.userId, r.sourceId]));
}

/** Enrolments of these students in the school's classes filled by the source. */
export function rosteredEnrolmentsOf(db: Db, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('enrolments as e')
    .innerJoin('classes as c', 'c.id', 'e.classId')
    .select(['e.classId', 'e.studentId'])
    .where('c.schoolId', '=', schoolId)
    .where('c.sourceId', 'is not', null)
    .where('c.schoolYearId', 'is', null)
    .where('e.studentId', 'in', studentIds)
    .execute();
}

/** These users' student memberships at the school, with their flags (a delta's flag-only rows). */
export function studentMembershipsOf(db: Db, schoolId: string, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('schoolMemberships')
    .select(['userId', 'grade', 'iep', 'plan504', 'languageLevel'])
    .where('schoolId', '=', schoolId)
    .where('userId', 'in', userIds)
    .where('role', '=', 'student')
    .execute();
}

/** The district's schools (source ids) where these users are students. */
export async function schoolsOfStudents(db: Db, districtId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('schoolMemberships as m')
    .innerJoin('schools as s', 's.id', 'm.schoolId')
    .select('s.sourceId')
    .distinct()
    .where('s.districtId', '=', districtId)
    .where('m.userId', 'in', userIds)
    .where('m.role', '=', 'student')
    .where('s.sourceId', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.sourceId!));
}
