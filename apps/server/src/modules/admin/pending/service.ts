import type { DistrictKind, SuperPending } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { superAdminActor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import { approveTeacher, rejectTeacher } from '../users/service.js';
import { approveSchool, pendingPeople, unapprovedSchools } from './queries.js';

/** What waits for the super admin (docs/decisions/0157). */
export async function superPending(db: Db): Promise<SuperPending> {
  const [schools, people] = await Promise.all([unapprovedSchools(db), pendingPeople(db)]);
  return {
    schools: schools.map((s) => ({ ...s, districtKind: s.districtKind as DistrictKind, createdAt: new Date(s.createdAt).toISOString() })),
    people: people.map((p) => ({ ...p, role: p.role as 'teacher' | 'staff', createdAt: new Date(p.createdAt).toISOString() })),
  };
}

/** Approves a school founded in an existing district: it shows in the sign-up pickers from now on. */
export async function superApproveSchool(db: Db, services: Services, user: SessionUser, schoolId: string) {
  const actor = await superAdminActor(db, user, schoolId);
  if (!(await approveSchool(db, schoolId))) throw notFound();
  await audit(db, { actorId: actor.id, schoolId, action: 'school.approve', targetType: 'school', targetId: schoolId }, services.clock.now());
  return superPending(db);
}

/** The super admin decides a pending person of any school, with the school admin's rules and e-mails. */
export async function superDecideMember(db: Db, services: Services, user: SessionUser, schoolId: string, userId: string, approve: boolean) {
  const actor = await superAdminActor(db, user, schoolId);
  await (approve ? approveTeacher(db, services, actor, userId) : rejectTeacher(db, services, actor, userId));
  return superPending(db);
}
