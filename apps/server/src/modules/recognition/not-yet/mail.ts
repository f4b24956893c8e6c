import { formatDate, schoolDaysBetween } from '@high5/contract';
import { serverT, type Lang } from '@high5/i18n';
import { sql } from 'kysely';
import { inTransaction, type Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import type { Services } from '../../../services/index.js';
import { notYetSettings } from './queries.js';
import { notYetFor } from './service.js';

/** The job, run every 15 minutes by a schedule (once across servers), that sends the monthly "not yet" e-mails. */
export const NOT_YET_MAIL_TICK = 'not-yet-mail.tick';
/** The mail goes out from this school-local time on the first school days of a month. */
const SEND_FROM = '07:00';
/** A month whose first school days the server missed (it was down) is sent up to this school day. */
const LATEST_SCHOOL_DAY = 3;
/** Names listed in one e-mail; the rest are counted. */
const LINES_MAX = 60;

interface DueSchool {
  id: string;
  name: string;
  localDate: string;
}

/** Schools past SEND_FROM whose teachers were not yet sent this month's e-mail. */
async function dueSchools(db: Db, now: Date) {
  const result = await sql<DueSchool>`
    select s.id, s.name, to_char((${now}::timestamptz at time zone s.time_zone)::date, 'YYYY-MM-DD') as local_date
    from schools s
    where (${now}::timestamptz at time zone s.time_zone)::time >= ${SEND_FROM}::time
      and (s.not_yet_mail_month is null or s.not_yet_mail_month < date_trunc('month', (${now}::timestamptz at time zone s.time_zone))::date)
    order by s.id`.execute(db);
  return result.rows;
}

/** Claims the month for the school; false when another worker did. */
async function claimMonth(db: Db, schoolId: string, month: string) {
  const row = await db
    .updateTable('schools')
    .set({ notYetMailMonth: month })
    .where('id', '=', schoolId)
    .where((eb) => eb.or([eb('notYetMailMonth', 'is', null), eb('notYetMailMonth', '<', month)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Active teachers of the school with a class, an address and the e-mail on. */
function recipients(db: Db, schoolId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', 'u.language'])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', '=', 'teacher')
    .where('m.status', '=', 'active')
    .where('u.notYetMail', '=', true)
    .where('u.email', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('classTeachers as ct')
          .innerJoin('classes as c', 'c.id', 'ct.classId')
          .select('ct.classId')
          .whereRef('ct.teacherId', '=', 'u.id')
          .where('c.schoolId', '=', schoolId),
      ),
    )
    .orderBy('u.id')
    .execute();
}

/** Queues one teacher's e-mail, in their language; none when every student was recognised. */
async function queueTeacherMail(db: Db, services: Services, school: DueSchool, teacher: { id: string; email: string; language: string }) {
  const list = await notYetFor(db, services, { id: teacher.id, schoolId: school.id }, null);
  if (list.notYet.length === 0) return false;
  const lang: Lang = teacher.language === 'es' ? 'es' : 'en';
  const t = serverT(lang);
  const lines = list.notYet.slice(0, LINES_MAX).map((s) => {
    const notes = [
      s.lastFromMe ? t('recognition:mail.notYet.lastFromMe', { date: formatDate(s.lastFromMe, lang) }) : t('recognition:mail.notYet.neverFromMe'),
      ...(s.notYetFromAnyone ? [t('recognition:mail.notYet.nobody')] : []),
      ...(s.joinedOn ? [t('recognition:mail.notYet.joined', { date: formatDate(s.joinedOn, lang) })] : []),
      ...(s.daysAway > 0 ? [t('recognition:mail.notYet.away', { count: s.daysAway })] : []),
    ];
    return `- ${s.name} (${s.classNames.join(', ')}): ${notes.join('; ')}`;
  });
  if (list.notYet.length > LINES_MAX) lines.push(t('recognition:mail.notYet.more', { count: list.notYet.length - LINES_MAX }));
  await services.mail.queue(db, teacher.email, lang, 'recognition:mail.notYet', {
    schoolName: school.name,
    days: list.days,
    count: list.notYet.length,
    students: list.students,
    lines: lines.join('\n'),
    url: services.config.publicUrl,
  });
  return true;
}

/**
 * One tick: for each school on one of the first school days of a month, past SEND_FROM, claims
 * the month and queues each teacher's e-mail in the same transaction (docs/decisions/0568).
 */
export async function runNotYetMailTick(services: Services) {
  const now = services.clock.now();
  let sent = 0;
  for (const school of await dueSchools(services.db, now)) {
    const settings = await notYetSettings(services.db, school.id);
    const first = `${school.localDate.slice(0, 8)}01`;
    const nth = schoolDaysBetween(first, school.localDate, settings.schoolDays);
    // Only on a school day among the month's first ones (a month missed entirely waits for the next).
    if (schoolDaysBetween(school.localDate, school.localDate, settings.schoolDays) === 0 || nth > LATEST_SCHOOL_DAY) continue;
    await inTransaction(services.db, async (tx) => {
      if (!(await claimMonth(tx, school.id, first))) return;
      let teachers = 0;
      for (const teacher of await recipients(tx, school.id))
        if (await queueTeacherMail(tx, services, school, { ...teacher, email: teacher.email! })) teachers++;
      await audit(
        tx,
        {
          actorId: null,
          schoolId: school.id,
          action: 'notYet.monthly',
          targetType: 'school',
          targetId: school.id,
          details: { teachers, date: school.localDate },
        },
        now,
      );
      sent += teachers;
    });
  }
  return sent;
}
