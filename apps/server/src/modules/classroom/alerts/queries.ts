import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { AlertSignals, Alerts } from '../../../db/schema.js';
import { displayName } from '../../../lib/display-name.js';

export async function settingsRow(db: Db, schoolId: string) {
  const [school, row] = await Promise.all([
    db.selectFrom('schools').select(['timeZone']).where('id', '=', schoolId).executeTakeFirstOrThrow(),
    db.selectFrom('schoolAlertSettings').selectAll().where('schoolId', '=', schoolId).executeTakeFirst(),
  ]);
  return { timeZone: school.timeZone, row };
}

export async function ensureSettingsRow(db: Db, schoolId: string) {
  await db
    .insertInto('schoolAlertSettings')
    .values({ schoolId })
    .onConflict((oc) => oc.column('schoolId').doNothing())
    .execute();
}

/** The student's open alert in the school, locked for this transaction. */
export function openAlert(db: Db, schoolId: string, studentId: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('schoolId', '=', schoolId)
    .where('studentId', '=', studentId)
    .where('closedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export function lockDueAlert(db: Db, alertId: string, now: Date) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', alertId)
    .where('closedAt', 'is', null)
    .where('nextStepAt', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function dueAlertIds(db: Db, now: Date) {
  const rows = await db
    .selectFrom('alerts')
    .select('id')
    .where('closedAt', 'is', null)
    .where('nextStepAt', '<=', now)
    .orderBy('nextStepAt')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

export async function schoolAdults(db: Db, schoolId: string) {
  return db
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', displayName('u').as('name')])
    .where('m.schoolId', '=', schoolId)
    .where('m.role', 'in', ['teacher', 'staff'])
    .where('m.status', '=', 'active')
    .orderBy(sql`lower(${displayName('u')})`)
    .execute();
}

export async function schoolAdmins(db: Db, schoolId: string) {
  const rows = await db
    .selectFrom('schoolMemberships')
    .select('userId')
    .where('schoolId', '=', schoolId)
    .where('isAdmin', '=', true)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.userId);
}

/** Active trusted adults of the student at the school. */
export async function trustedAdultIds(db: Db, schoolId: string, studentId: string) {
  const rows = await db
    .selectFrom('trustedAdults as ta')
    .innerJoin('schoolMemberships as m', (j) =>
      j.onRef('m.userId', '=', 'ta.adultId').on('m.schoolId', '=', schoolId).on('m.role', 'in', ['teacher', 'staff']).on('m.status', '=', 'active'),
    )
    .select('ta.adultId')
    .where('ta.studentId', '=', studentId)
    .execute();
  return rows.map((r) => r.adultId);
}

/** Teachers (substitutes too) of the student's classes at the school. */
export async function classTeacherIds(db: Db, schoolId: string, studentId: string) {
  const rows = await db
    .selectFrom('enrolments as e')
    .innerJoin('classes as c', 'c.id', 'e.classId')
    .innerJoin('classTeachers as ct', 'ct.classId', 'e.classId')
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'ct.teacherId').on('m.schoolId', '=', schoolId).on('m.status', '=', 'active'))
    .select('ct.teacherId')
    .distinct()
    .where('e.studentId', '=', studentId)
    .where('c.schoolId', '=', schoolId)
    .execute();
  return rows.map((r) => r.teacherId);
}

/** Adds recipients; returns those that are new to the alert. */
export async function addRecipients(db: Db, alertId: string, recipients: { adultId: string; tier: number; reason: string }[], now: Date) {
  if (recipients.length === 0) return [];
  const rows = await db
    .insertInto('alertRecipients')
    .values(recipients.map((r) => ({ alertId, adultId: r.adultId, tier: r.tier, reason: r.reason, notifiedAt: now })))
    .onConflict((oc) => oc.columns(['alertId', 'adultId']).doNothing())
    .returning('adultId')
    .execute();
  return rows.map((r) => r.adultId);
}

export function mailTargets(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'language']).where('id', 'in', ids).where('email', 'is not', null).execute();
}

export async function isRecipient(db: Db, alertId: string, adultId: string) {
  return (
    (await db.selectFrom('alertRecipients').select('adultId').where('alertId', '=', alertId).where('adultId', '=', adultId).executeTakeFirst()) !== undefined
  );
}

const summaryColumns = (adultId: string) =>
  [
    'a.id',
    'a.studentId',
    'a.openedAt',
    'a.tier',
    'a.escalatedAt',
    'a.firstAcknowledgedAt',
    'a.closedAt',
    'a.nextStepAt',
    'a.pendingSince',
    displayName('u').as('studentName'),
    sql<string>`(select s.mood from alert_signals s where s.alert_id = a.id order by s.at desc limit 1)`.as('latestMood'),
    sql<string>`(select s.priority from alert_signals s where s.alert_id = a.id order by s.at desc limit 1)`.as('latestPriority'),
    sql<number>`(select count(*)::int from alert_signals s where s.alert_id = a.id)`.as('signals'),
    sql<boolean>`exists (select 1 from alert_signals s where s.alert_id = a.id and (s.talk_to = ${adultId}))`.as('askedForMe'),
  ] as const;

