import { LIMITS, type ClassInviteResult, type RosterQuery } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { issuePasswordLink, PASSWORD_LINK_HOURS } from '../../auth/index.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { checkFlagFilter } from '../../../lib/student-filter.js';
import { sendFirstSignIn } from '../../../lib/first-sign-in.js';
import { loadManagedClass } from '../classes/service.js';
import { newTemporaryPassword, renewTemporaryPassword } from '../../../lib/accounts.js';
import { mapLimit } from '../../../lib/map-limit.js';
import { assertRosterAccess, listsWholeSchool } from '../../../policies/class.js';
import { canResetStudentPasswords, loadStudent, looksAfterStudent } from '../../../policies/student.js';
import { schoolName } from '../invites/queries.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

/**
 * Admins see every student of the school, teachers the students of their classes (docs/decisions/0115).
 * Admins alone filter by and see the IEP, 504 and English-learner flags (docs/decisions/0601).
 */
export async function roster(db: Db, services: Services, user: SessionUser, query: RosterQuery) {
  assertRosterAccess(user);
  const school = currentSchool(user);
  const admin = listsWholeSchool(user);
  await checkFlagFilter(db, { actorId: user.id, schoolId: school.schoolId, admin, now: services.clock.now() }, 'roster', query);
  const { rows, total } = await q.rosterPage(db, school.schoolId, admin ? null : user.id, query);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      grade: r.grade,
      registered: r.registered,
      invitable: school.paid && !r.registered && r.email !== null,
      ...(admin ? { flags: { iep: r.iep, plan504: r.plan504, englishLearner: r.englishLearner } } : {}),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    paid: school.paid,
  };
}

async function assertLooksAfter(db: Db, user: SessionUser, studentId: string) {
  const school = currentSchool(user);
  const [account] = await q.studentAccounts(db, school.schoolId, [studentId]);
  if (!account) throw notFound();
  const student = await loadStudent(db, user, studentId);
  if (!student || !looksAfterStudent(user, student)) throw forbidden();
  return account;
}

/**
 * Resets a student's password (docs/decisions/0162, replacing 0116's temporary password): only a
 * school admin may (docs/rules/classroom.md#student-list), and no one receives a password anyone
 * could sign in with. The student gets a one-time link to choose their own: by e-mail when they
 * have an address, otherwise shown once to the admin to hand over. The current password works
 * until the link is used. Audited.
 */
export async function resetPassword(db: Db, services: Services, user: SessionUser, studentId: string) {
  assertRosterAccess(user);
  if (!canResetStudentPasswords(user)) throw forbidden();
  const account = await assertLooksAfter(db, user, studentId);
  const { link, expiresAt } = await issuePasswordLink(db, services, studentId);
  const delivery = account.email ? ('email' as const) : ('link' as const);
  if (account.email) {
    await services.mail.queue(db, account.email, account.language as 'en' | 'es', 'classroom:mail.passwordLink', {
      name: account.firstName || account.email,
      school: await schoolName(db, currentSchool(user).schoolId),
      link,
      hours: PASSWORD_LINK_HOURS,
    });
  }
  await audit(
    db,
    {
      actorId: user.id,
      schoolId: currentSchool(user).schoolId,
      action: 'student.password_reset',
      targetType: 'student',
      targetId: studentId,
      details: { delivery },
    },
    services.clock.now(),
  );
  const login = account.email ?? account.username ?? '';
  return delivery === 'email' ? { delivery, login, expiresAt: expiresAt.toISOString() } : { delivery, login, expiresAt: expiresAt.toISOString(), link };
}

/**
 * Paid schools: e-mails each unregistered student an invitation with a fresh temporary
 * password. Registered students, students without an e-mail, or students the caller does not
 * look after come back in `failedStudentIds`.
 */
export async function inviteUnregistered(db: Db, services: Services, user: SessionUser, studentIds: string[]) {
  assertRosterAccess(user);
  const school = currentSchool(user);
  if (!school.paid) throw forbidden('PAID_SCHOOL_ONLY');
  const accounts = await q.studentAccounts(db, school.schoolId, studentIds);
  const eligible = [];
  for (const a of accounts) {
    if (a.registered || !a.email) continue;
    const student = await loadStudent(db, user, a.id);
    if (!student || !looksAfterStudent(user, student)) continue;
    eligible.push(a);
  }
  const now = services.clock.now();
  const name = await schoolName(db, school.schoolId);
  const prepared = await mapLimit(eligible, 4, async (a) => ({ a, temporary: await newTemporaryPassword(now) }));
  for (const { a, temporary } of prepared) {
    await renewTemporaryPassword(db, a.id, temporary);
    await services.mail.queue(db, a.email!, a.language as 'en' | 'es', 'classroom:mail.rosterInvite', {
      name: a.firstName || a.email!,
      school: name,
      login: a.email!,
      password: temporary.password,
      days: LIMITS.tempPasswordDays,
      url: services.config.publicUrl,
    });
  }
  const invited = new Set(prepared.map((p) => p.a.id));
  return { invited: invited.size, failedStudentIds: studentIds.filter((id) => !invited.has(id)) };
}

/**
 * Paid schools, school admins (decision 0554): sends each unregistered teacher and student of a
 * class their first sign-in, as the staff list does (lib/first-sign-in.ts), and answers per
 * person: sent, no e-mail address, already registered, or invited in the last minute.
 */
export async function inviteClass(db: Db, services: Services, user: SessionUser, classId: string): Promise<ClassInviteResult> {
  const cls = await loadManagedClass(db, user, classId);
  if (!currentSchool(user).paid) throw forbidden('PAID_SCHOOL_ONLY');
  const name = await schoolName(db, cls.schoolId);
  const people: ClassInviteResult['people'] = [];
  for (const p of await q.classPeople(db, cls.id, cls.schoolId)) {
    const role = p.role === 'student' ? ('student' as const) : ('teacher' as const);
    let outcome: ClassInviteResult['people'][number]['outcome'];
    if (p.registered) outcome = 'registered';
    else if (!p.email) outcome = 'noEmail';
    else {
      const person = { id: p.id, email: p.email, firstName: p.firstName, language: p.language };
      outcome = await sendFirstSignIn(db, services, {
        person,
        kind: role === 'student' ? 'student' : 'staff',
        schoolId: cls.schoolId,
        schoolName: name,
        invitedBy: user.id,
        details: { classId: cls.id },
      });
    }
    people.push({ id: p.id, name: p.name, role, outcome });
  }
  return { people };
}
