import { addDays } from '@high5/contract';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../lib/calendar';
import { alertsReportForm, classReportForm, groupReportForm, moodReportForm } from './report-forms';

const today = '2026-11-27';
const range = (days: number) => ({ from: addDays(today, -days), to: today });
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => (result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

describe('report filter forms (the report queries own rules)', () => {
  it('when the range is within a year, it gives the range as From and To', () => {
    expect(groupReportForm.parse({ role: 'student', range: range(10) })).toEqual({ role: 'student', range: range(10) });
  });

  it('when the range is over a year, it says range_too_long on the range', () => {
    expect(messages(groupReportForm.safeParse({ role: 'student', range: range(400) }))).toEqual(['range: range_too_long']);
  });

  it('when From is after To, it says invalid_range', () => {
    expect(messages(classReportForm.safeParse({ classId: null, range: { from: today, to: addDays(today, -1) } }))).toEqual(['range: invalid_range']);
  });

  it('when the class is not an id, it refuses it; null is every class', () => {
    expect(classReportForm.safeParse({ classId: 'x', range: range(1) }).success).toBe(false);
    expect(classReportForm.parse({ classId: null, range: range(1) }).classId).toBeNull();
  });

  it('when To is after the school\'s today, it says range_in_future (the server refuses it too); today is fine', () => {
    const now = todayIso();
    expect(messages(groupReportForm.safeParse({ role: 'student', range: { from: now, to: addDays(now, 1) } }))).toEqual(['range: range_in_future']);
    expect(groupReportForm.safeParse({ role: 'student', range: { from: now, to: now } }).success).toBe(true);
    expect(messages(moodReportForm.safeParse({ role: 'student', classId: null, range: { from: now, to: addDays(now, 3) }, minLow: '', filters: [] }))).toContain('range: range_in_future');
  });

  it('the alerts report takes a range of any length', () => {
    expect(alertsReportForm.safeParse({ range: range(800) }).success).toBe(true);
  });

  it.each([
    ['', -1],
    ['0', -1],
    ['7', 7],
  ])('the mood report minimum %j is sent as %i', (minLow, expected) => {
    expect(moodReportForm.parse({ role: 'student', classId: null, range: range(10), minLow, filters: [] }).minLow).toBe(expected);
  });

  it('the mood report refuses a feeling that is not a low-enjoyment one', () => {
    expect(moodReportForm.safeParse({ role: 'student', classId: null, range: range(10), minLow: '', filters: ['grinning'] }).success).toBe(false);
  });
});
