import type { ConsentStatus, SchoolMoodConsent } from '@high5/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { AppError, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { displayName } from '../../../lib/display-name.js';
import { loadAlertSettings } from './settings.js';
import { isKnownParentOfStudent, isParentOfStudent, loadStudent } from '../../../policies/student.js';
import { currentSchool } from '../../../lib/current-school.js';

/**
 * The one rule of whether a recorded answer counts (docs/decisions/0540): it was given by a parent
 * the school knows, still linked to the student. An answer of a self-invited "parent" (perhaps the
 * student's own second address), or of a parent since unlinked, is as good as none.
 */
const answerCounts = sql<boolean>`exists (select 1 from parent_links known
  where known.parent_id = c.changed_by and known.student_id = c.student_id and known.confirmed_at is not null)`;

/**
 * Parental consent for mood check-ins (docs/decisions/0422): per student, not per school year, so
 * it carries over; a student without an answer that counts is 'pending'.
 */
async function consentOf(db: Db, studentId: string) {
  const row = await db
    .selectFrom('moodConsents as c')
    .leftJoin('users as u', 'u.id', 'c.changedBy')
    .select(['c.status', 'c.changedAt', displayName('u').as('changedBy'), answerCounts.as('counts')])
    .where('c.studentId', '=', studentId)
    .executeTakeFirst();
  return row?.counts ? row : undefined;
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
    .select(['u.id', displayName('u').as('name'), 'l.confirmedAt'])
    .where('l.parentId', '=', parentId)
    .orderBy('u.firstName')
    .execute();
}

async function view(db: Db, schoolId: string, child: { id: string; name: string; confirmedAt: Date | null }) {
  const [settings, consent] = await Promise.all([loadAlertSettings(db, schoolId), consentOf(db, child.id)]);
  return {
    studentId: child.id,
    studentName: child.name,
    required: settings.requireMoodConsent,
    status: (consent?.status ?? 'pending') as ConsentStatus,
    changedAt: consent?.changedAt.toISOString() ?? null,
    changedBy: consent ? consent.changedBy : null,
    confirmed: child.confirmedAt !== null,
  };
}

export async function myChildrenConsents(db: Db, user: SessionUser) {
  const school = currentSchool(user);
  const list = await children(db, user.id, school.schoolId);
  return Promise.all(list.map((child) => view(db, school.schoolId, child)));
}

/**
 * A parent the school knows gives or refuses consent for their own child at the parent's school.
 * A parent whose link a student made answers 403 MOOD_CONSENT_PARENT_UNCONFIRMED until a school
 * admin confirms it (docs/decisions/0540). Audited.
 */
export async function setConsent(db: Db, services: Services, user: SessionUser, studentId: string, status: 'given' | 'refused') {
  const school = currentSchool(user);
  const student = await loadStudent(db, user, studentId);
  if (!student) throw notFound();
  if (!isParentOfStudent(user, student)) throw forbidden();
  if (!isKnownParentOfStudent(user, student)) throw new AppError(403, 'MOOD_CONSENT_PARENT_UNCONFIRMED');
  const now = services.clock.now();
  await db
    .insertInto('moodConsents')
    .values({ studentId, status, changedBy: user.id, changedAt: now })
    .onConflict((oc) => oc.column('studentId').doUpdateSet({ status, changedBy: user.id, changedAt: now }))
    .execute();
  await audit(
    db,
    { actorId: user.id, schoolId: school.schoolId, action: 'moodConsent.set', targetType: 'student', targetId: studentId, details: { status } },
    now,
  );
  const child = (await children(db, user.id, school.schoolId)).find((c) => c.id === studentId)!;
  return view(db, school.schoolId, child);
}

/** The recorded answers of the school's students, who gave each and whether it counts (school admins). */
export async function schoolConsents(db: Db, schoolId: string): Promise<SchoolMoodConsent[]> {
  const rows = await db
    .selectFrom('moodConsents as c')
    .innerJoin('schoolMemberships as m', (j) =>
      j.onRef('m.userId', '=', 'c.studentId').on('m.schoolId', '=', schoolId).on('m.role', '=', 'student').on('m.status', '<>', 'inactive'),
    )
    .innerJoin('users as s', 's.id', 'c.studentId')
    .leftJoin('users as u', 'u.id', 'c.changedBy')
    .select([
      'c.studentId',
      displayName('s').as('studentName'),
      'c.status',
      'c.changedAt',
      'u.id as changedById',
      displayName('u').as('changedByName'),
      'u.email as changedByEmail',
      answerCounts.as('counts'),
    ])
    .where('c.status', 'in', ['given', 'refused'])
    .orderBy(sql`lower(s.first_name || ' ' || s.last_name)`)
    .orderBy('c.studentId')
    .execute();
  return rows.map((r) => ({
    studentId: r.studentId,
    studentName: r.studentName,
    status: r.status as 'given' | 'refused',
    changedAt: r.changedAt.toISOString(),
    changedById: r.changedById,
    changedByName: r.changedById ? r.changedByName : null,
    changedByEmail: r.changedByEmail,
    counts: !!r.counts,
  }));
}
