import type { Db } from '../../../db/database.js';
import { displayName } from '../../../lib/display-name.js';

export async function displayNameOf(db: Db, userId: string) {
  const row = await db.selectFrom('users as u').select(displayName('u').as('name')).where('u.id', '=', userId).executeTakeFirstOrThrow();
  return row.name;
}
