import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

/** The school's time zone and high5_vibes switch. */
export async function dashboardSettings(db: Queryable, schoolId: string) {
  return db.selectFrom('schools').select(['timeZone', 'high5Vibes']).where('id', '=', schoolId).executeTakeFirstOrThrow();
}

export interface CountRow {
  direction: 'given' | 'received';
  kind: 'high5' | 'vibe';
  /** `yyyy-MM` inside the school year, null for anything before or after it. */
  month: string | null;
  n: number;
}

/**
 * Every count the dashboard shows, in one statement: the user's given (and, when
 * `withReceived`, received) recognitions in the school, by kind and by month of the
 * school year `from`..`to` (a null month gathers the rest, for the all-time totals).
 * Each half reads its own index (giver or receiver), so a self-give counts on both sides.
 */
export async function dashboardCounts(db: Queryable, input: { schoolId: string; userId: string; from: string; to: string; withReceived: boolean }) {
  const month = sql<string | null>`case when school_date between ${input.from} and ${input.to} then to_char(school_date, 'YYYY-MM') end`;
  const given = sql<CountRow>`select 'given' as direction, kind, ${month} as month, count(*)::int as n
    from recognitions where giver_id = ${input.userId} and school_id = ${input.schoolId} group by kind, 3`;
  const received = sql<CountRow>`select 'received' as direction, kind, ${month} as month, count(*)::int as n
    from recognitions where receiver_id = ${input.userId} and school_id = ${input.schoolId} group by kind, 3`;
  const query = input.withReceived ? sql<CountRow>`${given} union all ${received}` : given;
  return (await query.execute(db)).rows;
}
