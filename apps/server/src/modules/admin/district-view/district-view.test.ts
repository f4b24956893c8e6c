import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildDistrict, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { CSV_BOM } from '@high5/contract';
import { keysetBatches } from '../../../lib/cursor.js';
import { checkIn, recognise, schoolWithAdmin, superAdmin } from '../test-factories.js';
import { districtStudentsBatch, type StudentScope } from './queries.js';

// The super admin's district view (decision 0603): the district's students across its schools
// and its figures per school, never another district's. The test clock is 15 October 2026.
let t: TestApp;
let cookie: string;
let districtId: string;
let north: { id: string };
let south: { id: string };
let otherSchool: { id: string };
const range = '2026-10-01_2026-10-14';

beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await superAdmin(t.app)).cookie;
  districtId = (await buildDistrict(t.app, { name: 'Valley Unified' })).id;
  north = await buildSchool(t.app, { districtId, name: 'North Elementary' });
  south = await buildSchool(t.app, { districtId, name: 'South Middle' });
  otherSchool = await buildSchool(t.app, { name: 'Elsewhere High' });
  const ana = await buildUser(t.app, { schoolId: north.id, role: 'student', firstName: 'Ana', lastName: 'Alvarez', grade: 3 });
  const ben = await buildUser(t.app, { schoolId: south.id, role: 'student', firstName: 'Ben', lastName: 'Brown', grade: 7 });
  await buildUser(t.app, { schoolId: south.id, role: 'student', firstName: 'Cleo', lastName: 'Pending', status: 'pending' });
  const teacher = await buildUser(t.app, { schoolId: north.id, role: 'teacher', firstName: 'Tess', lastName: 'Teacher' });
  const outsider = await buildUser(t.app, { schoolId: otherSchool.id, role: 'student', firstName: 'Otto', lastName: 'Outside' });
  const s = (u: { id: string }, role = 'student') => ({ id: u.id, role });
  await recognise(t.app, { schoolId: north.id, giver: s(teacher, 'teacher'), receiver: s(ana), date: '2026-10-05' });
  await recognise(t.app, { schoolId: north.id, giver: s(ana), receiver: s(teacher, 'teacher'), date: '2026-10-06', kind: 'vibe' });
  await recognise(t.app, { schoolId: north.id, giver: s(teacher, 'teacher'), receiver: s(ana), date: '2026-09-20' });
  await recognise(t.app, { schoolId: otherSchool.id, giver: s(outsider), receiver: s(outsider), date: '2026-10-05' });
  await checkIn(t.app, { userId: ana.id, schoolId: north.id, date: '2026-10-07', mood: 'smiley' });
  await checkIn(t.app, { userId: ben.id, schoolId: south.id, date: '2026-10-07', mood: 'worried' });
  await checkIn(t.app, { userId: ben.id, schoolId: south.id, date: '2026-10-08', mood: 'smiley' });
  await checkIn(t.app, { userId: outsider.id, schoolId: otherSchool.id, date: '2026-10-08', mood: 'smiley' });
});
afterAll(() => t.close());

