import { describe, expect, it } from 'vitest';
import { addSchoolMinutes, inSchoolHours, type SchoolHours } from './school-hours.js';

// 2026-10-15 is a Thursday; Los Angeles is UTC-7 until 2026-11-01.
const la: SchoolHours = { timeZone: 'America/Los_Angeles', start: '08:00', end: '15:30', days: [1, 2, 3, 4, 5] };
const at = (iso: string) => new Date(iso);

describe('school hours', () => {
  it("counts open time only, in the school's time zone", () => {
    expect(inSchoolHours(la, at('2026-10-15T16:00:00Z'))).toBe(true); // 09:00
    expect(inSchoolHours(la, at('2026-10-15T14:59:00Z'))).toBe(false); // 07:59
    expect(inSchoolHours(la, at('2026-10-15T22:30:00Z'))).toBe(false); // 15:30
    expect(inSchoolHours(la, at('2026-10-17T17:00:00Z'))).toBe(false); // Saturday
    expect(addSchoolMinutes(la, at('2026-10-15T16:00:00Z'), 30)).toEqual(at('2026-10-15T16:30:00Z'));
    // 15:20 Thursday + 30 minutes: 10 today, 20 on Friday from 08:00.
    expect(addSchoolMinutes(la, at('2026-10-15T22:20:00Z'), 30)).toEqual(at('2026-10-16T15:20:00Z'));
    // Friday 15:20: the rest waits over the weekend until Monday 08:20.
    expect(addSchoolMinutes(la, at('2026-10-16T22:20:00Z'), 30)).toEqual(at('2026-10-19T15:20:00Z'));
    // Saturday night, 0 minutes: Monday's opening.
    expect(addSchoolMinutes(la, at('2026-10-17T05:00:00Z'), 0)).toEqual(at('2026-10-19T15:00:00Z'));
    // Across the change to standard time (UTC-8 from 2026-11-01).
    expect(addSchoolMinutes(la, at('2026-10-30T23:00:00Z'), 0)).toEqual(at('2026-11-02T16:00:00Z'));
  });

  it('a school open every day at all hours counts plain minutes', () => {
    const always: SchoolHours = { timeZone: 'UTC', start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] };
    expect(addSchoolMinutes(always, at('2026-10-15T10:00:00Z'), 45)).toEqual(at('2026-10-15T10:45:00Z'));
  });
});
