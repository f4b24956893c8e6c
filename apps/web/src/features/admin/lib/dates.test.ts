import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultRange, rangeInYear } from './dates';

// Decision 0598: a report's default range stays inside the chosen school year.
describe('defaultRange within a school year', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // 25 August 2027, midday UTC: the same date in every zone the tests run in.
    vi.setSystemTime(new Date('2027-08-25T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());
  const current = { from: '2027-08-16', to: '2028-08-15' };
  const last = { from: '2026-08-01', to: '2027-08-15' };

  it('is cut at the first day of a year that started less than `days` ago', () => {
    expect(defaultRange(30, current)).toEqual({ from: '2027-08-16', to: '2027-08-25' });
  });
  it('is the last `days` days when the year started long enough ago', () => {
    expect(defaultRange(5, current)).toEqual({ from: '2027-08-20', to: '2027-08-25' });
  });
  it('ends on the last day of a past year', () => {
    expect(defaultRange(30, last)).toEqual({ from: '2027-07-16', to: '2027-08-15' });
  });
  it('without a year, is the last `days` days up to today', () => {
    expect(defaultRange(30)).toEqual({ from: '2027-07-26', to: '2027-08-25' });
  });
  it('moving a range to another year keeps its length where the year allows', () => {
    expect(rangeInYear({ from: '2027-08-20', to: '2027-08-25' }, last)).toEqual({ from: '2027-08-10', to: '2027-08-15' });
    expect(rangeInYear({ from: '2027-07-16', to: '2027-08-15' }, current)).toEqual({ from: '2027-08-16', to: '2027-08-25' });
  });
});
