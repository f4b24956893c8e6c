import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';
import { registered } from '../../../lib/registered.js';
import { containsPattern } from '../../../lib/search.js';

export async function findClass(db: Db, classId: string) {
  return db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirst();
}

/** Whether `userId` teaches the class, and as its owner or a substitute. */
export async function teacherLink(db: Db, classId: string, userId: string) {
  return db.selectFrom('classTeachers').select(['isSubstitute']).where('classId', '=', classId).where('teacherId', '=', userId).executeTakeFirst();
}

/** Classes of a school with counts; `onlyTaughtBy` limits them to one teacher's. One query. */
export async function listClasses(db: Db, schoolId: string, viewerId: string, onlyTaughtBy: string | null, classId?: string) {
  let query = db
    .selectFrom('classes as c')
    .innerJoin('users as o', 'o.id', 'c.ownerId')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.joiningCode as code',
      'c.ownerId',
      displayName('o').as('ownerName'),
      eb
        .exists(eb.selectFrom('classTeachers as ct').select('ct.classId').whereRef('ct.classId', '=', 'c.id').where('ct.teacherId', '=', viewerId))
        .as('teaches'),
      eb
        .selectFrom('enrolments as e')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('e.classId', '=', 'c.id')
        .as('studentCount'),
      eb
        .selectFrom('enrolmentRequests as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('r.classId', '=', 'c.id')
        .as('requestCount'),
      sql<boolean>`c.school_year_id IS NOT NULL`.as('lastYear'),
      sql<boolean>`c.source_id IS NOT NULL`.as('rostered'),
    ])
    .where('c.schoolId', '=', schoolId);
  if (onlyTaughtBy)
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('classTeachers as t').select('t.classId').whereRef('t.classId', '=', 'c.id').where('t.teacherId', '=', onlyTaughtBy)),
    );
  if (classId) query = query.where('c.id', '=', classId);
  // This year's classes first, then last year's (a teacher starts a new year with none, decision 0571).
  const rows = await query
    .orderBy(sql`c.school_year_id IS NOT NULL`)
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    isOwner: r.ownerId === viewerId,
    teaches: Boolean(r.teaches),
    lastYear: Boolean(r.lastYear),
    rostered: Boolean(r.rostered),
    studentCount: r.studentCount ?? 0,
    requestCount: r.requestCount ?? 0,
  }));
}

export async function codeExists(db: Db, code: string) {
  return (await db.selectFrom('classes').select('id').where('joiningCode', '=', code).executeTakeFirst()) !== undefined;
}

