import type { Db } from '../db/database.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';

/** Who acts and on which school: every rule of the area is checked against it. */
export interface Actor {
  id: string;
  /** The school acted on: the admin's current school, or the school a super admin chose. */
  schoolId: string;
  /** A super admin is not an admin of the school: the last-admin rule does not bind them. */
  superAdmin: boolean;
}

/** A school admin acts on the school of their session, never on another. */
export function schoolAdminActor(user: SessionUser): Actor {
  // The route's 'schoolAdmin' access already demands this; kept so the school can never be missing.
  if (!user.isAdmin || !user.school || user.school.status !== 'active') throw forbidden();
  return { id: user.id, schoolId: user.school.schoolId, superAdmin: false };
}

/** A super admin acts on the school they chose, which must exist. */
export async function superAdminActor(db: Db, user: SessionUser, schoolId: string): Promise<Actor> {
  if (!user.isSuperAdmin) throw forbidden();
  const school = await db.selectFrom('schools').select('id').where('id', '=', schoolId).executeTakeFirst();
  if (!school) throw notFound();
  return { id: user.id, schoolId, superAdmin: true };
}
