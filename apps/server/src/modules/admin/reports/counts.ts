import { addDays } from '@high5/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * How a report counts over any day range (docs/decisions/0450): the calendar months wholly inside
 * the range come from the per-person monthly counts kept by triggers (recognition_month_counts,
 * mood_month_counts); the days at either edge that do not fill a month are counted from the rows
 * themselves. `months` is [start, end) of the whole months, or null when there are none; `edges`
 * are the inclusive day ranges left over (none, one or two).
 */
export interface RangeSplit {
  months: { start: string; end: string } | null;
  edges: { from: string; to: string }[];
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
// The first of a month plus 31 days is always in the next month.
const firstOfNextMonth = (day: string) => firstOfMonth(addDays(firstOfMonth(day), 31));

export function splitRange(from: string, to: string): RangeSplit {
  const start = from.endsWith('-01') ? from : firstOfNextMonth(from);
  const after = addDays(to, 1);
  const end = after.endsWith('-01') ? after : firstOfMonth(to);
  if (start >= end) return { months: null, edges: [{ from, to }] };
  const edges: RangeSplit['edges'] = [];
  if (from < start) edges.push({ from, to: addDays(start, -1) });
  if (end <= to) edges.push({ from: end, to });
  return { months: { start, end }, edges };
}

/** `column` falls on one of the edge days (false when there are none). */
export function onEdges(column: RawBuilder<unknown>, split: RangeSplit): RawBuilder<unknown> {
  if (split.edges.length === 0) return sql`false`;
  return sql`(${sql.join(split.edges.map((e) => sql`${column} between ${e.from} and ${e.to}`), sql` or `)})`;
}

const UNION = sql`
    union all`;

/** Which people a count is for: everyone of the school, or only those of the page CTE. */
export type CountedFor = 'school' | 'page';

const onlyPage = (column: RawBuilder<unknown>, who: CountedFor) => (who === 'page' ? sql`and ${column} in (select id from page)` : sql``);

/**
 * High 5s and Vibes given and received per person of the school in the range: the whole months
 * from recognition_month_counts, the edge days from recognitions (index (school_id, school_date)).
 */
export function recognitionCounts(schoolId: string, split: RangeSplit, who: CountedFor): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    parts.push(sql`
      select user_id,
        sum(n) filter (where direction = 'given' and kind = 'high5') as high5_given,
        sum(n) filter (where direction = 'received' and kind = 'high5') as high5_received,
        sum(n) filter (where direction = 'given' and kind = 'vibe') as vibe_given,
        sum(n) filter (where direction = 'received' and kind = 'vibe') as vibe_received
      from recognition_month_counts
      where school_id = ${schoolId} and month >= ${split.months.start} and month < ${split.months.end} ${onlyPage(sql`user_id`, who)}
      group by user_id`);
  }
  if (split.edges.length) {
    const edge = sql`school_id = ${schoolId} and ${onEdges(sql`school_date`, split)}`;
    parts.push(sql`
      select giver_id as user_id, count(*) filter (where kind = 'high5') as high5_given, 0 as high5_received,
        count(*) filter (where kind = 'vibe') as vibe_given, 0 as vibe_received
      from recognitions where ${edge} ${onlyPage(sql`giver_id`, who)} group by giver_id`);
    parts.push(sql`
      select receiver_id as user_id, 0 as high5_given, count(*) filter (where kind = 'high5') as high5_received,
        0 as vibe_given, count(*) filter (where kind = 'vibe') as vibe_received
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
 * mood_month_counts (its low_moods per feeling for a filter), edge days from moods.
 */
export function moodCounts(schoolId: string, split: RangeSplit, filters: string[], who: CountedFor): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    const low = filters.length ? sql.join(filters.map((f) => sql`coalesce((low_moods ->> ${f})::int, 0)`), sql` + `) : sql`low`;
    parts.push(sql`
      select user_id, sum(high) as high, sum(${low}) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
      from mood_month_counts
      where school_id = ${schoolId} and month >= ${split.months.start} and month < ${split.months.end} ${onlyPage(sql`user_id`, who)}
      group by user_id`);
  }
  if (split.edges.length) {
    parts.push(sql`
      select user_id, count(*) filter (where not low_enjoyment) as high, count(*) filter (where ${isLowMood(filters)}) as low,
        count(*) filter (where emergency_priority = 'today') as talk_today, count(*) filter (where emergency_priority = 'not-today') as talk_not_today
      from moods
      where school_id = ${schoolId} and ${onEdges(sql`school_date`, split)} ${onlyPage(sql`user_id`, who)}
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
