import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export function dataSettings(db: Db, schoolId: string) {
  return db
    .selectFrom('schools')
    .select(['retentionYears', 'familyExportMinGrade', 'retentionCheckedOn', 'timeZone'])
    .where('id', '=', schoolId)
    .executeTakeFirst();
}

export function updateDataSettings(db: Db, schoolId: string, values: { retentionYears: number | null; familyExportMinGrade: number }) {
  return db.updateTable('schools').set(values).where('id', '=', schoolId).execute();
}

interface DueSchool {
  id: string;
  timeZone: string;
  retentionYears: number;
  localDate: string;
}

/** Schools that keep a limited number of years and whose retention has not run yet this school-local day, from `at` (local time) on. */
export async function dueSchools(db: Db, now: Date, at: string): Promise<DueSchool[]> {
  const result = await sql<DueSchool>`
    select s.id, s.time_zone, s.retention_years, to_char((${now}::timestamptz at time zone s.time_zone)::date, 'YYYY-MM-DD') as local_date
    from schools s
    where s.retention_years is not null
      and (${now}::timestamptz at time zone s.time_zone)::time >= ${at}::time
      and (s.retention_checked_on is null or s.retention_checked_on < (${now}::timestamptz at time zone s.time_zone)::date)
    order by s.id`.execute(db);
  return result.rows;
}

/** Claims the school's run for `localDate`; false when another worker already did. */
export async function claimRun(db: Db, schoolId: string, localDate: string) {
  const row = await db
    .updateTable('schools')
    .set({ retentionCheckedOn: localDate })
    .where('id', '=', schoolId)
    .where('retentionYears', 'is not', null)
    .where((eb) => eb.or([eb('retentionCheckedOn', 'is', null), eb('retentionCheckedOn', '<', localDate)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The school's students' journal entries written before `before` (a school-local date). */
const oldJournals = (schoolId: string, before: string, timeZone: string) => sql`
  journal_entries.user_id in (select m.user_id from school_memberships m where m.school_id = ${schoolId} and m.role = 'student')
  and (journal_entries.written_at at time zone ${timeZone})::date < ${before}::date`;

/** Deletes the school's moods, attendance and students' journal entries dated before `before`; answers how many of each. */
export async function deleteBefore(db: Db, schoolId: string, before: string, timeZone: string) {
  const moods = await db.deleteFrom('moods').where('schoolId', '=', schoolId).where('schoolDate', '<', before).executeTakeFirst();
  const attendance = await db
    .deleteFrom('attendance')
    .where('classId', 'in', db.selectFrom('classes').select('id').where('schoolId', '=', schoolId))
    .where('schoolDate', '<', before)
    .executeTakeFirst();
  const journals = await sql`delete from journal_entries where ${oldJournals(schoolId, before, timeZone)}`.execute(db);
  return { moods: Number(moods.numDeletedRows), attendance: Number(attendance.numDeletedRows), journalEntries: Number(journals.numAffectedRows ?? 0) };
}

/** True when the school has a mood, attendance mark or student's journal entry dated before `before`. */
export async function hasDataBefore(db: Db, schoolId: string, before: string, timeZone: string) {
  const result = await sql<{ any: boolean }>`
    select exists (select 1 from moods where school_id = ${schoolId} and school_date < ${before}::date)
      or exists (select 1 from attendance a join classes c on c.id = a.class_id where c.school_id = ${schoolId} and a.school_date < ${before}::date)
      or exists (select 1 from journal_entries where ${oldJournals(schoolId, before, timeZone)}) as any`.execute(db);
  return !!result.rows[0]?.any;
}
