import { randomBytes } from 'node:crypto';
import {
  completeMoodMessages,
  MoodMessagesSchema,
  NOTIFICATION_EMAILS_MAX,
  type ConfigurationUpdate,
  type MoodMessages,
  type SchoolConfiguration,
} from '@high5/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Schools } from '../../../db/schema.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { hashToken } from '../../../plugins/session.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import {
  addNotificationEmails,
  adminLanguageAndSchool,
  findConfiguration,
  lockSchool,
  notificationEmailStates,
  notificationEmails,
  removeNotificationEmails,
  renewConfirmationToken,
  updateSchool,
} from './queries.js';

/** How long after a confirmation link another may be sent to the same address (decision 0590). */
export const CONFIRMATION_RESEND_SECONDS = 600;

const stateOf = (row: { email: string; confirmedAt: Date | null; confirmSentAt: Date | null }) => ({
  email: row.email,
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  linkSentAt: row.confirmSentAt?.toISOString() ?? null,
});

const EMPTY_MESSAGES: MoodMessages = { en: { message1: '', message2: '' }, es: { message1: '', message2: '' } };

export async function getConfiguration(db: Db, schoolId: string): Promise<SchoolConfiguration> {
  const [row, states] = await Promise.all([findConfiguration(db, schoolId), notificationEmailStates(db, schoolId)]);
  if (!row) throw notFound();
  const held = row.moodReportHeldOn && (!row.lastMoodReportSentOn || row.moodReportHeldOn > row.lastMoodReportSentOn) ? row.moodReportHeldOn : null;
  const messages = MoodMessagesSchema.safeParse(row.moodmeterMessages);
  return {
    schoolName: row.name,
    timeZone: row.timeZone,
    triggerTime: row.triggerTime.slice(0, 5),
    notificationEmails: states.map((s) => s.email),
    notificationEmailStates: states.map(stateOf),
    high5Vibes: row.high5Vibes,
    high5NotifyEmail: row.high5NotifyEmail,
    promptMoodmeter: row.promptMoodmeter,
    moodmeterMessages: messages.success ? messages.data : EMPTY_MESSAGES,
    urls: {
      programIep: row.urlProgramIep ?? '',
      program504: row.urlProgram504 ?? '',
      language: row.urlLanguage ?? '',
      studentDocument: row.urlStudentDocument ?? '',
    },
    lastMoodReportSentOn: row.lastMoodReportSentOn,
    moodReportHeldOn: held,
    paid: !!row.paid,
    notYetDays: row.notYetDays,
  };
}

/** Applies any of the configuration's settings; a mood message missing in one language is copied from the other. */
export async function updateConfiguration(db: Db, services: Services, actor: Actor, update: ConfigurationUpdate) {
  const values: Updateable<Schools> = {};
  if (update.triggerTime !== undefined) values.triggerTime = update.triggerTime;
  if (update.timeZone !== undefined) values.timeZone = update.timeZone;
  if (update.high5Vibes !== undefined) values.high5Vibes = update.high5Vibes;
  if (update.high5NotifyEmail !== undefined) values.high5NotifyEmail = update.high5NotifyEmail;
  if (update.promptMoodmeter !== undefined) values.promptMoodmeter = update.promptMoodmeter;
  if (update.notYetDays !== undefined) values.notYetDays = update.notYetDays;
  let messages: MoodMessages | undefined;
  if (update.moodmeterMessages !== undefined) {
    messages = completeMoodMessages(update.moodmeterMessages);
    values.moodmeterMessages = JSON.stringify(messages);
  }
  if (update.urls !== undefined) {
    values.urlProgramIep = update.urls.programIep || null;
    values.urlProgram504 = update.urls.program504 || null;
    values.urlLanguage = update.urls.language || null;
    values.urlStudentDocument = update.urls.studentDocument || null;
  }
  await updateSchool(db, actor.schoolId, values);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'configuration.update',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { ...update, ...(messages ? { moodmeterMessages: messages } : {}) },
    },
    services.clock.now(),
  );
  return getConfiguration(db, actor.schoolId);
}

/** Removes, then adds addresses; at most NOTIFICATION_EMAILS_MAX remain configured. */
export async function updateNotificationEmails(db: Db, services: Services, actor: Actor, change: { add: string[]; remove: string[] }) {
  await lockSchool(db, actor.schoolId);
  // Adding an address already on the list is refused, so the screen never says "added" for nothing.
  const before = new Set(await notificationEmails(db, actor.schoolId));
  if (change.add.some((email) => before.has(email) && !change.remove.includes(email))) throw conflict('NOTIFICATION_EMAIL_EXISTS');
  await removeNotificationEmails(db, actor.schoolId, change.remove);
  const tokens = new Map(change.add.map((email) => [email, randomBytes(32).toString('base64url')]));
  const added = await addNotificationEmails(
    db,
    actor.schoolId,
    [...tokens].map(([email, token]) => ({ email, tokenHash: hashToken(token) })),
    services.clock.now(),
  );
  const emails = await notificationEmails(db, actor.schoolId);
  if (emails.length > NOTIFICATION_EMAILS_MAX) throw new AppError(400, 'TOO_MANY_NOTIFICATION_EMAILS');
  // Each new address confirms before any report reaches it: a link, in the admin's language.
  await mailConfirmationLinks(
    db,
    services,
    actor,
    added.map((email) => ({ email, token: tokens.get(email)! })),
  );
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'configuration.notificationEmails',
      targetType: 'school',
      targetId: actor.schoolId,
      details: change,
    },
    services.clock.now(),
  );
  return emails;
}

/** E-mails each address its confirmation link, in the admin's language. */
async function mailConfirmationLinks(db: Db, services: Services, actor: Actor, links: { email: string; token: string }[]) {
  if (links.length === 0) return;
  const { language, schoolName } = await adminLanguageAndSchool(db, actor.id, actor.schoolId);
  for (const { email, token } of links) {
    const url = `${services.config.publicUrl}/v1/notification-emails/confirm?token=${token}`;
    await services.mail.queue(db, email, language, 'admin:mail.notificationConfirm', { schoolName, url });
  }
}

/**
 * A new confirmation link for one of the school's unconfirmed addresses (decision 0590): only an
 * address on this school's list (anything else is 404, whatever other schools hold), once per
 * address every CONFIRMATION_RESEND_SECONDS, audited.
 */
export async function resendNotificationConfirmation(db: Db, services: Services, actor: Actor, email: string) {
  await lockSchool(db, actor.schoolId);
  const row = (await notificationEmailStates(db, actor.schoolId)).find((r) => r.email === email);
  if (!row) throw notFound();
  if (row.confirmedAt) throw conflict('NOTIFICATION_EMAIL_CONFIRMED');
  const now = services.clock.now();
  const waited = row.confirmSentAt ? (now.getTime() - row.confirmSentAt.getTime()) / 1000 : Infinity;
  if (waited < CONFIRMATION_RESEND_SECONDS)
    throw new AppError(429, 'CONFIRMATION_SENT_RECENTLY', undefined, { retryAfterSeconds: Math.ceil(CONFIRMATION_RESEND_SECONDS - waited) });
  const token = randomBytes(32).toString('base64url');
  const renewed = await renewConfirmationToken(db, actor.schoolId, email, hashToken(token), now);
  if (!renewed) throw notFound();
  await mailConfirmationLinks(db, services, actor, [{ email, token }]);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'configuration.notificationConfirmationResent',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { email },
    },
    now,
  );
  return stateOf(renewed);
}
