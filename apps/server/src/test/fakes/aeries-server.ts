import type { IncomingMessage } from 'node:http';
import { serveJson, noFaults, type FakeFaults, type RunningFake } from './http-fake.js';
import { cloneDistrict, loadSampleDistrict, type SampleDistrict } from './sample-district.js';

/**
 * A local stand-in for the Aeries API v5 (docs/decisions/0411), filled from the sample district
 * mapped to Aeries' shapes: `AERIES-CERT` on every call but `systeminfo` (401 without it or with
 * another), JSON only for `Accept: application/json`, schools, students per school paged with
 * `StartingRecord`/`EndingRecord`, teachers (TCH, per school), staff (STF, district), sections with
 * `SectionStaffMembers` and their class rosters, student programs with the PGM code table, and the
 * Data Changes endpoints (501 while `dataChangesOff`, as with the v5 enhancements flag off).
 *
 * Mapping: SchoolCode = the sample school id after its first three characters (02M800 → 800);
 * StaffID = the teacher's Teacher_number (principals of schools.csv get StaffID 1, 2, 3);
 * TeacherNumber = Teacher_id at the teacher's own school only, so the sample's 39 sections taught
 * from another school have section staff without a teacher record there (flexible scheduling);
 * LanguageFluencyCode = L for Ell_status Y, E otherwise; DatabaseYear 2015 (the sample's terms
 * run 8/1/15 to 6/1/16).
 */

export interface AeriesFake extends RunningFake {
  certificate: string;
  faults: FakeFaults;
  /** Data Changes answer 501 (v5 enhancements off) while set. */
  dataChangesOff: boolean;
  /** What systeminfo says the year is: '2015' (default), a number, or the '2026-2027' some installations answer. */
  databaseYear: string | number;
  /** The Aeries server's local time: systeminfo's CurrentDateTime and the time of recorded changes. */
  now: Date;
  /** Program records (IEP 144, 504 101 in the PGM code table; other codes as a district has them) by StudentID. */
  programs: Map<number, { code: string; start: string; end: string | null }[]>;
  /** What `codes/PGM/PG` answers (default: 101, 144, 190); a district may answer an empty list. */
  codeSet: { Code: string; Description: string }[];
  /** Changes the district; what changed is recorded for the Data Changes endpoints at `now`. */
  update(change: (district: SampleDistrict) => void): void;
  schoolCode(sampleSchoolId: string): number;
}

const PROGRAM_CODES = [
  { Code: '101', Description: 'Section 504 Accommodation Plan' },
  { Code: '144', Description: 'Special Education' },
  { Code: '190', Description: 'Gifted and Talented Education (GATE)' },
];
/** The description a program record carries itself (Aeries' PGM ProgramDescription), whatever the code set says. */
const RECORD_DESCRIPTIONS: Record<string, string> = {
  '101': '504 Accommodation Plan',
  '144': 'Special Education',
  '190': 'Gifted and Talented Education (GATE)',
};

type Rec = Record<string, unknown>;
interface Built {
  schools: Rec[];
  students: Map<number, Rec[]>;
  teachers: Map<number, Rec[]>;
  staff: Rec[];
  sections: Map<number, Rec[]>;
  rosters: Map<string, Rec[]>;
  courses: Rec[];
}

const schoolCode = (id: string) => Number(id.slice(3));
const grade = (g: string) => (g === 'Kindergarten' ? 0 : Number(g));
const date = (d: string) => {
  const [m, day, y] = d.split('/').map(Number);
  return `${y! < 100 ? 2000 + y! : y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00`;
};

