import type { Db } from '../../db/database.js';

/** One line of the audit log: who did what to which record, in which school. */
export interface AuditEntry {
  /** Null for the server's own scheduled work. */
  actorId: string | null;
  /** Null when the school no longer exists (after a deletion) or the action is not about one. */
  schoolId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/**
 * Writes an audit line in the caller's transaction: an action is recorded exactly when it
 * happens. Every admin change and every read of children's mood data goes through here.
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
