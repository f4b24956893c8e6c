import { toIsoDate } from '@high5/contract';
import type { Db } from '../db/database.js';
import type { Services } from '../services/index.js';

/** The school's local date now ("today" is always the school's time zone); classroom lists and admin reports. */
export async function schoolToday(db: Db, services: Services, schoolId: string) {
  const row = await db.selectFrom('schools').select('timeZone').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return toIsoDate(services.clock.now(), row.timeZone);
}
