import { addDays } from '@high5/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRange } from './range-split.js';

// How reports count over any day range from monthly counts plus edge days (docs/decisions/0450).
describe('splitRange', () => {
  const days = (list: string[][]) => list.map(([a, b]) => ({ from: a, to: b }));
  it.each([
    ['inside one month, short', '2026-10-06', '2026-10-15', null, [['2026-10-06', '2026-10-15']], []],
    [
      'inside one month, most of it: the month minus the rest',
      '2026-10-03',
      '2026-10-28',
      ['2026-10-01', '2026-11-01'],
      [],
      [
        ['2026-10-01', '2026-10-02'],
        ['2026-10-29', '2026-10-31'],
      ],
    ],
    ['whole months only', '2026-09-01', '2026-10-31', ['2026-09-01', '2026-11-01'], [], []],
    [
      'a school year cutting both ends',
      '2025-11-27',
      '2026-11-26',
      ['2025-12-01', '2026-12-01'],
      [['2025-11-27', '2025-11-30']],
      [['2026-11-27', '2026-11-30']],
    ],
    [
      'one-day edges',
      '2026-01-31',
      '2026-03-01',
      ['2026-02-01', '2026-03-01'],
      [
        ['2026-01-31', '2026-01-31'],
        ['2026-03-01', '2026-03-01'],
      ],
      [],
    ],
    [
      'across a new year without a whole month',
      '2025-12-15',
      '2026-01-10',
      ['2025-12-01', '2026-01-01'],
      [['2026-01-01', '2026-01-10']],
      [['2025-12-01', '2025-12-14']],
    ],
    ['half a month is read as it is', '2026-09-16', '2026-10-31', ['2026-10-01', '2026-11-01'], [['2026-09-16', '2026-09-30']], []],
    ['a leap February', '2024-02-01', '2024-02-29', ['2024-02-01', '2024-03-01'], [], []],
  ])('%s', (_name, from, to, months, add, subtract) => {
    expect(splitRange(from, to)).toEqual({ months: months ? { start: months[0], end: months[1] } : null, add: days(add), subtract: days(subtract) });
  });

  it('counts every day of any range exactly once, no day outside it, and reads at most half of a cut month', () => {
    const day = fc.integer({ min: 0, max: 900 }).map((n) => addDays('2024-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 365 }), (from, length) => {
        const to = addDays(from, length);
        const split = splitRange(from, to);
        const times = new Map<string, number>();
        const count = (r: { from: string; to: string }, by: number) => {
          for (let d = r.from; d <= r.to; d = addDays(d, 1)) times.set(d, (times.get(d) ?? 0) + by);
        };
        split.add.forEach((r) => count(r, 1));
        split.subtract.forEach((r) => count(r, -1));
        if (split.months) {
          expect(split.months.start.endsWith('-01') && split.months.end.endsWith('-01')).toBe(true);
          count({ from: split.months.start, to: addDays(split.months.end, -1) }, 1);
        }
        // One expect per case, not per day: tens of thousands of expects made this test take seconds.
        const wrong = [...times].filter(([d, n]) => n !== (d >= from && d <= to ? 1 : 0));
        for (let d = from; d <= to; d = addDays(d, 1)) if (times.get(d) !== 1) wrong.push([d, times.get(d) ?? 0]);
        expect(wrong).toEqual([]);
        const read = [...split.add, ...split.subtract].reduce((sum, r) => sum + (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1, 0);
        expect(read).toBeLessThanOrEqual(2 * 15 + 1);
      }),
      { numRuns: 500 },
    );
  });
});
