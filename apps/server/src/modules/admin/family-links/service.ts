import type { FamilyLink } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import { confirmLink, dropChildlessParentMembership, familyLinksOf, removeLink } from './queries.js';

/** The school's family links and waiting requests (docs/decisions/0155). */
export async function listFamilyLinks(db: Db, actor: Actor): Promise<FamilyLink[]> {
  const rows = await familyLinksOf(db, actor.schoolId);
  return rows.map((r) => ({ ...r, since: new Date(r.since).toISOString(), confirmedAt: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null }));
}

/**
 * Removes a link or request of the school. A parent with no other child here also loses their
 * parent membership, so they no longer see the school at all.
 */
export async function removeFamilyLink(db: Db, services: Services, actor: Actor, parentId: string, studentId: string) {
  if ((await removeLink(db, actor.schoolId, parentId, studentId)) === 0) throw notFound();
  await dropChildlessParentMembership(db, actor.schoolId, parentId);
  await audit(
    db,
    { actorId: actor.id, schoolId: actor.schoolId, action: 'family.remove', targetType: 'user', targetId: parentId, details: { studentId } },
    services.clock.now(),
  );
  return listFamilyLinks(db, actor);
}

/**
 * An admin confirms a parent link a student made (docs/decisions/0540): the school knows this
 * parent, whose mood consent counts from then on. Only links between the school's members.
 */
export async function confirmFamilyLink(db: Db, services: Services, actor: Actor, parentId: string, studentId: string) {
  const now = services.clock.now();
  if ((await confirmLink(db, actor.schoolId, parentId, studentId, actor.id, now)) === 0) throw notFound();
  await audit(
    db,
    { actorId: actor.id, schoolId: actor.schoolId, action: 'family.confirm', targetType: 'user', targetId: parentId, details: { studentId } },
    now,
  );
  return listFamilyLinks(db, actor);
}
