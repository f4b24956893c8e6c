import type { Db } from '../db/database.js';

/**
 * Every action the audit log records, in one list: a read or change of the same kind
 * has one name wherever it happens (a student's moods read from the moods screen or from the
 * student's details is `mood.read`).
 */
export const AUDIT_ACTIONS = [
  // People and roles (school admins, super admins)
  'admin.grant',
  'admin.revoke',
  'staff.makeTeacher',
  'teacher.revertToStaff',
  'teacher.approve',
  'teacher.reject',
  'staff.invite',
  'staff.reinvite',
  'student.invite',
  'family.remove',
  'family.linkAccepted',
  'family.confirm',
  // Schools, districts, configuration
  'school.add',
  'school.update',
  'school.delete',
  'school.approve',
  'school.backup',
  'school.backup.download',
  'school.backup.delete',
  'school.restore.start',
  'school.restore',
  'district.add',
  'roster.sync',
  'roster.approve',
  'roster.discard',
  'roster.settings',
  'roster.upload',
  'district.update',
  'district.delete',
  'configuration.update',
  'configuration.notificationEmails',
  'configuration.notificationConfirmationResent',
  'category.add',
  'categories.update',
  'moodReport.send',
  'moodReport.daily',
  'moodReport.held',
  'moodReport.settings',
  'schoolYear.rollover',
  'schoolYear.undo',
  'notYet.monthly',
  // Reads of children's and colleagues' data
  'mood.read',
  'mood.read.class',
  'mood.emergency_acknowledged',
  'report.mood.read',
  'report.user.read',
  'report.reach.read',
  'report.givers.read',
  'recognition.received.read',
  'student.view',
  'student.flags.update',
  'students.flagFilter',
  'student.attendance.view',
  'student.notes.view',
  'student.note.add',
  'student.photo.update',
  'student.password_reset',
  // Class sign-in cards (decision 0553)
  'class.signInCards',
  'class.deviceOpen',
  'class.deviceClose',
  // Well-being alerts (decisions 0420-0423)
  'alert.raised',
  'alert.notified',
  'alert.escalated',
  'alert.renewed',
  'alert.reminded',
  'alert.corrected',
  'alert.reopened',
  'alert.list',
  'alert.read',
  'alert.action',
  'alert.history',
  'alerts.report',
  'alerts.settings',
  'moodConsent.set',
  // School years (docs/decisions/0575, 0576)
  'family.yearExport',
  'dataSettings.update',
  'retention.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the audit log: who did what to which record, in which school. */
export interface AuditEntry {
  /** Null for the server's own scheduled work. */
  actorId: string | null;
  /** Null when the school no longer exists (after a deletion) or the action is not about one. */
  schoolId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/**
 * The one audit writer. It writes in the caller's transaction (an action is recorded exactly
 * when it happens), stamped `at` by the injected clock (`services.clock.now()`), never the
 * database's: tests that move time see the audit move with it.
 */
export async function audit(db: Db, entry: AuditEntry, at: Date) {
  await db
    .insertInto('auditLog')
    .values({
      at,
      actorId: entry.actorId,
      schoolId: entry.schoolId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

/** Audits a repeated read (the seating chart polls every 30 s) at most once an hour per viewer and target. */
export async function auditOncePerHour(db: Db, entry: AuditEntry & { actorId: string; targetId: string }, at: Date) {
  const recent = await db
    .selectFrom('auditLog')
    .select('id')
    .where('actorId', '=', entry.actorId)
    .where('action', '=', entry.action)
    .where('targetId', '=', entry.targetId)
    .where('at', '>', new Date(at.getTime() - 3_600_000))
    .executeTakeFirst();
  if (!recent) await audit(db, entry, at);
}
