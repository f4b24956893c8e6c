import { addDays } from '@high5/contract';
import { sql } from 'kysely';

/**
 * How a report counts over any day range (docs/decisions/0450, 0451): whole calendar months come
 * from the per-person monthly counts kept by triggers (recognition_month_counts, mood_month_counts,
 * received_category_month_counts).
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
export const rawPieces = (split: RangeSplit) => [
  ...split.add.map((days) => ({ days, sign: sql`` })),
  ...split.subtract.map((days) => ({ days, sign: sql`-` })),
];