/** `numbers` keeps each student's school-based StudentNumber across changes, as Aeries does. */
function build(d: SampleDistrict, numbers: Map<string, number>): Built {
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);
  const staffOfTeacher = new Map(d.teachers.map((t) => [t.id, Number(t.number)]));
  const students = new Map<number, Rec[]>();
  for (const s of d.students) {
    const sc = schoolCode(s.schoolId);
    const key = `${sc}/${s.id}`;
    if (!numbers.has(key)) {
      numbers.set(key, (numbers.get(String(sc)) ?? 0) + 1);
      numbers.set(String(sc), numbers.get(key)!);
    }
    push(students, sc, {
      StudentID: Number(s.id),
      SchoolCode: sc,
      StudentNumber: numbers.get(key),
      StateStudentID: s.stateId,
      LastName: s.lastName,
      FirstName: s.firstName,
      MiddleName: s.middleName,
      Sex: s.gender === 'female' ? 'F' : s.gender === 'male' ? 'M' : 'X',
      Grade: grade(s.grade),
      Birthdate: date(s.dob),
      LanguageFluencyCode: s.ell ? 'L' : 'E',
      StudentEmailAddress: s.email,
      NetworkLoginID: s.username,
      InactiveStatusCode: '',
    });
  }
  const teachers = new Map<number, Rec[]>();
  for (const t of d.teachers) {
    push(teachers, schoolCode(t.schoolId), {
      SchoolCode: schoolCode(t.schoolId),
      TeacherNumber: Number(t.id),
      DisplayName: `${t.firstName[0]}. ${t.lastName}`,
      FirstName: t.firstName,
      LastName: t.lastName,
      EmailAddress: t.email,
      StaffID1: Number(t.number),
      StaffID2: 0,
      StaffID3: 0,
      InactiveStatusCode: '',
    });
  }
  const staff: Rec[] = [
    ...d.teachers.map((t) => ({
      ID: Number(t.number),
      FirstName: t.firstName,
      LastName: t.lastName,
      EmailAddress: t.email,
      UserName: t.username,
      NetworkLoginID: t.username,
      PrimaryAeriesSchool: schoolCode(t.schoolId),
      Title: t.title,
      InactiveStatusCode: '',
    })),
    ...d.schools.map((s, i) => {
      const [first, ...rest] = s.principal.split(' ');
      return {
        ID: i + 1,
        FirstName: first,
        LastName: rest.join(' '),
        EmailAddress: s.principalEmail,
        UserName: '',
        NetworkLoginID: '',
        PrimaryAeriesSchool: schoolCode(s.id),
        Title: 'Principal',
        InactiveStatusCode: '',
      };
    }),
  ];
  const teacherById = new Map(d.teachers.map((t) => [t.id, t]));
  // The sample's Course_number is reused by many courses, so course ids number the distinct titles.
  const titles = [...new Set(d.sections.map((s) => s.courseName))].sort();
  const courseIds = new Map(titles.map((t, i) => [t, String(i + 1).padStart(4, '0')]));
  const courses = titles.map((t) => ({ ID: courseIds.get(t), Title: t, InactiveStatusCode: '' }));
  const sections = new Map<number, Rec[]>();
  for (const s of d.sections) {
    const sc = schoolCode(s.schoolId);
    push(sections, sc, {
      SchoolCode: sc,
      SectionNumber: Number(s.id),
      Period: s.period,
      Semester: s.termName === 'Y1' ? 'Y' : s.termName,
      CourseID: courseIds.get(s.courseName),
      SectionStaffMembers: s.teacherIds.map((t, i) => ({
        StaffID: staffOfTeacher.get(t),
        LastName: teacherById.get(t)?.lastName,
        FirstName: teacherById.get(t)?.firstName,
        IsPrimaryTeacher: i === 0,
        StartDate: null,
        EndDate: null,
        InactiveStatusCode: '',
      })),
      LowGrade: grade(s.grade),
      HighGrade: grade(s.grade),
      InactiveStatusCode: '',
    });
  }
  const rosters = new Map<string, Rec[]>();
  const sectionById = new Map(d.sections.map((s) => [s.id, s]));
  for (const e of d.enrollments) {
    const section = sectionById.get(e.sectionId);
    if (!section) continue;
    const sc = schoolCode(section.schoolId);
    push(rosters, `${sc}/${e.sectionId}`, {
      StudentID: Number(e.studentId),
      SchoolCode: sc,
      SectionNumber: Number(e.sectionId),
      SequenceNumber: Number(e.sectionId),
      Period: section.period,
      CourseID: courseIds.get(section.courseName),
      DateStarted: date(section.termStart),
      DateEnded: null,
    });
  }
  const schools = d.schools.map((s) => ({
    SchoolCode: schoolCode(s.id),
    Name: s.name,
    LowGradeLevel: grade(s.lowGrade),
    HighGradeLevel: grade(s.highGrade),
    InactiveStatusCode: '',
  }));
  return { schools, students, teachers, staff, sections, rosters, courses };
}

