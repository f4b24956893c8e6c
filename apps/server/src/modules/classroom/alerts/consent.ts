import type { ConsentStatus } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { displayName, requireSchool } from '../common.js';
import { loadAlertSettings } from './settings.js';
import { isParentOfStudent, loadStudent } from '../../../policies/student.js';

/**
 * Parental consent for mood check-ins (docs/decisions/0422): per student, not per school year, so
 * it carries over; a student without a recorded answer is 'pending'.
 */
async function consentOf(db: Db, studentId: string) {
  return db
    .selectFrom('moodConsents as c')
    .leftJoin('users as u', 'u.id', 'c.changedBy')
    .select(['c.status', 'c.changedAt', displayName('u').as('changedBy')])
    .where('c.studentId', '=', studentId)
    .executeTakeFirst();
}

/** Whether the caller may use the mood meter: always, unless they are a student of a school that requires consent not given. */
export async function checkInAllowed(db: Db, user: SessionUser) {
  if (user.role !== 'student' || !user.school) return true;
  const settings = await loadAlertSettings(db, user.school.schoolId);
  if (!settings.requireMoodConsent) return true;
  return (await consentOf(db, user.id))?.status === 'given';
}

async function children(db: Db, parentId: string, schoolId: string) {
  return db
    .selectFrom('parentLinks as l')
    .innerJoin('schoolMemberships as m', (j) => j.onRef('m.userId', '=', 'l.studentId').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student'))
    .innerJoin('users as u', 'u.id', 'l.studentId')
    .select(['u.id', displayName('u').as('name')])
    .where('l.parentId', '=', parentId)
    .orderBy('u.firstName')
    .execute();
}

async function view(db: Db, schoolId: string, child: { id: string; name: string }) {
  const [settings, consent] = await Promise.all([loadAlertSettings(db, schoolId), consentOf(db, child.id)]);
  return {
    studentId: child.id,
    studentName: child.name,
    required: settings.requireMoodConsent,
    status: (consent?.status ?? 'pending') as ConsentStatus,
    changedAt: consent?.changedAt.toISOString() ?? null,
    changedBy: consent ? consent.changedBy : null,
  };
}

export async function myChildrenConsents(db: Db, user: SessionUser) {
  const school = requireSchool(user);
  const list = await children(db, user.id, school.schoolId);
  return Promise.all(list.map((child) => view(db, school.schoolId, child)));
}

/** A parent gives or refuses consent for their own child at the parent's school. Audited. */
export async function setConsent(db: Db, services: Services, user: SessionUser, studentId: string, status: 'given' | 'refused') {
  const school = requireSchool(user);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  if (!isParentOfStudent(user, student)) throw forbidden();
  const now = services.clock.now();
  await db
    .insertInto('moodConsents')
    .values({ studentId, status, changedBy: user.id, changedAt: now })
    .onConflict((oc) => oc.column('studentId').doUpdateSet({ status, changedBy: user.id, changedAt: now }))
    .execute();
  await audit(db, { actorId: user.id, schoolId: school.schoolId, action: 'moodConsent.set', targetType: 'student', targetId: studentId, details: { status } }, now);
  const child = (await children(db, user.id, school.schoolId)).find((c) => c.id === studentId)!;
  return view(db, school.schoolId, child);
}
