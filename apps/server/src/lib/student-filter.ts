import type { StudentFilter, StudentFlag } from '@high5/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { audit } from './audit.js';
import { forbidden } from './errors.js';

/** Each flag as a condition on the student's membership, aliased `m` (English learner: language level 'L'). */
const FLAG_SQL: Record<StudentFlag, RawBuilder<boolean>> = {
  iep: sql<boolean>`m.iep`,
  plan504: sql<boolean>`m.plan504`,
  englishLearner: sql<boolean>`coalesce(m.language_level = 'L', false)`,
};

/** The conditions of a student filter on `school_memberships as m`: every flag named, and the grade. */
export function studentFilterSql(filter: StudentFilter): RawBuilder<boolean>[] {
  const parts = filter.flags.map((flag) => FLAG_SQL[flag]);
  if (filter.grade !== undefined) parts.push(sql<boolean>`m.grade = ${filter.grade}`);
  return parts;
}

/**
 * Flag filters are the school's admins' only (IEP and 504 are sensitive, docs/decisions/0601):
 * anyone else is refused with 403 FLAG_FILTER_ADMIN_ONLY. Each use is audited, naming the list
 * and the filter, never a student.
 */
export async function checkFlagFilter(db: Db, caller: { actorId: string; schoolId: string; admin: boolean; now: Date }, list: string, filter: StudentFilter) {
  if (filter.flags.length === 0) return;
  if (!caller.admin) throw forbidden('FLAG_FILTER_ADMIN_ONLY');
  await audit(
    db,
    {
      actorId: caller.actorId,
      schoolId: caller.schoolId,
      action: 'students.flagFilter',
      targetType: 'school',
      targetId: caller.schoolId,
      details: { list, flags: filter.flags, grade: filter.grade ?? null },
    },
    caller.now,
  );
}
