import type { Db } from '../../../db/database.js';

export function findAvatar(db: Db, userId: string) {
  return db.selectFrom('avatars').select(['imageKey', 'colourInfo', 'updatedAt']).where('userId', '=', userId).executeTakeFirst();
}

/** Saves the avatar and returns the image key it replaces, if any. */
export async function upsertAvatar(db: Db, values: { userId: string; imageKey: string; hand: string; colourInfo: unknown; updatedAt: Date }) {
  const previous = await db.selectFrom('avatars').select('imageKey').where('userId', '=', values.userId).forUpdate().executeTakeFirst();
  await db
    .insertInto('avatars')
    .values({ ...values, colourInfo: JSON.stringify(values.colourInfo) })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet((eb) => ({
        imageKey: eb.ref('excluded.imageKey'),
        hand: eb.ref('excluded.hand'),
        colourInfo: eb.ref('excluded.colourInfo'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
  return previous?.imageKey ?? null;
}

/** Which of `userIds` belong to `schoolId`, with their avatar image key (null when none). One query. */
export function schoolUsersAvatars(db: Db, schoolId: string, userIds: string[]) {
  return db
    .selectFrom('schoolMemberships as m')
    .leftJoin('avatars as a', 'a.userId', 'm.userId')
    .select(['m.userId', 'a.imageKey'])
    .where('m.schoolId', '=', schoolId)
    .where('m.userId', 'in', userIds)
    .execute();
}
