import { sql, type RawBuilder } from 'kysely';
import { rawPieces, type RangeSplit } from '../../../lib/range-split.js';

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
 * Mood check-ins per person of the school in the range: high and low enjoyment and who asked to
 * talk today or not today; with `filters`, low enjoyment and the talk requests are those of the
 * check-ins of these feelings only (decision 0583). Whole months from
 * mood_month_counts (its low_moods per feeling for a filter), edge days from moods; integers into
 * one GROUP BY, as for the recognition counts.
 */
export function moodCounts(schoolId: string, split: RangeSplit, filters: string[], who: CountedFor): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (split.months) {
    const of = (column: string, whole: string) =>
      filters.length
        ? sql.join(
            filters.map((f) => sql`coalesce((${sql.raw(column)} ->> ${f})::int, 0)`),
            sql` + `,
          )
        : sql.raw(whole);
    parts.push(sql`
      select user_id, high, ${of('low_moods', 'low')} as low, ${of('talk_today_moods', 'talk_today')} as talk_today, ${of('talk_not_today_moods', 'talk_not_today')} as talk_not_today
      from mood_month_counts
      where school_id = ${schoolId} and month >= ${split.months.start} and month < ${split.months.end} ${onlyPage(sql`user_id`, who)}`);
  }
  for (const { days, sign } of rawPieces(split)) {
    const tally = (where: RawBuilder<unknown>) => sql`${sign}(count(*) filter (where ${where}))::int`;
    parts.push(sql`
      select user_id, ${tally(sql`not low_enjoyment`)} as high, ${tally(isLowMood(filters))} as low,
        ${tally(talkOf(filters, 'today'))} as talk_today, ${tally(talkOf(filters, 'not-today'))} as talk_not_today
      from moods
      where school_id = ${schoolId} and school_date between ${days.from} and ${days.to} ${onlyPage(sql`user_id`, who)}
      group by user_id`);
  }
  return sql`
    select user_id, sum(high) as high, sum(low) as low, sum(talk_today) as talk_today, sum(talk_not_today) as talk_not_today
    from (${sql.join(parts, UNION)}) x
    group by user_id`;
}

/** A check-in that asked to talk `when`: any, or with `filters`, one of these feelings' (low-enjoyment) check-ins. */
function talkOf(filters: string[], when: 'today' | 'not-today') {
  const asked = sql`emergency_priority = ${sql.lit(when)}`;
  return filters.length ? sql`${isLowMood(filters)} and ${asked}` : asked;
}

/** What counts as a low-enjoyment check-in of a `moods` row: any, or one of `filters`' feelings. */
export function isLowMood(filters: string[], table?: string): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return filters.length ? sql`${column('low_enjoyment')} and ${column('mood')} in (${sql.join(filters)})` : column('low_enjoyment');
}
