import type { Db } from '../../../db/database.js';
import type { Found } from '../provider/sign-in.js';

export type CleverRefusal = 'CLEVER_DISTRICT_NOT_CONNECTED' | 'CLEVER_NOT_ROSTERED';

/** Whether any district is rostered from Clever: the sign-in page then offers "Log in with Clever". */
export async function hasCleverDistrict(db: Db): Promise<boolean> {
  return (await db.selectFrom('districts').select('id').where('kind', '=', 'clever').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The account of a Clever user: the person the sync of their Clever district keeps under their
 * Clever id, in a High5 district rostered from Clever whose sync recorded that Clever district.
 * Never by name or e-mail. Two accounts for one Clever id (two High5 districts synced from the
 * same Clever district) sign in neither: which one is meant cannot be told.
 */
export async function findCleverPerson(db: Db, cleverDistrictId: string, cleverUserId: string): Promise<Found<CleverRefusal>> {
  const districts = await db.selectFrom('districts').select('id').where('kind', '=', 'clever').where('sourceDistrictId', '=', cleverDistrictId).execute();
  if (districts.length === 0) return { refused: 'CLEVER_DISTRICT_NOT_CONNECTED' };
  const people = await db
    .selectFrom('rosterPeople')
    .select('userId')
    .where(
      'districtId',
      'in',
      districts.map((d) => d.id),
    )
    .where('sourceId', '=', cleverUserId)
    .limit(2)
    .execute();
  return people.length === 1 ? { userId: people[0]!.userId } : { refused: 'CLEVER_NOT_ROSTERED' };
}