/** Whether the owner already has a class of this name this year, trimmed and in any case (except `exceptId`). */
export async function ownerHasClassNamed(db: Db, ownerId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom('classes')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('schoolYearId', 'is', null)
    .where(sql<boolean>`lower(btrim(name)) = lower(btrim(${name}))`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertClass(db: Db, values: { schoolId: string; ownerId: string; name: string; code: string }) {
  const cls = await db
    .insertInto('classes')
    .values({ schoolId: values.schoolId, ownerId: values.ownerId, name: values.name, joiningCode: values.code })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('classTeachers').values({ classId: cls.id, teacherId: values.ownerId, isSubstitute: false }).execute();
  return cls.id;
}

export async function renameClass(db: Db, classId: string, name: string) {
  await db.updateTable('classes').set({ name }).where('id', '=', classId).execute();
}

export async function deleteClass(db: Db, classId: string) {
  await db.deleteFrom('classes').where('id', '=', classId).execute();
}

const studentColumns = ['u.id', 'u.email', 'm.grade'] as const;

/** The students enrolled in a class, by name. */
export async function classStudents(db: Db, classId: string, schoolId: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.studentId')
    .innerJoin('schoolMemberships as m', (j) =>
      j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student').on('m.status', '<>', 'inactive'),
    )
    .select([...studentColumns, displayName('u').as('name'), registered('u').as('registered')])
    .where('e.classId', '=', classId)
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .execute();
}

/** Students of the school not in the class (and not asking to join it), matching `search`. */
export async function studentCandidates(db: Db, classId: string, schoolId: string, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select([...studentColumns, displayName('u').as('name'), registered('u').as('registered')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'student')
    .where('m.status', '<>', 'inactive')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('enrolments as e').select('e.classId').where('e.classId', '=', classId).whereRef('e.studentId', '=', 'u.id'))),
    );
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb(displayName('u'), 'ilike', pattern), eb('u.email', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  return query
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** Of `ids`, those that are students of the school (a deactivated one is not). */
export async function studentsOfSchool(db: Db, schoolId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('schoolId', '=', schoolId)
    .where('role', '=', 'student')
    .where('status', '<>', 'inactive')
    .where('userId', 'in', ids)
    .execute();
  return rows.map((r) => r.userId);
}

export async function enrol(db: Db, classId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return 0;
  const inserted = await db
    .insertInto('enrolments')
    .values(studentIds.map((studentId) => ({ classId, studentId })))
    .onConflict((oc) => oc.columns(['classId', 'studentId']).doNothing())
    .returning('studentId')
    .execute();
  await db.deleteFrom('enrolmentRequests').where('classId', '=', classId).where('studentId', 'in', studentIds).execute();
  return inserted.length;
}

export async function unenrol(db: Db, classId: string, studentId: string) {
  const result = await db.deleteFrom('enrolments').where('classId', '=', classId).where('studentId', '=', studentId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function requests(db: Db, classId: string, schoolId: string) {
  return db
    .selectFrom('enrolmentRequests as r')
    .innerJoin('users as u', 'u.id', 'r.studentId')
    .innerJoin('schoolMemberships as m', (j) =>
      j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student').on('m.status', '<>', 'inactive'),
    )
    .select([...studentColumns, displayName('u').as('name'), registered('u').as('registered')])
    .where('r.classId', '=', classId)
    .orderBy('r.createdAt')
    .execute();
}

export async function requestedIds(db: Db, classId: string, ids: readonly string[]) {
  const rows = await db.selectFrom('enrolmentRequests').select('studentId').where('classId', '=', classId).where('studentId', 'in', ids).execute();
  return rows.map((r) => r.studentId);
}

export async function deleteRequests(db: Db, classId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('enrolmentRequests').where('classId', '=', classId).where('studentId', 'in', ids).execute();
}

export async function classTeachers(db: Db, classId: string, ownerId: string) {
  const rows = await db
    .selectFrom('classTeachers as ct')
    .innerJoin('users as u', 'u.id', 'ct.teacherId')
    .select(['u.id', 'u.email', displayName('u').as('name')])
    .where('ct.classId', '=', classId)
    .orderBy(sql`u.id = ${ownerId}`, 'desc')
    .orderBy(sql`lower(${displayName('u')})`)
    .execute();
  return rows.map((r) => ({ ...r, isOwner: r.id === ownerId, disableRemove: r.id === ownerId }));
}

/** Active teachers of the school who do not teach the class. */
export async function teacherCandidates(db: Db, classId: string, schoolId: string, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', displayName('u').as('name')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'teacher')
    .where('m.status', '=', 'active')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('classTeachers as ct').select('ct.classId').where('ct.classId', '=', classId).whereRef('ct.teacherId', '=', 'u.id'))),
    );
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb(displayName('u'), 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  return query
    .orderBy(sql`lower(${displayName('u')})`)
    .limit(limit)
    .execute();
}

export async function isActiveTeacherOf(db: Db, schoolId: string, userId: string) {
  const row = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('schoolId', '=', schoolId)
    .where('userId', '=', userId)
    .where('role', '=', 'teacher')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

export async function addTeacher(db: Db, classId: string, teacherId: string) {
  await db
    .insertInto('classTeachers')
    .values({ classId, teacherId, isSubstitute: true })
    .onConflict((oc) => oc.columns(['classId', 'teacherId']).doNothing())
    .execute();
}

export async function removeTeacher(db: Db, classId: string, teacherId: string) {
  const result = await db.deleteFrom('classTeachers').where('classId', '=', classId).where('teacherId', '=', teacherId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
