import { LIMITS } from '@high5/contract';
import type { Db } from '../db/database.js';
import type { Services } from '../services/index.js';
import { newTemporaryPassword, recordInvitation, renewTemporaryPassword } from './accounts.js';
import { audit } from './audit.js';

/** An invitation renewed less than this long ago is not renewed (nor mailed) again: a double click. */
export const REINVITE_QUIET_MS = 60_000;

/** When the person was last invited to the school as `kind`, or null. */
export async function lastInvitationAt(db: Db, userId: string, schoolId: string, kind: 'staff' | 'student') {
  const row = await db
    .selectFrom('invitations')
    .select('createdAt')
    .where('userId', '=', userId)
    .where('schoolId', '=', schoolId)
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}

export interface FirstSignInPerson {
  id: string;
  email: string;
  firstName: string;
  language: string;
}

/**
 * An admin sends an unregistered person (rostered, or an invitation never used) their first
 * sign-in (decisions 0537, 0554): a new temporary password by e-mail, in their own language,
 * recorded as an invitation of `kind` and audited. Nothing is sent to someone invited in the
 * last minute. The caller has checked that the person is unregistered, has an address and is
 * one the admin may invite; the mail goes through the job queue of this transaction.
 */
export async function sendFirstSignIn(
  db: Db,
  services: Services,
  input: { person: FirstSignInPerson; kind: 'staff' | 'student'; schoolId: string; schoolName: string; invitedBy: string; details?: Record<string, unknown> },
): Promise<'sent' | 'recentlyInvited'> {
  const { person, kind, schoolId } = input;
  const now = services.clock.now();
  const last = await lastInvitationAt(db, person.id, schoolId, kind);
  if (last && now.getTime() - last.getTime() < REINVITE_QUIET_MS) return 'recentlyInvited';
  const temporary = await newTemporaryPassword(now);
  await renewTemporaryPassword(db, person.id, temporary);
  await recordInvitation(db, { schoolId, userId: person.id, invitedBy: input.invitedBy, kind }, now);
  await services.mail.queue(db, person.email, person.language === 'es' ? 'es' : 'en', 'admin:mail.accountInvite', {
    firstName: person.firstName,
    schoolName: input.schoolName,
    email: person.email,
    password: temporary.password,
    days: LIMITS.tempPasswordDays,
    url: services.config.publicUrl,
  });
  await audit(
    db,
    {
      actorId: input.invitedBy,
      schoolId,
      action: kind === 'staff' ? 'staff.reinvite' : 'student.invite',
      targetType: 'user',
      targetId: person.id,
      details: { email: person.email, unregistered: true, ...input.details },
    },
    now,
  );
  return 'sent';
}
