import { LIMITS, type InviteResult } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { createInvitedAccount, newTemporaryPassword, renewTemporaryPassword } from '../../../lib/accounts.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { assertSeesStudents } from '../../../policies/student.js';
import { mapLimit } from '../../../lib/map-limit.js';
import { enrol } from '../classes/queries.js';
import { loadManagedClass } from '../classes/service.js';
import * as q from './queries.js';

const inviterName = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.email || '';

/**
 * Invites students to a class (the e-mail tab and the CSV tab send the same rows). Every row
 * was validated by the contract; here, in the request's one transaction:
 * - an e-mail without an account becomes a student of the school with a temporary password,
 *   e-mailed in the inviter's language, and is enrolled;
 * - a student of this school is enrolled; one who never registered (only a temporary password)
 *   is sent the invitation again with a new temporary password (docs/decisions/0301);
 * - any other account (a teacher, a parent, another school's student) is reported in
 *   `failedUsers` ('student already exists') and left untouched.
 */
export async function inviteToClass(
  db: Db,
  services: Services,
  user: SessionUser,
  classId: string,
  rows: { email: string; firstName: string; lastName: string }[],
): Promise<InviteResult> {
  const cls = await loadManagedClass(db, user, classId, { write: true, students: true });
  assertSeesStudents(user);
  // The same address twice in one file counts once.
  const unique = rows.filter((r, i) => rows.findIndex((o) => o.email === r.email) === i);
  const accounts = await q.accountsByEmail(
    db,
    cls.schoolId,
    unique.map((r) => r.email),
  );
  const byEmail = new Map(accounts.map((a) => [a.email!, a]));
  const toEnrol: string[] = [];
  const enrolled: string[] = [];
  const failedUsers: string[] = [];
  const fresh: typeof unique = [];
  const again: { row: (typeof unique)[number]; id: string; language: 'en' | 'es' }[] = [];
  for (const row of unique) {
    const account = byEmail.get(row.email);
    if (!account) fresh.push(row);
    else if (account.role === 'student' && !account.registered) {
      toEnrol.push(account.id);
      again.push({ row, id: account.id, language: account.language === 'es' ? 'es' : 'en' });
    } else if (account.role === 'student') {
      toEnrol.push(account.id);
      enrolled.push(row.email);
    } else failedUsers.push(row.email);
  }

  const now = services.clock.now();
  const school = await q.schoolName(db, cls.schoolId);
  const prepared = await mapLimit([...fresh.map((row) => ({ row, existing: null })), ...again.map((a) => ({ row: a.row, existing: a }))], 4, async (item) => ({
    ...item,
    temporary: await newTemporaryPassword(now),
  }));
  const invited: string[] = [];
  for (const { row, existing, temporary } of prepared) {
    let language = user.language;
    let name = row.firstName || row.email;
    if (existing) {
      // Never registered: the earlier password may be lost or expired, so a new one goes with the e-mail.
      await renewTemporaryPassword(db, existing.id, temporary);
      language = existing.language;
      name = byEmail.get(row.email)?.firstName || name;
    } else {
      const account = { email: row.email, firstName: row.firstName, lastName: row.lastName, language: user.language };
      const id = await createInvitedAccount(db, { account, temporary, schoolId: cls.schoolId, role: 'student', invitedBy: user.id, kind: 'student' }, now);
      // Taken since it was looked up: reported like any other existing account.
      if (!id) {
        failedUsers.push(row.email);
        continue;
      }
      toEnrol.push(id);
    }
    invited.push(row.email);
    await services.mail.queue(db, row.email, language, 'classroom:mail.studentInvite', {
      name,
      teacher: inviterName(user),
      className: cls.name,
      school,
      login: row.email,
      password: temporary.password,
      days: LIMITS.tempPasswordDays,
      url: services.config.publicUrl,
    });
  }
  await enrol(db, classId, toEnrol);
  return { invited, enrolled, failedUsers };
}
