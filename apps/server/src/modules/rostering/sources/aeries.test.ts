import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAeriesFake, type AeriesFake } from '../../../test/fakes/aeries-server.js';
import { loadSampleDistrict } from '../../../test/fakes/sample-district.js';
import { rosterSourceFor, RosterSourceError, type RosterRead, type RosterSnapshot } from './index.js';

let fake: AeriesFake;
const source = (over: { certificate?: string; baseUrl?: string; options?: object } = {}) =>
  rosterSourceFor(
    'aeries',
    over.baseUrl ?? `${fake.baseUrl}/aeries`,
    { certificate: over.certificate ?? fake.certificate },
    { maxServerErrorRetries: 1, requestTimeoutMs: 5_000, ...over.options },
  );
const full = (read: RosterRead): RosterSnapshot => {
  if (read.mode !== 'full') throw new Error(`expected a full read, got ${read.mode}`);
  return read.snapshot;
};
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RosterSourceError);
  return error as RosterSourceError;
}
const sample = loadSampleDistrict();

beforeAll(async () => {
  fake = await startAeriesFake();
});
afterAll(async () => fake.close());
beforeEach(() => {
  Object.assign(fake.faults, { status500: false, delayMs: 0, endlessPaging: false, malformedRecord: false });
  fake.dataChangesOff = false;
  fake.requests.length = 0;
});

describe('Aeries fake', () => {
  it('when a call has no certificate or another one, it answers 401; systeminfo needs none', async () => {
    const get = (path: string, headers: Record<string, string>) => fetch(`${fake.baseUrl}${path}`, { headers: { accept: 'application/json', ...headers } });
    expect((await get('/api/v5/schools', {})).status).toBe(401);
    expect((await get('/api/v5/schools', { 'AERIES-CERT': 'not-the-certificate' })).status).toBe(401);
    expect((await get('/api/v5/schools', { 'AERIES-CERT': fake.certificate })).status).toBe(200);
    expect((await get('/api/v5/systeminfo', {})).status).toBe(200);
    expect((await fetch(`${fake.baseUrl}/api/v5/schools`, { headers: { 'AERIES-CERT': fake.certificate, accept: 'text/xml' } })).status).toBe(406);
  });
});