describe('GET /super/districts/:districtId/students', () => {
  const url = () => `/v1/super/districts/${districtId}/students`;

  it('answers 401 signed out and 403 to a school admin, even of a school of the district', async () => {
    expect((await t.call('GET', url())).status).toBe(401);
    const admin = await buildUser(t.app, { schoolId: north.id, role: 'teacher', isAdmin: true });
    const { cookie: adminCookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', url(), { cookie: adminCookie })).status).toBe(403);
    expect((await t.call('GET', url(), { cookie: await sessionFor(t.app, admin.id, north.id) })).status).toBe(403);
  });

  it("lists the district's active students with school and grade, never another district's, and no sensitive flags", async () => {
    const res = await t.call('GET', url(), { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.total).toBe(2);
    expect(res.json.ResponseData.rows.map((r: { name: string; schoolName: string; grade: number }) => [r.name, r.schoolName, r.grade])).toEqual([
      ['Ana Alvarez', 'North Elementary', 3],
      ['Ben Brown', 'South Middle', 7],
    ]);
    expect(Object.keys(res.json.ResponseData.rows[0]).sort()).toEqual(['email', 'grade', 'name', 'schoolId', 'schoolName', 'userId', 'username']);
  });

  it('searches, sorts by school or grade, and pages on the server', async () => {
    const search = await t.call('GET', `${url()}?q=brown`, { cookie });
    expect(search.json.ResponseData.rows.map((r: { name: string }) => r.name)).toEqual(['Ben Brown']);
    expect((await t.call('GET', `${url()}?q=otto`, { cookie })).json.ResponseData.total).toBe(0);
    const byGrade = await t.call('GET', `${url()}?sort=grade&dir=desc`, { cookie });
    expect(byGrade.json.ResponseData.rows.map((r: { grade: number }) => r.grade)).toEqual([7, 3]);
    const second = await t.call('GET', `${url()}?sort=school&pageSize=1&page=1`, { cookie });
    expect([second.json.ResponseData.total, second.json.ResponseData.rows.map((r: { name: string }) => r.name)]).toEqual([2, ['Ben Brown']]);
    const past = await t.call('GET', `${url()}?pageSize=1&page=5`, { cookie });
    expect([past.json.ResponseData.total, past.json.ResponseData.rows]).toEqual([2, []]);
  });

  it('answers 404 for an unknown district and 400 for a bad sort', async () => {
    expect((await t.call('GET', '/v1/super/districts/00000000-0000-4000-8000-000000000000/students', { cookie })).status).toBe(404);
    const bad = await t.call('GET', `${url()}?sort=iep`, { cookie });
    expect([bad.status, bad.json.ErrorCode]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

const noGrade = (userId: string) => t.app.services.db.updateTable('schoolMemberships').set({ grade: null }).where('userId', '=', userId).execute();
/** A file's text: the test client answers what is not JSON as the envelope's data. */
const text = (res: { json: { ResponseData: unknown } }) => res.json.ResponseData as string;

describe('GET /super/districts/:districtId/students.csv (docs/decisions/0610)', () => {
  it('writes the list in its search and order, a student without a grade last either way, in the caller’s language', async () => {
    const { id } = await buildDistrict(t.app, { name: 'Río Unificado' });
    const east = await buildSchool(t.app, { districtId: id, name: 'East Elementary' });
    await buildUser(t.app, { schoolId: east.id, role: 'student', firstName: 'Kim', lastName: 'Kay', grade: 0 });
    const lou = await buildUser(t.app, { schoolId: east.id, role: 'student', firstName: 'Lou', lastName: 'Lee' });
    await noGrade(lou.id);
    await buildUser(t.app, { schoolId: east.id, role: 'student', firstName: 'Max', lastName: 'Moe', grade: 5 });
    await buildUser(t.app, { schoolId: east.id, role: 'student', firstName: 'Ned', lastName: 'Nye', grade: -1 });
    const res = await t.call('GET', `/v1/super/districts/${id}/students.csv?sort=grade&dir=desc`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Students-across-the-district_Rio-Unificado.csv"');
    expect(text(res).startsWith(CSV_BOM)).toBe(true);
    expect(text(res).slice(1).split('\r\n')).toEqual([
      'Report,Students across the district',
      'Search,None',
      'Sorted by,Grade (sorted descending)',
      'Downloaded on,2026-10-15',
      '',
      'Name,School,Grade',
      'Max Moe,East Elementary,5',
      'Kim Kay,East Elementary,K',
      'Ned Nye,East Elementary,TK',
      'Lou Lee,East Elementary,',
      '',
    ]);
    const es = await buildUser(t.app, { isSuperAdmin: true, language: 'es' });
    const spanish = await t.call('GET', `/v1/super/districts/${id}/students.csv?q=lee`, { cookie: await sessionFor(t.app, es.id) });
    expect(text(spanish).slice(1).split('\r\n')).toEqual(expect.arrayContaining(['Búsqueda,lee', 'Lou Lee,East Elementary,']));
    expect(text(spanish)).not.toContain('Max Moe');
  });

  it('reads the same rows as the pages, in every order, across batches', async () => {
    const { id } = await buildDistrict(t.app, { name: 'Batch Unified' });
    const a = await buildSchool(t.app, { districtId: id, name: 'Alpha' });
    const b = await buildSchool(t.app, { districtId: id, name: 'Beta' });
    for (const [i, grade] of [3, null, 3, 1, null, 12].entries()) {
      const kid = await buildUser(t.app, { schoolId: i % 2 ? a.id : b.id, role: 'student', firstName: `K${i}`, lastName: i < 3 ? 'Same' : `L${i}` });
      if (grade === null) await noGrade(kid.id);
      else await t.app.services.db.updateTable('schoolMemberships').set({ grade }).where('userId', '=', kid.id).execute();
    }
    for (const sort of ['name', 'school', 'grade'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const page = await t.call('GET', `/v1/super/districts/${id}/students?sort=${sort}&dir=${dir}&pageSize=100`, { cookie });
        const scope: StudentScope = { districtId: id, search: '', sort, dir };
        const read: string[] = [];
        for await (const batch of keysetBatches(
          (after: unknown[] | null, limit) => districtStudentsBatch(t.app.services.db, scope, after, limit),
          (r) => r.key,
          1,
        )) {
          read.push(...batch.map((r) => r.userId));
        }
        expect(read, `${sort} ${dir}`).toEqual(page.json.ResponseData.rows.map((r: { userId: string }) => r.userId));
      }
    }
  });

  it('is the super admin’s only, and 404 for no district', async () => {
    const { cookie: adminCookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', `/v1/super/districts/${districtId}/students.csv`, { cookie: adminCookie })).status).toBe(403);
    expect((await t.call('GET', '/v1/super/districts/00000000-0000-4000-8000-000000000000/students.csv', { cookie })).status).toBe(404);
  });
});

describe('GET /super/districts/:districtId/reports/summary', () => {
  const url = (r = range) => `/v1/super/districts/${districtId}/reports/summary?range=${r}`;

  it('answers 403 to a school admin', async () => {
    const { cookie: adminCookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', url(), { cookie: adminCookie })).status).toBe(403);
  });

  it("sums the students' figures per school and for the district, in the range, without other districts", async () => {
    const res = await t.call('GET', url(), { cookie });
    expect(res.status).toBe(200);
    const zero = { high5Given: 0, high5Received: 0, vibeGiven: 0, vibeReceived: 0, checkIns: 0, lowEnjoyment: 0 };
    expect(res.json.ResponseData.schools).toEqual([
      { schoolId: north.id, name: 'North Elementary', ...zero, students: 1, high5Received: 1, vibeGiven: 1, checkIns: 1 },
      { schoolId: south.id, name: 'South Middle', ...zero, students: 1, checkIns: 2, lowEnjoyment: 1 },
    ]);
    expect(res.json.ResponseData.totals).toEqual({ ...zero, students: 2, high5Received: 1, vibeGiven: 1, checkIns: 3, lowEnjoyment: 1 });
  });

  it('refuses a range across two school years, and one ending after today', async () => {
    const crossing = await t.call('GET', url('2026-07-20_2026-08-10'), { cookie });
    expect([crossing.status, crossing.json.ErrorCode]).toEqual([400, 'RANGE_CROSSES_SCHOOL_YEAR']);
    const future = await t.call('GET', url('2026-10-01_2026-10-20'), { cookie });
    expect([future.status, future.json.issues]).toEqual([400, [{ path: 'query.range', code: 'range_in_future' }]]);
  });
});

describe('GET /super/schools/:schoolId/school-years', () => {
  it("answers a school's years to the super admin, 403 to a school admin and 404 for no school", async () => {
    const res = await t.call('GET', `/v1/super/schools/${north.id}/school-years`, { cookie });
    expect(res.status).toBe(200);
    expect([res.json.ResponseData.today, res.json.ResponseData.current.from, res.json.ResponseData.current.to]).toEqual([
      '2026-10-15',
      '2026-08-01',
      '2027-07-31',
    ]);
    const { cookie: adminCookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', `/v1/super/schools/${north.id}/school-years`, { cookie: adminCookie })).status).toBe(403);
    expect((await t.call('GET', '/v1/super/schools/00000000-0000-4000-8000-000000000000/school-years', { cookie })).status).toBe(404);
  });
});
