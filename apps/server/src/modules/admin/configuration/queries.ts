import type { Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Schools } from '../../../db/schema.js';

export function findConfiguration(db: Db, schoolId: string) {
  return db
    .selectFrom('schools')
    .select([
      'name',
      'timeZone',
      'triggerTime',
      'high5Vibes',
      'high5NotifyEmail',
      'promptMoodmeter',
      'moodmeterMessages',
      'notYetDays',
      'urlProgramIep',
      'urlProgram504',
      'urlLanguage',
      'urlStudentDocument',
      (eb) => eb.selectFrom('districts as d').select('d.paid').whereRef('d.id', '=', 'schools.districtId').as('paid'),
      'lastMoodReportSentOn',
      'moodReportHeldOn',
    ])
    .where('id', '=', schoolId)
    .executeTakeFirst();
}

/** The addresses with their confirmation state (decision 0590). */
export function notificationEmailStates(db: Db, schoolId: string) {
  return db
    .selectFrom('schoolNotificationEmails')
    .select(['email', 'confirmedAt', 'confirmSentAt'])
    .where('schoolId', '=', schoolId)
    .orderBy('email')
    .execute();
}

/** Gives an unconfirmed address a new link (the earlier one stops working); the row, or undefined when it is not this school's. */
export function renewConfirmationToken(db: Db, schoolId: string, email: string, tokenHash: string, now: Date) {
  return db
    .updateTable('schoolNotificationEmails')
    .set({ confirmTokenHash: tokenHash, confirmSentAt: now })
    .where('schoolId', '=', schoolId)
    .where('email', '=', email)
    .where('confirmedAt', 'is', null)
    .returning(['email', 'confirmedAt', 'confirmSentAt'])
    .executeTakeFirst();
}

export async function notificationEmails(db: Db, schoolId: string) {
  const rows = await db.selectFrom('schoolNotificationEmails').select('email').where('schoolId', '=', schoolId).orderBy('email').execute();
  return rows.map((r) => r.email);
}

export async function updateSchool(db: Db, schoolId: string, values: Updateable<Schools>) {
  await db.updateTable('schools').set(values).where('id', '=', schoolId).execute();
}

/** Locks the school row: concurrent changes of its address list are applied one after the other. */
export async function lockSchool(db: Db, schoolId: string) {
  await db.selectFrom('schools').select('id').where('id', '=', schoolId).forUpdate().executeTakeFirst();
}

/** Adds the addresses not configured yet, each with the hash of its confirmation token; returns the added ones. */
export async function addNotificationEmails(db: Db, schoolId: string, emails: { email: string; tokenHash: string }[], now: Date) {
  if (emails.length === 0) return [];
  const rows = await db
    .insertInto('schoolNotificationEmails')
    .values(emails.map((e) => ({ schoolId, email: e.email, confirmTokenHash: e.tokenHash, confirmSentAt: now })))
    .onConflict((oc) => oc.columns(['schoolId', 'email']).doNothing())
    .returning('email')
    .execute();
  return rows.map((r) => r.email);
}

/** Confirms the address whose link carried this token (once); false when no address has it. */
export async function confirmNotificationEmail(db: Db, tokenHash: string, now: Date) {
  const row = await db
    .updateTable('schoolNotificationEmails')
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where('confirmTokenHash', '=', tokenHash)
    .returning('email')
    .executeTakeFirst();
  return !!row;
}

export async function removeNotificationEmails(db: Db, schoolId: string, emails: string[]) {
  if (emails.length === 0) return;
  await db.deleteFrom('schoolNotificationEmails').where('schoolId', '=', schoolId).where('email', 'in', emails).execute();
}

/** The acting admin's language (the confirmation mail's) and the school's name. */
export async function adminLanguageAndSchool(db: Db, adminId: string, schoolId: string) {
  const admin = await db.selectFrom('users').select('language').where('id', '=', adminId).executeTakeFirst();
  const school = await db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return { language: admin?.language === 'es' ? ('es' as const) : ('en' as const), schoolName: school.name };
}