describe('Aeries driver against the Aeries fake', () => {
  it('when it reads the sample district, it hands over every school, person, section and enrolment with the school year', async () => {
    const snapshot = full(await source().read({}));
    const count = (role: string) => snapshot.people.filter((p) => p.role === role).length;
    expect(snapshot.schoolYear).toBe('2015-2016');
    expect(snapshot.schools.map((s) => s.name).sort()).toEqual(sample.schools.map((s) => s.name).sort());
    expect(count('student')).toBe(1004);
    expect(count('teacher')).toBe(89);
    expect(count('staff')).toBe(3);
    expect(snapshot.sections).toHaveLength(379);
    expect(snapshot.sections.reduce((n, s) => n + s.studentSourceIds.length, 0)).toBe(8971);
    expect(snapshot.people.filter((p) => p.languageLevel === 'L')).toHaveLength(sample.students.filter((s) => s.ell).length);
    expect(snapshot.people.find((p) => p.sourceId === 'stu-738733110')).toMatchObject({
      firstName: 'Diane',
      lastName: 'Schmeler',
      email: 'diane.s@example.org',
      grade: 9,
      languageLevel: 'L',
      iep: false,
      plan504: false,
      schoolSourceIds: ['800'],
    });
    expect(snapshot.people.find((p) => p.email === 'braeden_glover@example.net')).toMatchObject({
      role: 'teacher',
      sisUsername: 'braeden.glover',
      sourceId: 'stf-230186',
    });
  });

  it('when a section is taught by staff without a teacher record at that school (flexible scheduling), the section still names its teacher', async () => {
    const teacherSchool = new Map(sample.teachers.map((t) => [t.id, t.schoolId]));
    const flex = sample.sections.find((s) => teacherSchool.get(s.teacherIds[0]!) !== s.schoolId)!;
    const teacher = sample.teachers.find((t) => t.id === flex.teacherIds[0])!;
    const snapshot = full(await source().read({}));
    const section = snapshot.sections.find((s) => s.sourceId === `${fake.schoolCode(flex.schoolId)}-${flex.id}`)!;
    // Named as Aeries shows a section: course, period, primary teacher.
    expect(section.name).toBe(`${flex.courseName} - ${flex.period} - ${teacher.firstName.slice(0, 1)}. ${teacher.lastName}`);
    expect(section.teacherSourceIds).toContain(`stf-${teacher.number}`);
    const person = snapshot.people.find((p) => p.sourceId === `stf-${teacher.number}`)!;
    expect(person.role).toBe('teacher');
    expect(person.schoolSourceIds).toEqual(expect.arrayContaining([String(fake.schoolCode(flex.schoolId)), String(fake.schoolCode(teacher.schoolId))]));
    const teachersThere = await (
      await fetch(`${fake.baseUrl}/api/v5/schools/${fake.schoolCode(flex.schoolId)}/teachers`, {
        headers: { accept: 'application/json', 'AERIES-CERT': fake.certificate },
      })
    ).json();
    expect((teachersThere as { StaffID1: number }[]).some((t) => t.StaffID1 === Number(teacher.number))).toBe(false);
  });

  it('when pages are small, it asks StartingRecord/EndingRecord page by page to the end', async () => {
    const snapshot = full(await source({ options: { pageSize: 100 } }).read({}));
    expect(snapshot.people.filter((p) => p.role === 'student')).toHaveLength(1004);
    const pages = fake.requests.filter((r) => /students\?StartingRecord=/.test(r));
    expect(pages.length).toBeGreaterThanOrEqual(11);
    expect(pages).toContain('GET /aeries/api/v5/schools/800/students?StartingRecord=101&EndingRecord=200');
  });

  it('when the district records IEP and 504 programs, they come from the PGM code table', async () => {
    fake.programs.set(913113920, [{ code: '144', start: '2015-08-01T00:00:00', end: null }]);
    fake.programs.set(738733110, [{ code: '101', start: '2015-08-01T00:00:00', end: null }]);
    try {
      const people = full(await source().read({})).people;
      expect(people.find((p) => p.sourceId === 'stu-913113920')).toMatchObject({ iep: true, plan504: false });
      expect(people.find((p) => p.sourceId === 'stu-738733110')).toMatchObject({ iep: false, plan504: true });
    } finally {
      fake.programs.clear();
    }
  });

  it("when the code set answers an empty list, IEP and 504 come from the records' own descriptions and the state codes 144 and 101", async () => {
    const saved = fake.codeSet;
    fake.codeSet = [];
    fake.programs.set(913113920, [{ code: '144', start: '2015-08-01T00:00:00', end: null }]);
    fake.programs.set(738733110, [{ code: '101', start: '2015-08-01T00:00:00', end: null }]);
    try {
      const read = await source().read({});
      const people = full(read).people;
      expect(people.find((p) => p.sourceId === 'stu-913113920')).toMatchObject({ iep: true, plan504: false });
      expect(people.find((p) => p.sourceId === 'stu-738733110')).toMatchObject({ iep: false, plan504: true });
      expect(people.filter((p) => p.iep).length + people.filter((p) => p.plan504).length).toBe(2);
      expect(read).toMatchObject({ sourceWarnings: [], carries: { flags: ['iep', 'plan504', 'englishLearner'] } });
    } finally {
      fake.codeSet = saved;
      fake.programs.clear();
    }
  });

  it("when programs are read but none maps to IEP or 504, the flags stay the schools' and the read ends with a warning naming the codes", async () => {
    const saved = fake.codeSet;
    fake.codeSet = [];
    fake.programs.set(913113920, [{ code: 'SPX', start: '2015-08-01T00:00:00', end: null }]);
    fake.programs.set(738733110, [{ code: '190', start: '2015-08-01T00:00:00', end: null }]);
    try {
      const read = await source().read({});
      expect(
        full(read)
          .people.filter((p) => p.role === 'student')
          .every((p) => p.iep === null && p.plan504 === null),
      ).toBe(true);
      expect(read.sourceWarnings).toEqual([{ code: 'programs_unmapped', values: { codes: '190, SPX' } }]);
      expect(read.carries).toEqual({ flags: ['englishLearner'], columns: [] });
    } finally {
      fake.codeSet = saved;
      fake.programs.clear();
    }
  });

  it('when Data Changes are available, a read with a cursor hands over only what changed since', async () => {
    const first = await source().read({});
    expect(first.cursor).toBe('2015-09-01T08:00');
    fake.now = new Date('2015-09-02T07:30:00Z');
    const dropped = sample.enrollments.find((e) => e.studentId === '913113920')!;
    fake.update((d) => {
      d.students.find((s) => s.id === '738733110')!.lastName = 'Schmeler-Ortiz';
      d.enrollments = d.enrollments.filter((e) => !(e.studentId === dropped.studentId && e.sectionId === dropped.sectionId));
      const gone = d.students.findIndex((s) => s.id === '100095233');
      d.students.splice(gone, 1);
      d.enrollments = d.enrollments.filter((e) => e.studentId !== '100095233');
    });
    fake.programs.set(913113920, [{ code: '144', start: '2015-09-02T00:00:00', end: null }]);
    const second = await source().read({ cursor: first.cursor });
    expect(second.mode).toBe('delta');
    if (second.mode !== 'delta') return;
    expect(second.cursor).toBe('2015-09-02T07:30');
    expect(second.upsert.people.map((p) => p.sourceId).sort()).toEqual(['stu-738733110', 'stu-913113920']);
    expect(second.upsert.people.find((p) => p.sourceId === 'stu-738733110')).toMatchObject({ lastName: 'Schmeler-Ortiz', schoolSourceIds: ['800'] });
    expect(second.upsert.people.find((p) => p.sourceId === 'stu-913113920')).toMatchObject({ iep: true, plan504: false });
    expect(second.remove.people).toEqual(['stu-100095233']);
    const section = second.upsert.sections.find((s) => s.sourceId.endsWith(`-${dropped.sectionId}`))!;
    expect(section.studentSourceIds).not.toContain('stu-913113920');
    expect(second.upsert.sections.length).toBeLessThan(40);
    // nothing changed since: an empty delta
    const third = await source().read({ cursor: '2015-09-02T08:00' });
    expect(third).toMatchObject({ mode: 'delta', remove: { people: [], sections: [] }, upsert: { people: [], sections: [] } });
    fake.programs.clear();
    fake.update((d) => Object.assign(d, structuredClone(sample)));
  });

  it('when Data Changes answer 501 (v5 enhancements off), a read with a cursor falls back to a full read', async () => {
    fake.dataChangesOff = true;
    const read = await source().read({ cursor: '2015-09-01T08:00' });
    expect(read.mode).toBe('full');
    expect(fake.requests.some((r) => r.includes('DataChanges'))).toBe(true);
  });

  it('when the certificate is wrong, it fails with roster_auth_failed and the certificate appears nowhere', async () => {
    const certificate = 'f00dfeedf00dfeedf00dfeedf00dfeed';
    const error = await failure(source({ certificate }).read({}));
    expect(error.code).toBe('roster_auth_failed');
    expect(`${error.message} ${error.stack}`).not.toContain(certificate);
    expect((await failure(source({ certificate }).testConnection())).code).toBe('roster_auth_failed');
  });

  it('when the connection is tested with the right certificate, it describes the district', async () => {
    await expect(source().testConnection()).resolves.toEqual({ description: 'Aeries 10.25.5.6, 2015-2016, 3 schools' });
  });

  it('describes the school year whether DatabaseYear is "2026", 2026, "2026-2027" or "2026-27", never as null', async () => {
    try {
      for (const year of ['2026', 2026, '2026-2027', '2026-27']) {
        fake.databaseYear = year;
        await expect(source().testConnection()).resolves.toEqual({ description: 'Aeries 10.25.5.6, 2026-2027, 3 schools' });
        expect(full(await source().read({})).schoolYear).toBe('2026-2027');
      }
      // A form the driver does not know is shown as the SIS wrote it.
      fake.databaseYear = 'SY26';
      await expect(source().testConnection()).resolves.toEqual({ description: 'Aeries 10.25.5.6, SY26, 3 schools' });
    } finally {
      fake.databaseYear = '2015';
    }
  });

  it('when the base URL cannot be reached, it fails with roster_unreachable', async () => {
    expect((await failure(source({ baseUrl: 'http://127.0.0.1:9/aeries' }).read({}))).code).toBe('roster_unreachable');
  });

  it('when the source does not answer in time, it fails with roster_timeout', async () => {
    fake.faults.delayMs = 1_000;
    expect((await failure(source({ options: { requestTimeoutMs: 200 } }).read({}))).code).toBe('roster_timeout');
  });

  it('when the source answers 500, it fails with roster_source_error', async () => {
    fake.faults.status500 = true;
    expect((await failure(source().read({}))).code).toBe('roster_source_error');
  });

  it('when the student pages never end, it stops with roster_endless_paging', async () => {
    fake.faults.endlessPaging = true;
    expect((await failure(source({ options: { pageSize: 100 } }).read({}))).code).toBe('roster_endless_paging');
    expect(fake.requests.filter((r) => r.includes('StartingRecord')).length).toBeLessThan(5);
  });

  it('when a student record is malformed, it fails with roster_malformed', async () => {
    fake.faults.malformedRecord = true;
    expect((await failure(source().read({}))).code).toBe('roster_malformed');
  });
});
