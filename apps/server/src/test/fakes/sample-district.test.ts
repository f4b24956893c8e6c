import { describe, expect, it } from 'vitest';
import { loadSampleDistrict, parseCsv, syntheticDistrict } from './sample-district.js';

describe('the sample district and its synthetic copies', () => {
  it('when the sample is read, it has the counts its SOURCE.md states and section names with commas survive', () => {
    const d = loadSampleDistrict();
    expect([d.schools.length, d.students.length, d.teachers.length, d.sections.length, d.enrollments.length]).toEqual([3, 1004, 89, 379, 8971]);
    expect(d.sections.some((s) => s.name.includes(','))).toBe(true);
    expect(parseCsv('a,b\r\n"x, ""y""",2\r\n')).toEqual([{ a: 'x, "y"', b: '2' }]);
  });

  it('when a 50,000-student district is asked for, it has exactly the sizes asked, unique keys, and is the same every time', () => {
    const size = { students: 50_000, teachers: 3_000, sections: 10_000 };
    const d = syntheticDistrict(size);
    expect([d.students.length, d.teachers.length, d.sections.length]).toEqual([50_000, 3_000, 10_000]);
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(d.students.map((s) => s.id))).toBe(true);
    expect(unique(d.students.map((s) => s.email))).toBe(true);
    expect(unique(d.teachers.map((t) => t.number))).toBe(true);
    expect(unique(d.sections.map((s) => s.id))).toBe(true);
    const students = new Set(d.students.map((s) => s.id));
    const sections = new Map(d.sections.map((s) => [s.id, s]));
    const teachers = new Set(d.teachers.map((t) => t.id));
    const schools = new Set(d.schools.map((s) => s.id));
    expect(d.enrollments.length).toBeGreaterThan(200_000);
    expect(d.enrollments.filter((e) => !students.has(e.studentId) || sections.get(e.sectionId)?.schoolId !== e.schoolId)).toEqual([]);
    expect(d.sections.filter((s) => !schools.has(s.schoolId) || !s.teacherIds.every((t) => teachers.has(t)))).toEqual([]);
    const small = { students: 3_000, teachers: 200, sections: 800 };
    expect(syntheticDistrict(small)).toEqual(syntheticDistrict(small));
    expect(syntheticDistrict(small).students[2_500]).toEqual(d.students[2_500]);
  }, 60_000);
});
