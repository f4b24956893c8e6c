import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

/**
 * The public Clever sandbox sample district (shared/data/clever-sandbox, see its SOURCE.md),
 * read once and shared by the Clever and Aeries fakes, so both serve the same people and
 * nothing is made up. `syntheticDistrict` repeats it deterministically for benchmarks.
 */

export interface SampleSchool {
  id: string;
  name: string;
  lowGrade: string;
  highGrade: string;
  principal: string;
  principalEmail: string;
}
export interface SampleStudent {
  schoolId: string;
  id: string;
  stateId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  dob: string;
  grade: string;
  ell: boolean;
  email: string;
  username: string;
}
export interface SampleTeacher {
  schoolId: string;
  id: string;
  number: string;
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  username: string;
}
export interface SampleSection {
  schoolId: string;
  id: string;
  teacherIds: string[];
  name: string;
  grade: string;
  courseName: string;
  courseNumber: string;
  period: string;
  termName: string;
  termStart: string;
  termEnd: string;
}
export interface SampleEnrollment {
  schoolId: string;
  studentId: string;
  sectionId: string;
}
export interface SampleDistrict {
  schools: SampleSchool[];
  students: SampleStudent[];
  teachers: SampleTeacher[];
  sections: SampleSection[];
  enrollments: SampleEnrollment[];
}

/** A CSV file with a header row, read by papaparse (quoted fields may hold commas and doubled quotes). */
export function parseCsv(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

/** The sample district's files, kept in the repository (clever-sandbox/SOURCE.md) so a fresh clone tests without shared/. */
export function sampleDistrictDir(): string {
  return process.env.SAMPLE_DISTRICT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), 'clever-sandbox');
}

let cached: SampleDistrict | undefined;

export function loadSampleDistrict(): SampleDistrict {
  if (cached) return cached;
  const dir = sampleDistrictDir();
  const read = (name: string) => parseCsv(readFileSync(join(dir, name), 'utf8'));
  cached = {
    schools: read('schools.csv').map((r) => ({
      id: r.School_id!,
      name: r.School_name!,
      lowGrade: r.Low_grade!,
      highGrade: r.High_grade!,
      principal: r.Principal!,
      principalEmail: r.Principal_email!,
    })),
    students: read('students.csv').map((r) => ({
      schoolId: r.School_id!,
      id: r.Student_id!,
      stateId: r.State_id!,
      firstName: r.First_name!,
      middleName: r.Middle_name!,
      lastName: r.Last_name!,
      gender: r.Gender!,
      dob: r.Dob!,
      grade: r.Grade!,
      ell: r.Ell_status === 'Y',
      email: r.Student_email!,
      username: r.Username!,
    })),
    teachers: read('teachers.csv').map((r) => ({
      schoolId: r.School_id!,
      id: r.Teacher_id!,
      number: r.Teacher_number!,
      firstName: r.First_name!,
      lastName: r.Last_name!,
      email: r.Teacher_email!,
      title: r.Title!,
      username: r.Username!,
    })),
    sections: read('sections.csv').map((r) => ({
      schoolId: r.School_id!,
      id: r.Section_id!,
      teacherIds: [r.Teacher_id, r.Teacher_2_id, r.Teacher_3_id, r.Teacher_4_id].filter((t): t is string => !!t),
      name: r.Name!,
      grade: r.Grade!,
      courseName: r.Course_name!,
      courseNumber: r.Course_number!,
      period: r.Period!,
      termName: r.Term_name!,
      termStart: r.Term_start!,
      termEnd: r.Term_end!,
    })),
    enrollments: read('enrollments.csv').map((r) => ({ schoolId: r.School_id!, studentId: r.Student_id!, sectionId: r.Section_id! })),
  };
  return cached;
}

/** A deep copy, so that a test's changes to a fake never leak into another fake. */
export function cloneDistrict(d: SampleDistrict): SampleDistrict {
  return structuredClone(d);
}

/**
 * A district of the given size made by repeating the sample: copy `c` of every record gets ids
 * and school ids suffixed with `c`, an e-mail made unique with `+c`, and a last name taken from
 * another record of the same kind (a permutation), so names do not simply repeat. Sections only
 * keep teachers and enrolments that exist in the result, and stay in their copy's school.
 */
export function syntheticDistrict(size: { students: number; teachers: number; sections: number }): SampleDistrict {
  const base = loadSampleDistrict();
  const copies = Math.ceil(Math.max(size.students / base.students.length, size.teachers / base.teachers.length, size.sections / base.sections.length));
  const sfx = (id: string, c: number) => (c === 0 ? id : `${id}${String(c).padStart(3, '0')}`);
  const mail = (email: string, c: number) => (c === 0 || !email ? email : email.replace('@', `+${c}@`));
  const take = <T, U>(list: T[], max: number, make: (item: T, c: number, i: number) => U) => {
    const out: U[] = [];
    for (let c = 0; c < copies && out.length < max; c++) for (let i = 0; i < list.length && out.length < max; i++) out.push(make(list[i]!, c, i));
    return out;
  };
  const n = (list: unknown[], i: number, c: number) => (i + c * 7) % list.length;
  const schools = take(base.schools, base.schools.length * copies, (s, c) => ({ ...s, id: sfx(s.id, c), name: c === 0 ? s.name : `${s.name} ${c + 1}` }));
  const students = take(base.students, size.students, (s, c, i) => ({
    ...s,
    schoolId: sfx(s.schoolId, c),
    id: sfx(s.id, c),
    lastName: base.students[n(base.students, i, c)]!.lastName,
    email: mail(s.email, c),
    username: sfx(s.username, c),
  }));
  const teachers = take(base.teachers, size.teachers, (t, c, i) => ({
    ...t,
    schoolId: sfx(t.schoolId, c),
    id: sfx(t.id, c),
    number: sfx(t.number, c),
    lastName: base.teachers[n(base.teachers, i, c)]!.lastName,
    email: mail(t.email, c),
    username: sfx(t.username, c),
  }));
  const teacherIds = new Set(teachers.map((t) => t.id));
  const sections = take(base.sections, size.sections, (s, c) => ({
    ...s,
    schoolId: sfx(s.schoolId, c),
    id: sfx(s.id, c),
    teacherIds: s.teacherIds.map((t) => sfx(t, c)).filter((t) => teacherIds.has(t)),
  }));
  const studentIds = new Set(students.map((s) => s.id));
  const sectionIds = new Set(sections.map((s) => s.id));
  const enrollments = take(base.enrollments, Number.MAX_SAFE_INTEGER, (e, c) => ({
    schoolId: sfx(e.schoolId, c),
    studentId: sfx(e.studentId, c),
    sectionId: sfx(e.sectionId, c),
  })).filter((e) => studentIds.has(e.studentId) && sectionIds.has(e.sectionId));
  const used = new Set([...students.map((s) => s.schoolId), ...teachers.map((t) => t.schoolId)]);
  return { schools: schools.filter((s) => used.has(s.id)), students, teachers, sections, enrollments };
}