/** What the Data Changes endpoints list: each changed record's keys and when it changed. */
function diff(before: Built, after: Built, at: number, log: Change[]) {
  const index = (b: Built) => ({
    student: new Map([...b.students.values()].flat().map((s) => [`${s.SchoolCode}/${s.StudentID}`, JSON.stringify(s)])),
    staff: new Map(b.staff.map((s) => [String(s.ID), JSON.stringify(s)])),
    section: new Map([...b.sections.values()].flat().map((s) => [`${s.SchoolCode}/${s.SectionNumber}`, JSON.stringify(s)])),
    roster: new Map([...b.rosters].map(([k, v]) => [k, JSON.stringify(v)])),
  });
  const [a, b] = [index(before), index(after)];
  for (const kind of ['student', 'staff', 'section', 'roster'] as const) {
    for (const key of new Set([...a[kind].keys(), ...b[kind].keys()])) if (a[kind].get(key) !== b[kind].get(key)) log.push({ kind, key, at });
  }
}
interface Change {
  kind: 'student' | 'program' | 'staff' | 'section' | 'roster';
  key: string;
  at: number;
}

/** Aeries local times have no zone: the fake keeps them as UTC wall-clock values. */
const local = (d: Date) => d.toISOString().slice(0, 19);

export async function startAeriesFake(options: { district?: SampleDistrict; certificate?: string } = {}): Promise<AeriesFake> {
  const district = cloneDistrict(options.district ?? loadSampleDistrict());
  const certificate = options.certificate ?? '477abe9e7d27439681d62f4e0de1f5e1';
  const faults = noFaults();
  const programs: AeriesFake['programs'] = new Map();
  const changes: Change[] = [];
  const numbers = new Map<string, number>();
  let built = build(district, numbers);

  const list = (rows: Rec[], url: URL) => {
    const start = Number(url.searchParams.get('StartingRecord') ?? 1);
    const end = Number(url.searchParams.get('EndingRecord') ?? Number.MAX_SAFE_INTEGER);
    if (faults.endlessPaging) return rows.slice(0, Math.max(1, end - start + 1));
    return rows.slice(Math.max(0, start - 1), end);
  };
  const malformed = (rows: Rec[]) => (faults.malformedRecord && rows[0] ? [{ ...rows[0], StudentID: 'not-a-number', LastName: null }, ...rows.slice(1)] : rows);

  const handler = async (req: IncomingMessage, url: URL) => {
    // A district's Aeries lives under its own base path (https://demo.aeries.net/aeries/api/v5/…).
    const lower = url.pathname.replace(/\/+$/, '').toLowerCase();
    const path = lower.slice(Math.max(0, lower.indexOf('/api/v5/')));
    if (!path.startsWith('/api/v5/')) return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
    if (!String(req.headers.accept ?? '').includes('application/json'))
      return { status: 406, body: { Message: 'This fake answers JSON only: send Accept: application/json' } };
    const parts = path.split('/').slice(3);
    if (parts[0] === 'systeminfo') {
      return {
        status: 200,
        body: {
          AeriesVersion: '10.25.5.6',
          DatabaseYear: fake.databaseYear,
          AvailableDatabaseYears: [fake.databaseYear],
          LocalTimeZoneName: 'Eastern Standard Time',
          CurrentDateTime: local(fake.now),
        },
      };
    }
    if (req.headers['aeries-cert'] !== certificate) return { status: 401, body: { Message: 'Authorization has been denied for this request.' } };
    if (faults.status500) return { status: 500, body: { Message: 'An error has occurred.' } };
    if (req.method !== 'GET') return { status: 405, body: { Message: 'Method not allowed' } };
    const b = built;
    const [a0, a1, a2, a3, a4, a5] = parts;
    if (/datachanges$/.test(a0 ?? '')) return dataChanges(parts);
    if (a0 === 'codes' && a1 === 'pgm' && a2 === 'pg') return { status: 200, body: fake.codeSet };
    if (a0 === 'courses') return { status: 200, body: b.courses.filter((c) => !a1 || String(c.ID) === a1) };
    if (a0 === 'staff') {
      if (!a1) return { status: 200, body: b.staff };
      const one = b.staff.filter((s) => String(s.ID) === a1);
      if (a2 === 'teachers') return { status: 200, body: [...b.teachers.values()].flat().filter((t) => String(t.StaffID1) === a1) };
      return { status: 200, body: one };
    }
    if (a0 !== 'schools') return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
    if (!a1) return { status: 200, body: b.schools };
    const sc = Number(a1);
    const school = b.schools.find((s) => s.SchoolCode === sc);
    if (!school) return { status: 200, body: [] };
    if (!a2) return { status: 200, body: [school] };
    if (a2 === 'students') {
      const all = b.students.get(sc) ?? [];
      if (a4 === 'programs') {
        const ids = a3 === '0' || !a3 ? all.map((s) => s.StudentID as number) : [Number(a3)];
        const rows = ids.flatMap((id) =>
          (programs.get(id) ?? []).map((p) => ({
            StudentID: id,
            ProgramCode: p.code,
            ProgramDescription: RECORD_DESCRIPTIONS[p.code] ?? `Local program ${p.code}`,
            EligibilityStartDate: p.start,
            EligibilityEndDate: null,
            ParticipationStartDate: p.start,
            ParticipationEndDate: p.end,
          })),
        );
        return { status: 200, body: rows };
      }
      if (a3) return { status: 200, body: malformed(all.filter((s) => String(s.StudentID) === a3)) };
      return { status: 200, body: malformed(list(all, url)) };
    }
    if (a2 === 'teachers') return { status: 200, body: (b.teachers.get(sc) ?? []).filter((t) => !a3 || String(t.TeacherNumber) === a3) };
    if (a2 === 'sections') {
      const sections = b.sections.get(sc) ?? [];
      if (!a3) return { status: 200, body: sections };
      const section = sections.find((s) => String(s.SectionNumber) === a3);
      if (!section) return { status: 404, body: { Message: 'Section not found' } };
      if (a4 === 'students' && !a5) return { status: 200, body: b.rosters.get(`${sc}/${a3}`) ?? [] };
      return { status: 200, body: section };
    }
    return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
  };

  /** `…DataChanges[/{area}]/{year}/{month}/{day}/{hour}/{minute}`: what changed at or after that minute. */
  const dataChanges = (parts: string[]) => {
    if (fake.dataChangesOff) return { status: 501, body: { Message: 'The v5 Enhancements feature flag is off.' } };
    const [endpoint, ...rest] = parts;
    const area = endpoint === 'studentdatachanges' ? rest.shift() : undefined;
    const [y, mo, d, h, mi] = rest.map(Number);
    if ([y, mo, d, h, mi].some((n) => n === undefined || !Number.isInteger(n))) return { status: 400, body: { Message: 'The date is not valid.' } };
    const since = Date.UTC(y!, mo! - 1, d!, h!, mi!);
    const kind = {
      studentdatachanges: area === 'program' ? 'program' : area === 'class' ? 'roster' : 'student',
      staffdatachanges: 'staff',
      sectiondatachanges: 'section',
      sectionrosterdatachanges: 'roster',
    }[endpoint!];
    if (!kind) return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
    const keys = [...new Set(changes.filter((c) => c.kind === kind && c.at >= since).map((c) => c.key))];
    const body = keys.map((key) => {
      const [first, second] = key.split('/');
      if (kind === 'staff') return { StaffID: Number(first) };
      if (kind === 'student' || kind === 'program') return { SchoolCode: Number(first), StudentID: Number(second) };
      return { SchoolCode: Number(first), SectionNumber: Number(second) };
    });
    return { status: 200, body };
  };

  const running = await serveJson(handler, () => faults);
  const fake: AeriesFake = {
    ...running,
    certificate,
    faults,
    dataChangesOff: false,
    databaseYear: '2015',
    codeSet: structuredClone(PROGRAM_CODES),
    now: new Date('2015-09-01T08:00:00Z'),
    programs: new Proxy(programs, {
      get(target, prop) {
        if (prop === 'set')
          return (id: number, value: { code: string; start: string; end: string | null }[]) => {
            const sc = [...built.students.values()].flat().find((s) => s.StudentID === id)?.SchoolCode;
            changes.push({ kind: 'program', key: `${sc}/${id}`, at: fake.now.getTime() });
            return target.set(id, value);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
    update(change) {
      change(district);
      const next = build(district, numbers);
      diff(built, next, fake.now.getTime(), changes);
      built = next;
    },
    schoolCode,
  };
  return fake;
}
