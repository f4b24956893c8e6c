import { CLASSROOM_LIMITS } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';
import { activeAdults } from '../../../lib/school-adults.js';

export async function list(db: Db, user: SessionUser) {
  return q.trustedAdults(db, user.id, currentSchool(user).schoolId);
}

export async function candidates(db: Db, user: SessionUser, search: string | undefined) {
  return q.candidates(db, user.id, currentSchool(user).schoolId, search || undefined, CLASSROOM_LIMITS.candidateLimit);
}

/** Trusted adults are active teachers and staff of the student's own school. */
export async function add(db: Db, user: SessionUser, adultIds: string[]) {
  const school = currentSchool(user);
  const valid = await activeAdults(db, school.schoolId, adultIds);
  if (valid.length !== adultIds.length || adultIds.includes(user.id)) throw badRequest('TRUSTED_ADULT_NOT_ALLOWED');
  await q.add(db, user.id, adultIds);
  return q.trustedAdults(db, user.id, school.schoolId);
}

export async function remove(db: Db, user: SessionUser, adultId: string) {
  const school = currentSchool(user);
  if ((await q.remove(db, user.id, adultId)) === 0) throw notFound();
  return q.trustedAdults(db, user.id, school.schoolId);
}
