import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface DueSchool {
  id: string;
  name: string;
  timeZone: string;
  /** The school-local date at `now`. */
  localDate: string;
}

/**
 * Schools whose trigger time has passed today (in their own time zone), whose report was not
 * sent yet today, and that have at least one address to send it to.
 */
export async function dueSchools(db: Db, now: Date): Promise<DueSchool[]> {
  const result = await sql<DueSchool>`
    select s.id, s.name, s.time_zone, to_char((${now}::timestamptz at time zone s.time_zone)::date, 'YYYY-MM-DD') as local_date
    from schools s
    where exists (select 1 from school_notification_emails e where e.school_id = s.id)
      and (${now}::timestamptz at time zone s.time_zone)::time >= s.trigger_time
      and (s.last_mood_report_sent_on is null or s.last_mood_report_sent_on < (${now}::timestamptz at time zone s.time_zone)::date)
    order by s.id`.execute(db);
  return result.rows;
}

/** Marks today's report as sent; false when another worker already did (the send is then skipped). */
export async function claimDailyReport(db: Db, schoolId: string, localDate: string) {
  const row = await db
    .updateTable('schools')
    .set({ lastMoodReportSentOn: localDate })
    .where('id', '=', schoolId)
    .where((eb) => eb.or([eb('lastMoodReportSentOn', 'is', null), eb('lastMoodReportSentOn', '<', localDate)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that today's report was due but held (no confirmed address); false when it was
 * already recorded today, so the audit and the screen say it once a day (decision 0590).
 */
export async function holdDailyReport(db: Db, schoolId: string, localDate: string) {
  const row = await db
    .updateTable('schools')
    .set({ moodReportHeldOn: localDate })
    .where('id', '=', schoolId)
    .where((eb) => eb.or([eb('moodReportHeldOn', 'is', null), eb('moodReportHeldOn', '<', localDate)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many addresses the school lists, confirmed or not. */
export async function listedAddressCount(db: Db, schoolId: string) {
  const row = await db
    .selectFrom('schoolNotificationEmails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('schoolId', '=', schoolId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function schoolForReport(db: Db, schoolId: string) {
  return db.selectFrom('schools').select(['id', 'name', 'timeZone']).where('id', '=', schoolId).executeTakeFirst();
}

/** The configured addresses, each in the language of the account that has it (English otherwise). */
export function reportRecipients(db: Db, schoolId: string) {
  return (
    db
      .selectFrom('schoolNotificationEmails as e')
      .leftJoin('users as u', 'u.email', 'e.email')
      .select(['e.email', 'u.language'])
      .where('e.schoolId', '=', schoolId)
      // Only addresses whose owner followed the confirmation link (decision 0154).
      .where('e.confirmedAt', 'is not', null)
      .orderBy('e.email')
      .execute()
  );
}

/** Most lines one e-mail lists; the total is always given. */
export const MAIL_LINES_MAX = 300;

/** Students' low-enjoyment or emergency check-ins of a school between two school dates, most urgent first. */
export async function concerningCheckIns(db: Db, schoolId: string, from: string, to: string) {
  const base = db
    .selectFrom('moods as m')
    .innerJoin('schoolMemberships as sm', (join) => join.onRef('sm.userId', '=', 'm.userId').onRef('sm.schoolId', '=', 'm.schoolId'))
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where('m.schoolId', '=', schoolId)
    .where('sm.role', '=', 'student')
    .where('m.schoolDate', '>=', from)
    .where('m.schoolDate', '<=', to)
    .where((eb) => eb.or([eb('m.lowEnjoyment', '=', true), eb('m.emergency', '=', true)]));
  const [rows, total] = await Promise.all([
    base
      .select(['u.firstName', 'u.lastName', 'm.schoolDate', 'm.mood', 'm.emergency', 'm.emergencyPriority'])
      .orderBy('m.schoolDate', 'desc')
      .orderBy(sql`m.emergency_priority = 'today'`, 'desc')
      .orderBy('m.emergency', 'desc')
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .limit(MAIL_LINES_MAX)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}
