import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

export interface CountRow {
  direction: 'given' | 'received';
  kind: 'high5' | 'vibe';
  /** `yyyy-MM` inside the school year, null for anything before or after it. */
  month: string | null;
  n: number;
}

/**
 * Every count the dashboard shows, in one statement, from the per-person monthly counts that
 * triggers keep in step with every recognition (docs/decisions/0260): the user's given (and,
 * when `withReceived`, received) counts in the school, by kind and by month of the school year
 * `from`..`to` (a null month gathers the rest, for the all-time totals). One row per month
 * (decision 0451), whatever their activity. A self-give counts on both sides.
 */
export async function dashboardCounts(db: Queryable, input: { schoolId: string; userId: string; from: string; to: string; withReceived: boolean }) {
  const directions = input.withReceived ? ['given', 'received'] : ['given'];
  const query = sql<CountRow>`select d.direction, d.kind,
      case when c.month between date_trunc('month', ${input.from}::date) and ${input.to}::date then to_char(c.month, 'YYYY-MM') end as month,
      sum(d.n)::int as n
    from recognition_month_counts c
    cross join lateral (values ('given', 'high5', c.high5_given), ('given', 'vibe', c.vibe_given), ('received', 'high5', c.high5_received), ('received', 'vibe', c.vibe_received)) as d (direction, kind, n)
    where c.user_id = ${input.userId} and c.school_id = ${input.schoolId} and d.direction in (${sql.join(directions)})
    group by 1, 2, 3`;
  return (await query.execute(db)).rows;
}
