import type { Db } from '../../../db/database.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { teachesStudent } from '../classes/service.js';
import { loadAlertSettings } from './settings.js';
import * as q from './queries.js';

export type MoodViewer = 'self' | 'parent' | 'classTeacher' | 'trustedAdult' | 'alertRecipient';

/** What one viewer may read of one student's moods and alerts (docs/decisions/0420). */
export interface MoodAccess {
  viewer: MoodViewer;
  /** Every check-in in a range; otherwise only today's. */
  history: boolean;
  /** The student's alerts with their check-ins, recipients and acknowledgement trail. */
  alerts: boolean;
  /** Reads by school staff are written to the audit log. */
  audited: boolean;
}

/**
 * THE rule of who may read a student's moods and alerts, used by every mood and alert read
 * (docs/decisions/0420-who-sees-moods-and-alerts.md), always inside the caller's current school:
 * - the student: their own check-ins;
 * - a parent: their own child's check-ins, when the school lets parents see moods;
 * - a teacher of one of the student's classes, a trusted adult of the student, and an adult an
 *   alert of the student reached: today's mood and the student's alerts;
 * - nobody else: an admin reads reports (no names of moods beyond the daily report they configured),
 *   the super admin and technical roles no individual mood at all; a pending account nothing.
 */
export async function moodAccess(db: Db, user: SessionUser, studentId: string): Promise<MoodAccess | null> {
  const school = user.school;
  if (!school || !(await q.isStudentOf(db, school.schoolId, studentId))) return null;
  if (user.id === studentId) return { viewer: 'self', history: true, alerts: false, audited: false };
  if (user.role === 'parent') {
    if (!(await q.isParentOf(db, user.id, studentId))) return null;
    const settings = await loadAlertSettings(db, school.schoolId);
    return settings.parentsSeeMoods ? { viewer: 'parent', history: true, alerts: false, audited: false } : null;
  }
  if ((user.role !== 'teacher' && user.role !== 'staff') || school.status !== 'active') return null;
  const staff = (viewer: MoodViewer): MoodAccess => ({ viewer, history: false, alerts: true, audited: true });
  if (await teachesStudent(db, user, studentId)) return staff('classTeacher');
  if ((await q.trustedAdultIds(db, school.schoolId, studentId)).includes(user.id)) return staff('trustedAdult');
  if (await q.hasReachedAdult(db, school.schoolId, studentId, user.id)) return staff('alertRecipient');
  return null;
}