export type SummaryRow = Awaited<ReturnType<typeof alertsForAdult>>[number];

/** Alerts that reached the adult at the school: open ones, and those closed since `closedSince`. */
export function alertsForAdult(db: Db, schoolId: string, adultId: string, closedSince: Date) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.studentId')
    .select(summaryColumns(adultId))
    .where('a.schoolId', '=', schoolId)
    .where((eb) => eb.exists(eb.selectFrom('alertRecipients as r').select('r.alertId').whereRef('r.alertId', '=', 'a.id').where('r.adultId', '=', adultId)))
    .where((eb) => eb.or([eb('a.closedAt', 'is', null), eb('a.closedAt', '>=', closedSince)]))
    .orderBy(sql`a.closed_at is null`, 'desc')
    .orderBy('a.openedAt', 'desc')
    .limit(200)
    .execute();
}

/** The school's alerts whose first notice waits for school hours, that have not reached `adultId` (the bell shows them to the adults they will reach, decision 0522). */
export function waitingAlerts(db: Db, schoolId: string, adultId: string) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.studentId')
    .select(summaryColumns(adultId))
    .where('a.schoolId', '=', schoolId)
    .where('a.closedAt', 'is', null)
    .where('a.tier', '<', 0)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('alertRecipients as r').select('r.alertId').whereRef('r.alertId', '=', 'a.id').where('r.adultId', '=', adultId))),
    )
    .orderBy('a.openedAt', 'desc')
    .limit(200)
    .execute();
}

export function alertsOfStudent(db: Db, schoolId: string, studentId: string, viewerId: string) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.studentId')
    .select(summaryColumns(viewerId))
    .where('a.schoolId', '=', schoolId)
    .where('a.studentId', '=', studentId)
    .orderBy('a.openedAt', 'desc')
    .limit(100)
    .execute();
}

export function alertById(db: Db, schoolId: string, alertId: string, viewerId: string) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.studentId')
    .select(summaryColumns(viewerId))
    .where('a.schoolId', '=', schoolId)
    .where('a.id', '=', alertId)
    .executeTakeFirst();
}

export async function trail(db: Db, alertId: string) {
  const [checkIns, recipients, actions] = await Promise.all([
    db
      .selectFrom('alertSignals as s')
      .leftJoin('users as t', 't.id', 's.talkTo')
      .select(['s.at', 's.mood', 's.priority', 's.talkTo', displayName('t').as('talkToName'), 's.talkToAny', 's.afterHours'])
      .where('s.alertId', '=', alertId)
      .orderBy('s.at')
      .execute(),
    db
      .selectFrom('alertRecipients as r')
      .innerJoin('users as u', 'u.id', 'r.adultId')
      .select(['r.adultId', displayName('u').as('name'), 'r.tier', 'r.reason', 'r.notifiedAt'])
      .where('r.alertId', '=', alertId)
      .orderBy('r.tier')
      .orderBy(sql`lower(${displayName('u')})`)
      .execute(),
    db
      .selectFrom('alertActions as x')
      .leftJoin('users as u', 'u.id', 'x.actorId')
      .select(['x.id', 'x.actorId', displayName('u').as('actorName'), 'x.at', 'x.action', 'x.note', 'x.closed', 'x.corrects'])
      .where('x.alertId', '=', alertId)
      .orderBy('x.at')
      .execute(),
  ]);
  return { checkIns, recipients, actions };
}

export function insertAlert(db: Db, values: Insertable<Alerts>) {
  return db.insertInto('alerts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAlert(db: Db, alertId: string, values: Updateable<Alerts>) {
  return db.updateTable('alerts').set(values).where('id', '=', alertId).returningAll().executeTakeFirstOrThrow();
}

export async function insertSignal(db: Db, values: Insertable<AlertSignals>) {
  await db.insertInto('alertSignals').values(values).execute();
}

/** The adults the student asked for by name in the alert's check-ins. */
export async function chosenAdultIds(db: Db, alertId: string) {
  const rows = await db.selectFrom('alertSignals').select('talkTo').where('alertId', '=', alertId).where('talkTo', 'is not', null).execute();
  return rows.map((r) => r.talkTo!);
}

/** Every adult the alert reached, with the tier and reason they were first told with. */
export function recipientsOf(db: Db, alertId: string) {
  return db.selectFrom('alertRecipients').select(['adultId', 'tier', 'reason']).where('alertId', '=', alertId).execute();
}

/** What a notice says: the school, the student's list name and the feeling of the latest check-in. */
export async function noticeFacts(db: Db, alert: { id: string; schoolId: string; studentId: string }) {
  const school = await db.selectFrom('schools').select('name').where('id', '=', alert.schoolId).executeTakeFirstOrThrow();
  const student = await db.selectFrom('users as u').select(displayName('u').as('name')).where('u.id', '=', alert.studentId).executeTakeFirstOrThrow();
  const signal = await db.selectFrom('alertSignals').select('mood').where('alertId', '=', alert.id).orderBy('at', 'desc').executeTakeFirstOrThrow();
  return { schoolName: school.name, studentName: student.name, mood: signal.mood };
}
