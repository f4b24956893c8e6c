import { addDays, CLASSROOM_LIMITS, ClassroomRangeSchema, StudentRangeSchema, STUDENT_RANGE_MAX_DAYS } from '@high5/contract';
import { describe, expect, it } from 'vitest';
import { rangeForm } from '../../../components/form/form-date-range';

const classroomRangeForm = rangeForm(ClassroomRangeSchema);

const today = '2026-11-27';
const back = (days: number) => ({ range: { from: addDays(today, -days), to: today } });
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('classroom date filters (the list queries own rule, as the server answers it)', () => {
  it('takes a range of up to maxRangeDays days, counting both ends', () => {
    expect(classroomRangeForm.parse(back(CLASSROOM_LIMITS.maxRangeDays - 1))).toEqual(back(CLASSROOM_LIMITS.maxRangeDays - 1));
  });

  it('one day more says DATE_RANGE_TOO_LONG, the server code', () => {
    expect(messages(classroomRangeForm.safeParse(back(CLASSROOM_LIMITS.maxRangeDays)))).toEqual(['range: DATE_RANGE_TOO_LONG']);
  });

  it('From after To says invalid_range', () => {
    expect(messages(classroomRangeForm.safeParse({ range: { from: today, to: addDays(today, -1) } }))).toEqual(['range: invalid_range']);
  });

  it("a student's history tabs take To up to STUDENT_RANGE_MAX_DAYS after From, and no further", () => {
    const studentRangeForm = rangeForm(StudentRangeSchema);
    expect(studentRangeForm.safeParse(back(STUDENT_RANGE_MAX_DAYS)).success).toBe(true);
    expect(messages(studentRangeForm.safeParse(back(STUDENT_RANGE_MAX_DAYS + 1)))).toEqual(['range: range_too_long']);
  });
});
