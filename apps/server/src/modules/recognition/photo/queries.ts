import type { Db } from '../../../db/database.js';

/** Sets the user's photo key and returns the one it replaces. */
export async function setPhotoKey(db: Db, userId: string, key: string): Promise<string | null> {
  const previous = await db.selectFrom('users').select('photoKey').where('id', '=', userId).forUpdate().executeTakeFirst();
  await db.updateTable('users').set({ photoKey: key }).where('id', '=', userId).execute();
  return previous?.photoKey ?? null;
}
