import { sql } from 'kysely';
import type { Db, Queryable } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';

/** The school's rollover settings; locks its row when `lock` (one rollover or undo at a time). */
export async function schoolRow(db: Queryable, schoolId: string, lock = false) {
  let query = db.selectFrom('schools').select(['id', 'timeZone', 'sourceId', 'gradeRollover', 'finalGrade', 'rosterSchoolYear']).where('id', '=', schoolId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** The school's current-year classes (none carries a year), with their owner's name and student count. */
export function openClasses(db: Queryable, schoolId: string) {
  return db
    .selectFrom('classes as c')
    .innerJoin('users as o', 'o.id', 'c.ownerId')
    .select((eb) => [
      'c.id',
      'c.name',
      displayName('o').as('ownerName'),
      eb
        .selectFrom('enrolments as e')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('e.classId', '=', 'c.id')
        .as('studentCount'),
    ])
    .where('c.schoolId', '=', schoolId)
    .where('c.schoolYearId', 'is', null)
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
}

/** Teachers of the school's current-year classes, with how many they teach. */
export function teachersOfOpenClasses(db: Queryable, schoolId: string) {
  return db
    .selectFrom('classTeachers as ct')
    .innerJoin('classes as c', 'c.id', 'ct.classId')
    .innerJoin('users as u', 'u.id', 'ct.teacherId')
    .select([sql<string>`u.id`.as('userId'), displayName('u').as('name'), sql<number>`count(*)::int`.as('classCount')])
    .where('c.schoolId', '=', schoolId)
    .where('c.schoolYearId', 'is', null)
    .groupBy(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'u.username'])
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .execute();
}

/** The school's active students, by name. */
export function activeStudents(db: Queryable, schoolId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select([sql<string>`u.id`.as('userId'), displayName('u').as('name'), 'm.grade'])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'student')
    .where('m.status', '=', 'active')
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .execute();
}

export async function highestGrade(db: Queryable, schoolId: string) {
  const row = await db
    .selectFrom('schoolMemberships')
    .select(sql<number | null>`max(grade)`.as('grade'))
    .where('schoolId', '=', schoolId)
    .where('role', '=', 'student')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.grade ?? null;
}

export function currentYearRow(db: Queryable, schoolId: string) {
  return db.selectFrom('schoolYears').select(['id', 'startsOn']).where('schoolId', '=', schoolId).where('state', '=', 'current').executeTakeFirst();
}

export async function closeYear(db: Db, yearId: string, endsOn: string) {
  await db.updateTable('schoolYears').set({ endsOn, state: 'closed' }).where('id', '=', yearId).execute();
}

export async function insertYear(db: Db, values: { schoolId: string; startsOn: string; endsOn: string | null; now: Date }) {
  const row = await db
    .insertInto('schoolYears')
    .values({ schoolId: values.schoolId, startsOn: values.startsOn, endsOn: values.endsOn, state: values.endsOn ? 'closed' : 'current', createdAt: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setClassesYear(db: Db, classIds: string[], yearId: string | null) {
  if (classIds.length) await db.updateTable('classes').set({ schoolYearId: yearId }).where('id', 'in', classIds).execute();
}

export async function setMembership(db: Db, schoolId: string, userId: string, values: { grade: number | null; status: 'active' | 'inactive' }) {
  await db.updateTable('schoolMemberships').set(values).where('schoolId', '=', schoolId).where('userId', '=', userId).execute();
}

/** Puts a membership back as it was, only where it is still as the rollover left it (a later edit wins). */
export async function restoreMembership(
  db: Db,
  schoolId: string,
  userId: string,
  after: { grade: number | null; status: string },
  before: { grade: number | null; status: 'active' | 'inactive' },
) {
  await db
    .updateTable('schoolMemberships')
    .set(before)
    .where('schoolId', '=', schoolId)
    .where('userId', '=', userId)
    .where('status', '=', after.status)
    .where(sql<boolean>`grade IS NOT DISTINCT FROM ${after.grade}`)
    .execute();
}

export async function detachSessions(db: Db, schoolId: string, userIds: string[]) {
  if (userIds.length) await db.updateTable('sessions').set({ schoolId: null }).where('schoolId', '=', schoolId).where('userId', 'in', userIds).execute();
}

export async function saveSettings(db: Db, schoolId: string, values: { gradeRollover?: string; finalGrade?: number | null; rosterSchoolYear?: number }) {
  await db.updateTable('schools').set(values).where('id', '=', schoolId).execute();
}

export async function insertRollover(
  db: Db,
  values: {
    schoolId: string;
    openedYearId: string;
    closedYearId: string;
    startsOn: string;
    origin: 'admin' | 'roster';
    gradeMode: string;
    finalGrade: number | null;
    changes: unknown;
    createdClosedYear: boolean;
    appliedBy: string | null;
    appliedAt: Date;
  },
) {
  await db
    .insertInto('schoolYearRollovers')
    .values({ ...values, changes: JSON.stringify(values.changes) })
    .execute();
}

/** The school's last rollover. */
export function lastRollover(db: Queryable, schoolId: string) {
  return db
    .selectFrom('schoolYearRollovers')
    .select(['id', 'origin', 'appliedAt', 'undoneAt', 'openedYearId', 'closedYearId', 'createdClosedYear', 'changes', 'startsOn'])
    .where('schoolId', '=', schoolId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the new year has a class (any class without a year: the rollover closed all the others). */
export async function hasOpenClass(db: Queryable, schoolId: string) {
  return (
    (await db.selectFrom('classes').select('id').where('schoolId', '=', schoolId).where('schoolYearId', 'is', null).limit(1).executeTakeFirst()) !== undefined
  );
}

export async function markUndone(db: Db, rolloverId: string, userId: string, at: Date) {
  await db.updateTable('schoolYearRollovers').set({ undoneAt: at, undoneBy: userId }).where('id', '=', rolloverId).execute();
}

export async function reopenYear(db: Db, yearId: string) {
  await db.updateTable('schoolYears').set({ endsOn: null, state: 'current' }).where('id', '=', yearId).execute();
}

export async function deleteYear(db: Db, yearId: string) {
  await db.deleteFrom('schoolYears').where('id', '=', yearId).execute();
}
