import { toIsoDate } from '@high5/contract';
import type { Db } from '../db/database.js';
import { moodAccess, moodRange, type Student } from '../policies/student.js';
import type { Services } from '../services/index.js';
import { audit } from './audit.js';
import { forbidden } from './errors.js';
import type { SessionUser } from './session-user.js';

/**
 * A student's check-ins in a range, newest first, as the one mood rule allows (docs/decisions/0420,
 * policies/student.ts `moodAccess`): the whole range for the student and (per school) their
 * parents, today's only for their teachers, trusted adults and adults an alert reached, whose reads
 * are audited with that reason; 403 for anyone else. The mood history (classroom) and the student
 * details' mood tab (recognition) both read through here; each checks its own range first.
 */
export async function readStudentMoods(db: Db, services: Services, user: SessionUser, student: Student, range: { from: string; to: string }) {
  const access = moodAccess(user, student);
  if (!access) throw forbidden();
  const now = services.clock.now();
  const { from, to } = moodRange(access, range, toIsoDate(now, student.timeZone));
  if (access.audited) {
    await audit(
      db,
      {
        actorId: user.id,
        schoolId: student.school.schoolId,
        action: 'mood.read',
        targetType: 'student',
        targetId: student.id,
        details: { reason: access.viewer, from, to },
      },
      now,
    );
  }
  if (from > to) return [];
  return db
    .selectFrom('moods')
    .select(['schoolDate', 'mood', 'comment', 'emergency', 'emergencyPriority', 'acknowledgedAt', 'checkedInAt'])
    .where('userId', '=', student.id)
    .where('schoolId', '=', student.school.schoolId)
    .where('schoolDate', '>=', from)
    .where('schoolDate', '<=', to)
    .orderBy('schoolDate', 'desc')
    .execute();
}
