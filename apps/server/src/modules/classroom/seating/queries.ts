import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';

/** Enrolled students with their flags and photo key, by name. */
export async function seatingStudents(db: Db, classId: string, schoolId: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.studentId')
    .innerJoin('schoolMemberships as m', (j) =>
      j.onRef('m.userId', '=', 'u.id').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student').on('m.status', '<>', 'inactive'),
    )
    .select(['u.id', 'u.photoKey', 'm.iep', 'm.plan504', 'm.languageLevel', displayName('u').as('name')])
    .where('e.classId', '=', classId)
    .orderBy(sql`lower(${displayName('u')})`)
    .orderBy('u.id')
    .execute();
}

export async function enrolledIds(db: Db, classId: string) {
  const rows = await db.selectFrom('enrolments').select('studentId').where('classId', '=', classId).execute();
  return new Set(rows.map((r) => r.studentId));
}

// Seats are read as text: CamelCasePlugin would rewrite the 'row_col' keys of a jsonb object.
const chartColumns = ['id', 'name', 'rows', 'cols', 'deskDirection', sql<string>`seats::text`.as('seatsJson'), 'updatedAt'] as const;

export async function charts(db: Db, classId: string) {
  return db
    .selectFrom('seatingCharts')
    .select(chartColumns)
    .where('classId', '=', classId)
    .orderBy(sql`lower(name)`)
    .execute();
}

export async function nameTaken(db: Db, classId: string, name: string, exceptId: string | null) {
  let query = db
    .selectFrom('seatingCharts')
    .select('id')
    .where('classId', '=', classId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

interface ChartValues {
  name: string;
  rows: number;
  cols: number;
  deskDirection: number;
  seats: Record<string, string>;
}

export async function insertChart(db: Db, classId: string, createdBy: string, values: ChartValues, now: Date) {
  return db
    .insertInto('seatingCharts')
    .values({ classId, createdBy, ...values, seats: JSON.stringify(values.seats), updatedAt: now })
    .returning(chartColumns)
    .executeTakeFirstOrThrow();
}

export async function updateChart(db: Db, classId: string, chartId: string, values: ChartValues, now: Date) {
  return db
    .updateTable('seatingCharts')
    .set({ ...values, seats: JSON.stringify(values.seats), updatedAt: now })
    .where('id', '=', chartId)
    .where('classId', '=', classId)
    .returning(chartColumns)
    .executeTakeFirst();
}

export async function deleteChart(db: Db, classId: string, chartId: string) {
  const result = await db.deleteFrom('seatingCharts').where('id', '=', chartId).where('classId', '=', classId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function attendanceOn(db: Db, classId: string, date: string) {
  return db.selectFrom('attendance').select(['studentId', 'code']).where('classId', '=', classId).where('schoolDate', '=', date).execute();
}

export async function upsertAttendance(
  db: Db,
  rows: { classId: string; studentId: string; schoolDate: string; code: string; recordedBy: string; recordedAt: Date }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('attendance')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['classId', 'studentId', 'schoolDate']).doUpdateSet((eb) => ({
        code: eb.ref('excluded.code'),
        recordedBy: eb.ref('excluded.recordedBy'),
        recordedAt: eb.ref('excluded.recordedAt'),
      })),
    )
    .execute();
}

/** Attendance rows of a class in a range, with each student's name and e-mail. */
export async function attendanceInRange(db: Db, classId: string, from: string, to: string) {
  return db
    .selectFrom('attendance as a')
    .innerJoin('users as u', 'u.id', 'a.studentId')
    .select(['a.studentId', 'a.schoolDate', 'a.code', 'u.email', displayName('u').as('name')])
    .where('a.classId', '=', classId)
    .where('a.schoolDate', '>=', from)
    .where('a.schoolDate', '<=', to)
    .execute();
}
