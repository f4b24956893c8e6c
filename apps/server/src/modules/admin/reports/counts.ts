import { addDays } from '@high5/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * How a report counts over any day range (docs/decisions/0450, 0451): whole calendar months come
 * from the per-person monthly counts kept by triggers (recognition_month_counts, mood_month_counts).
 * A month the range cuts is counted from whichever is shorter: its days inside the range, read from
 * the rows and added (`add`), or the whole month from the monthly table minus its days outside the
 * range, read from the rows (`subtract`). `months` is [start, end) of the months summed from the
 * monthly tables, or null when there are none. At most half a month of rows is read per cut month.
 */
export interface DayRange {
  from: string;
  to: string;
}
export interface RangeSplit {
  months: { start: string; end: string } | null;
  add: DayRange[];
  subtract: DayRange[];
}

const DAY_MS = 86_400_000;
const daysIn = (r: DayRange) => (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS + 1;
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
// The first of a month plus 31 days is always in the next month.
const firstOfNextMonth = (day: string) => firstOfMonth(addDays(firstOfMonth(day), 31));

export function splitRange(from: string, to: string): RangeSplit {
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  // The months summed from the monthly tables: those wholly inside, widened below by cut months
  // that are cheaper to count as "month minus the rest". Cut months are only the first and last,
  // so the summed months stay one run.
  let start = from.endsWith('-01') ? from : firstOfNextMonth(from);
  let end = addDays(to, 1).endsWith('-01') ? addDays(to, 1) : firstOfMonth(to);
  const cut = (month: string) => {
    const monthEnd = addDays(firstOfNextMonth(month), -1);
    const piece = { from: from > month ? from : month, to: to < monthEnd ? to : monthEnd };
    if (2 * daysIn(piece) <= daysIn({ from: month, to: monthEnd })) return void add.push(piece);
    if (piece.from > month) subtract.push({ from: month, to: addDays(piece.from, -1) });
    if (piece.to < monthEnd) subtract.push({ from: addDays(piece.to, 1), to: monthEnd });
    if (month < start) start = month;
    if (firstOfNextMonth(month) > end) end = firstOfNextMonth(month);
  };
  if (start >= end) {
    // No whole month: the range lies in one month or straddles two.
    start = firstOfNextMonth(to);
    end = firstOfMonth(from);
    cut(firstOfMonth(from));
    if (firstOfMonth(to) !== firstOfMonth(from)) cut(firstOfMonth(to));
  } else {
    if (!from.endsWith('-01')) cut(firstOfMonth(from));
    if (!addDays(to, 1).endsWith('-01')) cut(firstOfMonth(to));
  }
  return { months: start < end ? { start, end } : null, add, subtract };
}

/**
 * The day ranges read from the rows, each with its sign: +1 for days added to the months, -1 for
 * days of a summed month outside the range. One SELECT per range keeps its dates an index range.
 */
const rawPieces = (split: RangeSplit) => [...split.add.map((days) => ({ days, sign: sql`` })), ...split.subtract.map((days) => ({ days, sign: sql`-` }))];

const UNION = sql`
    union all`;

/** Which people a count is for: everyone of the school, or only those of the page CTE. */
export type CountedFor = 'school' | 'page';

const onlyPage = (column: RawBuilder<unknown>, who: CountedFor) => (who === 'page' ? sql`and ${column} in (select id from page)` : sql``);

/**
 * High 5s and Vibes given and received per person of the school in the range: the whole months
 * from recognition_month_counts, the edge days from recognitions (index (school_id, school_date)).
 * The month rows go straight into the one GROUP BY, and every part is an integer, so the sums stay
 * bigint (a sum of bigint sums would be numeric, several times slower to add up).
 */
export function recognitionCounts(schoolId: string, split: RangeSplit, who: CountedFor): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    parts.push(sql`
      select user_id, high5_given, high5_received, vibe_given, vibe_received
      from recognition_month_counts
      where school_id = ${schoolId} and month >= ${split.months.start} and month < ${split.months.end} ${onlyPage(sql`user_id`, who)}`);
  }
  for (const { days, sign } of rawPieces(split)) {
    // kind can only be one of the two (a CHECK): naming both lets the (giver_id | receiver_id,
    // school_id, kind, school_date) indexes range over the dates.
    const edge = sql`school_id = ${schoolId} and kind in ('high5', 'vibe') and school_date between ${days.from} and ${days.to}`;
    const high5 = sql`${sign}(count(*) filter (where kind = 'high5'))::int`;
    const vibe = sql`${sign}(count(*) filter (where kind = 'vibe'))::int`;
    parts.push(sql`
      select giver_id as user_id, ${high5} as high5_given, 0 as high5_received, ${vibe} as vibe_given, 0 as vibe_received
      from recognitions where ${edge} ${onlyPage(sql`giver_id`, who)} group by giver_id`);
    parts.push(sql`
      select receiver_id as user_id, 0 as high5_given, ${high5} as high5_received, 0 as vibe_given, ${vibe} as vibe_received
      from recognitions where ${edge} ${onlyPage(sql`receiver_id`, who)} group by receiver_id`);
  }
  return sql`
    select user_id, sum(high5_given) as high5_given, sum(high5_received) as high5_received, sum(vibe_given) as vibe_given, sum(vibe_received) as vibe_received
    from (${sql.join(parts, UNION)}) x
    group by user_id`;
}

/**
 * Mood check-ins per person of the school in the range: high and low enjoyment (low narrowed to
 * `filters` when given) and who asked to talk today or not today. Whole months from
 * mood_month_counts (its low_moods per feeling for a filter), edge days from moods; integers into
 * one GROUP BY, as for the recognition counts.
 */
export function moodCounts(schoolId: string, split: RangeSplit, filters: string[], who: CountedFor): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    const low = filters.length ? sql.join(filters.map((f) => sql`coalesce((low_moods ->> ${f})::int, 0)`), sql` + `) : sql`low`;
    parts.push(sql`
      select user_id, high, ${low} as low, talk_today, talk_not_today
      from mood_month_counts
      where school_id = ${schoolId} and month >= ${split.months.start} and month < ${split.months.end} ${onlyPage(sql`user_id`, who)}`);
  }
  for (const { days, sign } of rawPieces(split)) {
    const tally = (where: RawBuilder<unknown>) => sql`${sign}(count(*) filter (where ${where}))::int`;
    parts.push(sql`
      select user_id, ${tally(sql`not low_enjoyment`)} as high, ${tally(isLowMood(filters))} as low,
        ${tally(sql`emergency_priority = 'today'`)} as talk_today, ${tally(sql`emergency_priority = 'not-today'`)} as talk_not_today
      from moods
      where school_id = ${schoolId} and school_date between ${days.from} and ${days.to} ${onlyPage(sql`user_id`, who)}
      group by user_id`);
  }
  return sql`
    select user_id, sum(high) as high, sum(low) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
    from (${sql.join(parts, UNION)}) x
    group by user_id`;
}

/** What counts as a low-enjoyment check-in of a `moods` row: any, or one of `filters`' feelings. */
export function isLowMood(filters: string[], table?: string): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return filters.length ? sql`${column('low_enjoyment')} and ${column('mood')} in (${sql.join(filters)})` : column('low_enjoyment');
}
