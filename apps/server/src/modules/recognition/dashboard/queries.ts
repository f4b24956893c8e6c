import { addDays, monthRange } from '@high5/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../../db/database.js';

export interface CountRow {
  direction: 'given' | 'received';
  kind: 'high5' | 'vibe';
  /** `yyyy-MM` of the school year. */
  month: string;
  n: number;
}

/**
 * Every count the dashboard shows for one school year `from`..`to`, in one statement: whole
 * months from the per-person monthly counts that triggers keep in step with every recognition
 * (docs/decisions/0260, one row per month, decision 0451), and the days of a month the year only
 * partly covers (a year that starts mid-month, decision 0573) counted from the recognitions
 * themselves. The user's given (and, when `withReceived`, received) counts in the school, by kind
 * and month. A self-give counts on both sides.
 */
export async function dashboardCounts(db: Queryable, input: { schoolId: string; userId: string; from: string; to: string; withReceived: boolean }) {
  const directions = input.withReceived ? ['given', 'received'] : ['given'];
  const wholeFrom = monthRange(input.from).from === input.from ? input.from : addDays(monthRange(input.from).to, 1);
  const wholeTo = monthRange(input.to).to === input.to ? input.to : addDays(monthRange(input.to).from, -1);
  // The partial months at either end (none for a year of whole months).
  const edges =
    wholeFrom > wholeTo
      ? [[input.from, input.to]]
      : [...(input.from < wholeFrom ? [[input.from, addDays(wholeFrom, -1)]] : []), ...(wholeTo < input.to ? [[addDays(wholeTo, 1), input.to]] : [])];
  const edgeRows = edges.flatMap(([from, to]) => [
    sql`select 'given' as direction, kind, to_char(school_date, 'YYYY-MM') as month, count(*)::int as n from recognitions
        where giver_id = ${input.userId} and school_id = ${input.schoolId} and school_date between ${from}::date and ${to}::date group by 2, 3`,
    ...(input.withReceived
      ? [
          sql`select 'received' as direction, kind, to_char(school_date, 'YYYY-MM') as month, count(*)::int as n from recognitions
        where receiver_id = ${input.userId} and school_id = ${input.schoolId} and school_date between ${from}::date and ${to}::date group by 2, 3`,
        ]
      : []),
  ]);
  const whole =
    wholeFrom <= wholeTo
      ? [
          sql`select d.direction, d.kind, to_char(c.month, 'YYYY-MM') as month, d.n from recognition_month_counts c
        cross join lateral (values ('given', 'high5', c.high5_given), ('given', 'vibe', c.vibe_given), ('received', 'high5', c.high5_received), ('received', 'vibe', c.vibe_received)) as d (direction, kind, n)
        where c.user_id = ${input.userId} and c.school_id = ${input.schoolId} and d.direction in (${sql.join(directions)}) and c.month between ${wholeFrom}::date and ${wholeTo}::date`,
        ]
      : [];
  const parts = [...whole, ...edgeRows];
  const query = sql<CountRow>`select direction, kind, month, sum(n)::int as n from (${sql.join(parts, sql` union all `)}) x group by 1, 2, 3`;
  return (await query.execute(db)).rows;
}
