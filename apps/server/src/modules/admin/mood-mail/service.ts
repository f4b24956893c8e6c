import { addDays, formatDate, toIsoDate } from '@high5/contract';
import { serverT, type Lang } from '@high5/i18n';
import type { Db } from '../../../db/database.js';
import { inTransaction } from '../../../db/database.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import { claimDailyReport, concerningCheckIns, dueSchools, holdDailyReport, listedAddressCount, reportRecipients, schoolForReport } from './queries.js';

type Recipient = Awaited<ReturnType<typeof reportRecipients>>[number];

/** The job, run every minute by a schedule (once across servers), that sends each school's daily mood meter report at its trigger time. */
export const MOOD_REPORT_TICK = 'mood-report.tick';

/**
 * Queues the report e-mail of one school, in the caller's transaction: the low-enjoyment and
 * emergency check-ins of students from yesterday and today (school-local dates).
 */
async function queueReport(db: Db, services: Services, school: { id: string; name: string }, today: string, recipients: Recipient[]) {
  const from = addDays(today, -1);
  const checkIns = await concerningCheckIns(db, school.id, from, today);
  for (const recipient of recipients) {
    const lang: Lang = recipient.language === 'es' ? 'es' : 'en';
    const t = serverT(lang);
    const lines = checkIns.rows.map((row) => {
      const feeling = t(`admin:moods.${row.mood}`);
      const urgency =
        row.emergencyPriority === 'today' ? t('admin:mail.moodReport.emergencyToday') : row.emergency ? t('admin:mail.moodReport.emergencyLater') : '';
      return `- ${formatDate(row.schoolDate, lang)}  ${row.lastName}, ${row.firstName}: ${feeling}${urgency ? ` (${urgency})` : ''}`;
    });
    if (checkIns.total > checkIns.rows.length) lines.push(t('admin:mail.moodReport.more', { count: checkIns.total - checkIns.rows.length }));
    await services.mail.queue(db, recipient.email, lang, 'admin:mail.moodReport', {
      schoolName: school.name,
      from: formatDate(from, lang),
      to: formatDate(today, lang),
      count: checkIns.total,
      lines: lines.length ? lines.join('\n') : t('admin:mail.moodReport.none'),
      url: services.config.publicUrl,
    });
  }
  return recipients.length;
}

/** "Generate Mood Meter Report": sends the report now, whatever the daily schedule did. */
export async function sendMoodReportNow(db: Db, services: Services, actor: Actor) {
  const school = await schoolForReport(db, actor.schoolId);
  if (!school) throw notFound();
  const today = toIsoDate(services.clock.now(), school.timeZone);
  const confirmed = await reportRecipients(db, school.id);
  // Never "sent" to nobody: listed but unconfirmed addresses are named as such (decision 0590).
  if (confirmed.length === 0)
    throw new AppError(400, (await listedAddressCount(db, school.id)) > 0 ? 'NOTIFICATION_EMAILS_UNCONFIRMED' : 'NO_NOTIFICATION_EMAILS');
  const recipients = await queueReport(db, services, school, today, confirmed);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'moodReport.send',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { recipients, date: today },
    },
    services.clock.now(),
  );
  return { recipients };
}

/**
 * One tick: sends the report of every school that is due. Each school is claimed
 * (last_mood_report_sent_on) in the same transaction that queues its mail, so a report goes out
 * once per school day however many ticks or servers run. A school whose addresses are all
 * unconfirmed is not claimed: the day is recorded as held (once, audited) and the report goes out
 * as soon as an address confirms that day (decision 0590).
 */
export async function runMoodReportTick(services: Services) {
  const now = services.clock.now();
  let sent = 0;
  for (const school of await dueSchools(services.db, now)) {
    await inTransaction(services.db, async (tx) => {
      const confirmed = await reportRecipients(tx, school.id);
      if (confirmed.length === 0) {
        if (await holdDailyReport(tx, school.id, school.localDate)) {
          await audit(
            tx,
            {
              actorId: null,
              schoolId: school.id,
              action: 'moodReport.held',
              targetType: 'school',
              targetId: school.id,
              details: { reason: 'unconfirmed', date: school.localDate },
            },
            now,
          );
        }
        return;
      }
      if (!(await claimDailyReport(tx, school.id, school.localDate))) return;
      const recipients = await queueReport(tx, services, school, school.localDate, confirmed);
      await audit(
        tx,
        {
          actorId: null,
          schoolId: school.id,
          action: 'moodReport.daily',
          targetType: 'school',
          targetId: school.id,
          details: { recipients, date: school.localDate },
        },
        now,
      );
      sent++;
    });
  }
  return sent;
}
