import { describe, expect, it } from 'vitest';
import {
  cardSize,
  defaultChartName,
  fitCardSize,
  wrapText,
  draftLayout,
  dropStudent,
  minimumGrid,
  nextCode,
  pickRandom,
  sameLayout,
  unseated,
} from './seating-state';

describe('seating state', () => {
  it('a draft seats everyone on a near-square grid', () => {
    expect(draftLayout(['a', 'b', 'c', 'd', 'e'])).toEqual({
      rows: 2,
      cols: 3,
      deskDirection: 0,
      seats: { '0_0': 'a', '0_1': 'b', '0_2': 'c', '1_0': 'd', '1_1': 'e' },
    });
    expect(draftLayout([])).toMatchObject({ rows: 2, cols: 2, seats: {} });
  });

  it('from the strip a student only lands on an empty seat', () => {
    expect(dropStudent({ '0_0': 'a' }, 'b', '0_0')).toEqual({ ok: false, reason: 'occupied' });
    expect(dropStudent({ '0_0': 'a' }, 'b', '0_1')).toEqual({ ok: true, seats: { '0_0': 'a', '0_1': 'b' } });
  });

  it('seated students move, swap, or go back to the strip', () => {
    expect(dropStudent({ '0_0': 'a', '0_1': 'b' }, 'a', '0_1')).toEqual({ ok: true, seats: { '0_0': 'b', '0_1': 'a' } });
    expect(dropStudent({ '0_0': 'a' }, 'a', '1_1')).toEqual({ ok: true, seats: { '1_1': 'a' } });
    expect(dropStudent({ '0_0': 'a' }, 'a', 'strip')).toEqual({ ok: true, seats: {} });
    expect(dropStudent({ '0_0': 'a' }, 'a', '0_0')).toEqual({ ok: false, reason: 'noop' });
  });

  it('the grid cannot shrink below the farthest occupied seat', () => {
    expect(minimumGrid({ '2_0': 'a', '0_4': 'b' })).toEqual({ rows: 3, cols: 5 });
    expect(minimumGrid({})).toEqual({ rows: 1, cols: 1 });
  });

  it('random selection does not repeat until everyone was picked', () => {
    const seated = ['a', 'b', 'c'];
    let previous: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const pick = pickRandom(seated, previous, () => 0.99)!;
      seen.add(pick.chosen);
      previous = pick.previous;
    }
    expect(seen).toEqual(new Set(seated));
    const fresh = pickRandom(seated, previous, () => 0)!;
    expect(fresh.previous).toEqual([fresh.chosen]);
    expect(pickRandom([], [])).toBeNull();
  });

  it('attendance cycles P, A, T, E', () => {
    expect(['P', 'A', 'T', 'E'].map((c) => nextCode(c as 'P'))).toEqual(['A', 'T', 'E', 'P']);
  });

  it('cards are 100 px at most and 50 at least', () => {
    expect(cardSize(1920, 1080, 2, 2)).toBe(100);
    expect(cardSize(1366, 768, 5, 6)).toBe(50);
    expect(cardSize(1366, 1000, 3, 6)).toBe(100);
    expect(cardSize(1000, 900, 4, 5)).toBe(60);
  });

  it('cards fill the room the grid really has, two lines of name under each', () => {
    // 1366 x 768 with the side panel: the height decides.
    expect(fitCardSize({ width: 738, height: 510, rows: 3, cols: 4, deskDirection: 0 })).toBe(98);
    // A desk on the side takes width, not height; never above 100.
    expect(fitCardSize({ width: 738, height: 510, rows: 3, cols: 4, deskDirection: 90 })).toBe(100);
    // Never below 50: the page scrolls instead.
    expect(fitCardSize({ width: 738, height: 400, rows: 5, cols: 6, deskDirection: 0 })).toBe(50);
  });

  it('wraps an export title by words, and a word too long by letters, never cutting text off', () => {
    const measure = (text: string) => text.length * 10;
    expect(wrapText(measure, 'Period 3 · A very long chart title', 100)).toEqual(['Period 3 ·', 'A very', 'long chart', 'title']);
    expect(wrapText(measure, 'Supercalifragilistic', 100)).toEqual(['Supercalif', 'ragilistic']);
    expect(wrapText(measure, 'Short', 100)).toEqual(['Short']);
  });

  it('knows unseated students, equal layouts and free default names', () => {
    expect(unseated([{ id: 'a' }, { id: 'b' }], { '0_0': 'a' })).toEqual([{ id: 'b' }]);
    expect(sameLayout({ rows: 1, cols: 1, deskDirection: 0, seats: { '0_0': 'a' } }, { rows: 1, cols: 1, deskDirection: 0, seats: { '0_0': 'a' } })).toBe(true);
    expect(sameLayout({ rows: 1, cols: 1, deskDirection: 0, seats: {} }, { rows: 1, cols: 1, deskDirection: 90, seats: {} })).toBe(false);
    expect(defaultChartName('Chart', ['chart 1', 'Chart 3'])).toBe('Chart 2');
  });
});
