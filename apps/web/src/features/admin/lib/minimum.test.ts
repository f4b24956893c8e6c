import { describe, expect, it } from 'vitest';
import { parseMinimum } from './minimum';

describe('parseMinimum', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['', -1],
    ['0', -1],
    ['-2', -1],
    ['1.5', -1],
    ['abc', -1],
  ])('%j gives %i', (text, expected) => {
    expect(parseMinimum(text)).toBe(expected);
  });
});
