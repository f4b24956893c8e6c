import { addDays } from '@high5/contract';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../lib/calendar';
import { alertsReportForm, classReportAddress, classReportForm, groupReportForm, moodReportForm } from './report-forms';

const today = '2026-11-27';
const range = (days: number) => ({ from: addDays(today, -days), to: today });
/** A school year wide enough not to matter, where the test is about another rule. */
const year = { from: '2000-08-01', to: '2099-07-31' };
/** No flag, any grade. */
const student = { flags: [] };
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('report filter forms (the report queries own rules)', () => {
  it('when the range is within a year, it gives the range as From and To', () => {
    expect(groupReportForm.parse({ role: 'student', range: range(10), year, student })).toEqual({ role: 'student', range: range(10), year, student });
  });

  it('when the range is over a year, it says range_too_long on the range', () => {
    expect(messages(groupReportForm.safeParse({ role: 'student', range: range(400), year, student }))).toEqual(['range: range_too_long']);
  });

  it('when From is after To, it says invalid_range', () => {
    expect(messages(classReportForm.safeParse({ classId: null, range: { from: today, to: addDays(today, -1) }, year, student }))).toEqual([
      'range: invalid_range',
    ]);
  });

  it('when the class is not an id, it refuses it; null is every class', () => {
    expect(classReportForm.safeParse({ classId: 'x', range: range(1), year, student }).success).toBe(false);
    expect(classReportForm.parse({ classId: null, range: range(1), year, student }).classId).toBeNull();
  });

  it("when To is after the school's today, it says range_in_future (the server refuses it too); today is fine", () => {
    const now = todayIso();
    expect(messages(groupReportForm.safeParse({ role: 'student', range: { from: now, to: addDays(now, 1) }, year, student }))).toEqual([
      'range: range_in_future',
    ]);
    expect(groupReportForm.safeParse({ role: 'student', range: { from: now, to: now }, year, student }).success).toBe(true);
    expect(
      messages(moodReportForm.safeParse({ role: 'student', classId: null, range: { from: now, to: addDays(now, 3) }, year, minLow: '', filters: [], student })),
    ).toContain('range: range_in_future');
  });

  it('when the range runs out of the chosen school year, it says RANGE_CROSSES_SCHOOL_YEAR on the range (decision 0598)', () => {
    const current = { from: addDays(today, -5), to: addDays(today, 360) };
    expect(messages(groupReportForm.safeParse({ role: 'student', range: range(10), year: current, student }))).toEqual(['range: RANGE_CROSSES_SCHOOL_YEAR']);
    expect(messages(classReportForm.safeParse({ classId: null, range: range(10), year: current, student }))).toEqual(['range: RANGE_CROSSES_SCHOOL_YEAR']);
    expect(messages(moodReportForm.safeParse({ role: 'student', classId: null, range: range(10), year: current, minLow: '', filters: [], student }))).toEqual([
      'range: RANGE_CROSSES_SCHOOL_YEAR',
    ]);
    expect(groupReportForm.safeParse({ role: 'student', range: range(5), year: current, student }).success).toBe(true);
    // A /report address is asked as written: the server says whether it crosses.
    expect(classReportAddress.safeParse({ classId: null, range: range(10), student }).success).toBe(true);
  });

  it("the students' filter takes the contract's flags and a grade from TK (-1) to 12, nothing else", () => {
    expect(groupReportForm.parse({ role: 'student', range: range(10), year, student: { flags: ['iep', 'englishLearner'], grade: -1 } }).student).toEqual({
      flags: ['iep', 'englishLearner'],
      grade: -1,
    });
    expect(groupReportForm.safeParse({ role: 'student', range: range(10), year, student: { flags: ['gifted'] } }).success).toBe(false);
    expect(classReportAddress.safeParse({ classId: null, range: range(10), student: { flags: [], grade: 13 } }).success).toBe(false);
  });

  it('the alerts report takes a range of any length', () => {
    expect(alertsReportForm.safeParse({ range: range(800) }).success).toBe(true);
  });

  it.each([
    ['', -1],
    ['0', -1],
    ['7', 7],
  ])('the mood report minimum %j is sent as %i', (minLow, expected) => {
    expect(moodReportForm.parse({ role: 'student', classId: null, range: range(10), year, minLow, filters: [], student }).minLow).toBe(expected);
  });

  it('the mood report refuses a feeling that is not a low-enjoyment one', () => {
    expect(moodReportForm.safeParse({ role: 'student', classId: null, range: range(10), year, minLow: '', filters: ['grinning'], student }).success).toBe(
      false,
    );
  });
});
