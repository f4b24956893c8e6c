import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { auditActions, member, recognise, schoolWithAdmin } from '../test-factories.js';

// The school year rollover (decisions 0570-0573).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// 20 July 2027 at the school (Los Angeles): the summer before the 2027-2028 year.
beforeEach(() => t.clock.set('2027-07-20T18:00:00Z'));

const db = () => t.app.services.db;
const input = { startsOn: '2027-08-16', gradeMode: 'promote', finalGrade: 6 } as const;

/** A school with an admin, a teacher with two classes, students in grades 5 and 6 and one without a grade. */
async function world() {
  const { school, admin, cookie } = await schoolWithAdmin(t.app);
  const teacher = await member(t.app, school.id, { role: 'teacher', firstName: 'Tess', lastName: 'Teacher' });
  const fifth = await buildUser(t.app, { schoolId: school.id, role: 'student', grade: 5, firstName: 'Fifth', lastName: 'Grader' });
  const sixth = await buildUser(t.app, { schoolId: school.id, role: 'student', grade: 6, firstName: 'Sixth', lastName: 'Grader' });
  const maths = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.user.id, name: 'Maths', studentIds: [fifth.id, sixth.id] });
  const art = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.user.id, name: 'Art', studentIds: [fifth.id] });
  return { school, admin, cookie, teacher, fifth, sixth, maths, art };
}

const membership = (schoolId: string, userId: string) =>
  db().selectFrom('schoolMemberships').select(['grade', 'status']).where('schoolId', '=', schoolId).where('userId', '=', userId).executeTakeFirstOrThrow();
const classYears = (schoolId: string) => db().selectFrom('classes').select(['id', 'schoolYearId']).where('schoolId', '=', schoolId).orderBy('name').execute();
const years = (schoolId: string) =>
  db().selectFrom('schoolYears').select(['startsOn', 'endsOn', 'state']).where('schoolId', '=', schoolId).orderBy('startsOn').execute();

describe('the rollover endpoints', () => {
  const calls = [
    ['GET', '/v1/admin/school-years', undefined],
    ['POST', '/v1/admin/school-years/preview', input],
    ['POST', '/v1/admin/school-years/rollover', input],
    ['POST', '/v1/admin/school-years/rollover/undo', {}],
  ] as const;
  it.each(calls)('%s %s: when signed out, 401', async (method, url, body) => {
    expect((await t.call(method, url, body ? { body } : {})).status).toBe(401);
  });
  it.each(calls)('%s %s: a teacher without the admin flag gets 403', async (method, url, body) => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call(method, url, { cookie, ...(body ? { body } : {}) })).status).toBe(403);
  });
  it.each([
    ['no start day', { gradeMode: 'promote', finalGrade: 6 }],
    ['a start day that is no date', { ...input, startsOn: '2027-02-30' }],
    ['an unknown grade rule', { ...input, gradeMode: 'skip' }],
    ['promotion without a last grade', { ...input, finalGrade: null }],
    ['a grade above 12', { ...input, finalGrade: 13 }],
    ['an unknown field', { ...input, extra: 1 }],
  ])('with %s, the preview and the rollover answer 400 and nothing changes', async (_name, body) => {
    const { school, cookie } = await world();
    for (const url of ['/v1/admin/school-years/preview', '/v1/admin/school-years/rollover']) {
      const res = await t.call('POST', url, { cookie, body });
      expect(res).toMatchObject({ status: 400, json: { ErrorCode: 'VALIDATION_FAILED' } });
    }
    expect(await years(school.id)).toEqual([]);
  });
  it.each([
    ['more than 120 days ahead', '2027-12-01'],
    ['more than 120 days back', '2027-03-01'],
  ])('a start day %s answers 400 SCHOOL_YEAR_START_INVALID', async (_name, startsOn) => {
    const { school, cookie } = await world();
    const res = await t.call('POST', '/v1/admin/school-years/rollover', { cookie, body: { ...input, startsOn } });
    expect(res).toMatchObject({ status: 400, json: { ErrorCode: 'SCHOOL_YEAR_START_INVALID' } });
    expect(await years(school.id)).toEqual([]);
  });
});

describe('a rollover', () => {
  it('the preview lists every change, and the rollover applies exactly that', async () => {
    const w = await world();
    const unknown = await buildUser(t.app, { schoolId: w.school.id, role: 'student', firstName: 'No', lastName: 'Grade' });
    await db().updateTable('schoolMemberships').set({ grade: null }).where('userId', '=', unknown.id).execute();

    const preview = await t.call('POST', '/v1/admin/school-years/preview', { cookie: w.cookie, body: input });
    expect(preview.status).toBe(200);
    // The preview changed nothing.
    expect(await years(w.school.id)).toEqual([]);
    expect(await membership(w.school.id, w.fifth.id)).toEqual({ grade: 5, status: 'active' });
    const plan = preview.json.ResponseData;
    expect(plan).toEqual({
      closing: { from: '2026-08-01', to: '2027-08-15', startYear: 2026 },
      opening: { from: '2027-08-16', to: '2028-08-15', startYear: 2027 },
      gradeMode: 'promote',
      finalGrade: 6,
      classes: [
        { id: w.art.id, name: 'Art', ownerName: 'Tess Teacher', studentCount: 1 },
        { id: w.maths.id, name: 'Maths', ownerName: 'Tess Teacher', studentCount: 2 },
      ],
      promoted: [{ userId: w.fifth.id, name: 'Fifth Grader', from: 5, to: 6 }],
      graduating: [{ userId: w.sixth.id, name: 'Sixth Grader', grade: 6 }],
      unchangedCount: 1,
      teachers: [{ userId: w.teacher.user.id, name: 'Tess Teacher', classCount: 2 }],
    });

    const applied = await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input });
    expect(applied.status).toBe(200);
    expect(applied.json.ResponseData).toEqual(plan);

    expect(await years(w.school.id)).toEqual([
      { startsOn: '2026-08-01', endsOn: '2027-08-15', state: 'closed' },
      { startsOn: '2027-08-16', endsOn: null, state: 'current' },
    ]);
    expect((await classYears(w.school.id)).every((c) => c.schoolYearId !== null)).toBe(true);
    expect(await membership(w.school.id, w.fifth.id)).toEqual({ grade: 6, status: 'active' });
    expect(await membership(w.school.id, w.sixth.id)).toEqual({ grade: 6, status: 'inactive' });
    expect(await membership(w.school.id, unknown.id)).toEqual({ grade: null, status: 'active' });
    expect((await auditActions(t.app, w.school.id)).map((a) => a.action)).toContain('schoolYear.rollover');

    // The teacher starts the new year with no current class; last year's are listed, marked.
    const classes = (await t.call('GET', '/v1/classes', { cookie: w.teacher.cookie })).json.ResponseData as {
      name: string;
      lastYear: boolean;
      policies: { canManage: boolean };
    }[];
    expect(classes.map((c) => [c.name, c.lastYear, c.policies.canManage])).toEqual([
      ['Art', true, false],
      ['Maths', true, false],
    ]);

    // The screen's state: the new year is the current one from its first day; until then the closing one is.
    const state = (await t.call('GET', '/v1/admin/school-years', { cookie: w.cookie })).json.ResponseData;
    expect(state).toMatchObject({
      today: '2027-07-20',
      current: { from: '2026-08-01', to: '2027-08-15' },
      gradeMode: 'promote',
      finalGrade: 6,
      lastRollover: { startsOn: '2027-08-16', undoable: true, origin: 'admin' },
    });
    t.clock.set('2027-08-20T18:00:00Z');
    const cookie = await sessionFor(t.app, w.admin.id, w.school.id);
    const later = (await t.call('GET', '/v1/school-years', { cookie })).json.ResponseData;
    expect(later.current).toEqual({ from: '2027-08-16', to: '2028-08-15', startYear: 2027 });
    expect(later.years.map((y: { from: string }) => y.from)).toEqual(['2027-08-16', '2026-08-01']);
  });

  it("last year's classes are read; every change to them answers 409 CLASS_LAST_YEAR", async () => {
    const w = await world();
    const charts = await t.call('POST', `/v1/classes/${w.maths.id}/seating`, {
      cookie: w.teacher.cookie,
      body: { name: 'Front', rows: 2, cols: 2, deskDirection: 0, seats: {} },
    });
    expect(charts.status).toBe(200);
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    const other = await buildUser(t.app, { schoolId: w.school.id, role: 'student', grade: 3 });
    const sub = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    const student = await sessionFor(t.app, other.id, w.school.id);
    const writes: [string, string, unknown, string][] = [
      ['PUT', `/v1/classes/${w.maths.id}`, { name: 'Maths 2' }, w.teacher.cookie],
      ['DELETE', `/v1/classes/${w.maths.id}`, undefined, w.cookie],
      ['POST', `/v1/classes/${w.maths.id}/students`, { studentIds: [other.id] }, w.teacher.cookie],
      ['DELETE', `/v1/classes/${w.maths.id}/students/${w.fifth.id}`, undefined, w.teacher.cookie],
      ['POST', `/v1/classes/${w.maths.id}/teachers`, { teacherId: sub.id }, w.teacher.cookie],
      ['POST', `/v1/classes/${w.maths.id}/seating`, { name: 'Back', rows: 2, cols: 2, deskDirection: 0, seats: {} }, w.teacher.cookie],
      [
        'PUT',
        `/v1/classes/${w.maths.id}/seating/${charts.json.ResponseData.id}`,
        { name: 'Front', rows: 3, cols: 2, deskDirection: 0, seats: {} },
        w.teacher.cookie,
      ],
      ['DELETE', `/v1/classes/${w.maths.id}/seating/${charts.json.ResponseData.id}`, undefined, w.teacher.cookie],
      ['POST', `/v1/classes/${w.maths.id}/attendance`, { present: [w.fifth.id], absent: [], tardy: [], excused: [] }, w.teacher.cookie],
      ['POST', `/v1/student/classes/${w.maths.id}/request`, {}, student],
    ];
    for (const [method, url, body, cookie] of writes) {
      const res = await t.call(method as 'POST', url, { cookie, ...(body ? { body } : {}) });
      expect([method, url, res.status, res.json.ErrorCode]).toEqual([method, url, 409, 'CLASS_LAST_YEAR']);
    }
    // Reads still answer: the students, the seating chart, last year's attendance.
    expect((await t.call('GET', `/v1/classes/${w.maths.id}/students`, { cookie: w.teacher.cookie })).status).toBe(200);
    const seating = await t.call('GET', `/v1/classes/${w.maths.id}/seating`, { cookie: w.teacher.cookie });
    expect(seating.status).toBe(200);
    expect(await db().selectFrom('enrolments').select('studentId').where('classId', '=', w.maths.id).execute()).toHaveLength(2);
    expect(await db().selectFrom('attendance').select('studentId').where('classId', '=', w.maths.id).execute()).toHaveLength(0);
    // A new class of the same name is this year's.
    const again = await t.call('POST', '/v1/classes', { cookie: w.teacher.cookie, body: { name: 'Maths' } });
    expect(again).toMatchObject({ status: 200, json: { ResponseData: { name: 'Maths', lastYear: false } } });
  });

  it('can be undone until the new year has a class, then not any more', async () => {
    const w = await world();
    const before = {
      years: await years(w.school.id),
      classes: await classYears(w.school.id),
      fifth: await membership(w.school.id, w.fifth.id),
      sixth: await membership(w.school.id, w.sixth.id),
    };
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    const undo = await t.call('POST', '/v1/admin/school-years/rollover/undo', { cookie: w.cookie, body: {} });
    expect(undo.status).toBe(200);
    expect(undo.json.ResponseData.lastRollover).toMatchObject({ undoable: false });
    expect(undo.json.ResponseData.lastRollover.undoneAt).not.toBeNull();
    expect({
      years: await years(w.school.id),
      classes: await classYears(w.school.id),
      fifth: await membership(w.school.id, w.fifth.id),
      sixth: await membership(w.school.id, w.sixth.id),
    }).toEqual(before);
    expect((await auditActions(t.app, w.school.id)).map((a) => a.action)).toContain('schoolYear.undo');
    // Nothing left to undo.
    expect(await t.call('POST', '/v1/admin/school-years/rollover/undo', { cookie: w.cookie, body: {} })).toMatchObject({
      status: 409,
      json: { ErrorCode: 'ROLLOVER_NOTHING_TO_UNDO' },
    });

    // Again, then a class of the new year: undo is refused and nothing moves back.
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    expect((await t.call('POST', '/v1/classes', { cookie: w.teacher.cookie, body: { name: 'Science' } })).status).toBe(200);
    const state = (await t.call('GET', '/v1/admin/school-years', { cookie: w.cookie })).json.ResponseData;
    expect(state.lastRollover).toMatchObject({ undoable: false, undoneAt: null });
    expect(await t.call('POST', '/v1/admin/school-years/rollover/undo', { cookie: w.cookie, body: {} })).toMatchObject({
      status: 409,
      json: { ErrorCode: 'ROLLOVER_UNDO_CLASS_EXISTS' },
    });
    expect(await membership(w.school.id, w.fifth.id)).toEqual({ grade: 6, status: 'active' });
    expect((await years(w.school.id)).map((y) => y.state)).toEqual(['closed', 'current']);
  });

  it('a first rollover in January closes one year, not the seventeen months since the default 1 August; older days stay readable', async () => {
    t.clock.set('2027-01-05T18:00:00Z');
    const w = await world();
    await db()
      .updateTable('schools')
      .set({ createdAt: new Date('2025-09-01T18:00:00Z') })
      .where('id', '=', w.school.id)
      .execute();
    const january = { ...input, startsOn: '2027-01-10' };
    const preview = (await t.call('POST', '/v1/admin/school-years/preview', { cookie: w.cookie, body: january })).json.ResponseData;
    expect(preview.closing).toEqual({ from: '2026-01-10', to: '2027-01-09', startYear: 2026 });
    const applied = await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: january });
    expect(applied.json.ResponseData).toEqual(preview);
    expect(await years(w.school.id)).toEqual([
      { startsOn: '2026-01-10', endsOn: '2027-01-09', state: 'closed' },
      { startsOn: '2027-01-10', endsOn: null, state: 'current' },
    ]);
    // The days before the closing year are the default year, cut short where it starts.
    const picker = (await t.call('GET', '/v1/school-years', { cookie: w.cookie })).json.ResponseData as { years: { from: string; to: string }[] };
    expect(picker.years.map((y) => [y.from, y.to])).toEqual([
      ['2026-01-10', '2027-01-09'],
      ['2025-08-01', '2026-01-09'],
    ]);
  });

  it('a second rollover less than half a year after the first answers 400 SCHOOL_YEAR_START_INVALID', async () => {
    const w = await world();
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    const res = await t.call('POST', '/v1/admin/school-years/preview', { cookie: w.cookie, body: { ...input, startsOn: '2027-09-01' } });
    expect(res).toMatchObject({ status: 400, json: { ErrorCode: 'SCHOOL_YEAR_START_INVALID' } });
  });

  it("with 'keep', grades stay and nobody graduates; the rule is saved as the school's", async () => {
    const w = await world();
    const res = await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: { ...input, gradeMode: 'keep' } });
    expect(res.json.ResponseData).toMatchObject({ promoted: [], graduating: [], unchangedCount: 2 });
    expect(await membership(w.school.id, w.sixth.id)).toEqual({ grade: 6, status: 'active' });
    expect((await t.call('GET', '/v1/admin/school-years', { cookie: w.cookie })).json.ResponseData.gradeMode).toBe('keep');
  });

  it("another school's admin rolls over their own school only", async () => {
    const w = await world();
    const other = await schoolWithAdmin(t.app);
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: other.cookie, body: input })).json.ResponseData.classes).toEqual([]);
    expect((await classYears(w.school.id)).every((c) => c.schoolYearId === null)).toBe(true);
    expect(await membership(w.school.id, w.fifth.id)).toEqual({ grade: 5, status: 'active' });
    expect(await years(w.school.id)).toEqual([]);
    // Nor can they undo it for the first school.
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    await t.call('POST', '/v1/admin/school-years/rollover/undo', { cookie: other.cookie, body: {} });
    expect((await years(w.school.id)).map((y) => y.state)).toEqual(['closed', 'current']);
  });
});

describe('reports per school year', () => {
  it('the dashboard counts the chosen year, the current one by default, and "received" starts again with the year', async () => {
    const w = await world();
    const giver = { id: w.teacher.user.id, role: 'teacher' };
    const receiver = { id: w.fifth.id, role: 'student' };
    await recognise(t.app, { schoolId: w.school.id, giver, receiver, date: '2027-03-10' });
    await recognise(t.app, { schoolId: w.school.id, giver, receiver, date: '2027-08-10' });
    await recognise(t.app, { schoolId: w.school.id, giver, receiver, date: '2027-08-20' });
    await recognise(t.app, { schoolId: w.school.id, giver, receiver, date: '2027-09-02' });
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    t.clock.set('2027-09-10T18:00:00Z');
    const cookie = await sessionFor(t.app, w.fifth.id, w.school.id);
    const answer = await t.call('GET', '/v1/recognition/dashboard', { cookie });
    expect(answer.json.ErrorCode).toBe('err_0');
    const now = answer.json.ResponseData;
    expect(now.schoolYear).toEqual({ from: '2027-08-16', to: '2028-08-15' });
    expect(now.totals.high5Received).toBe(2);
    expect(now.months).toHaveLength(13);
    expect(now.months[0]).toMatchObject({ month: '2027-08', from: '2027-08-16', to: '2027-08-31', high5Received: 1 });
    expect(now.months.at(-1)).toMatchObject({ month: '2028-08', from: '2028-08-01', to: '2028-08-15' });
    const last = (await t.call('GET', '/v1/recognition/dashboard?year=2026-08-01', { cookie })).json.ResponseData;
    expect(last.schoolYear).toEqual({ from: '2026-08-01', to: '2027-08-15' });
    expect(last.totals.high5Received).toBe(2);
    expect(last.months.at(-1)).toMatchObject({ month: '2027-08', from: '2027-08-01', to: '2027-08-15', high5Received: 1 });
    expect((await t.call('GET', '/v1/recognition/dashboard?year=2026-13-01', { cookie })).status).toBe(400);
  });

  it('a report range across two school years answers 400 RANGE_CROSSES_SCHOOL_YEAR; inside one it answers', async () => {
    const w = await world();
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    // After the new year's first day: a report never runs over days still to come (decision 0582).
    t.clock.set('2027-08-25T18:00:00Z');
    const student = await sessionFor(t.app, w.fifth.id, w.school.id);
    const admin = await sessionFor(t.app, w.admin.id, w.school.id);
    const crossing = await t.call('GET', '/v1/recognition/received?kind=high5&range=2027-08-01_2027-08-31', { cookie: student });
    expect(crossing).toMatchObject({ status: 400, json: { ErrorCode: 'RANGE_CROSSES_SCHOOL_YEAR' } });
    const inside = await t.call('GET', '/v1/recognition/received?kind=high5&range=2027-08-01_2027-08-15', { cookie: student });
    expect(inside).toMatchObject({ status: 200, json: { ResponseData: { schoolYear: { from: '2026-08-01', to: '2027-08-15' } } } });
    const group = await t.call('GET', '/v1/admin/reports/group?role=student&range=2027-08-10_2027-08-20', { cookie: admin });
    expect(group).toMatchObject({ status: 400, json: { ErrorCode: 'RANGE_CROSSES_SCHOOL_YEAR' } });
    expect((await t.call('GET', '/v1/admin/reports/group?role=student&range=2027-08-16_2027-08-20', { cookie: admin })).status).toBe(200);
    // A school that never rolled over keeps the default year: 31 July and 1 August are two years.
    const other = await schoolWithAdmin(t.app);
    expect((await t.call('GET', '/v1/admin/reports/group?role=student&range=2027-07-25_2027-08-05', { cookie: other.cookie })).json.ErrorCode).toBe(
      'RANGE_CROSSES_SCHOOL_YEAR',
    );
  });

  it.each([
    ['the admin mood report', 'admin', '/v1/admin/reports/mood?role=student&range='],
    ['the admin user report', 'admin', '/v1/admin/reports/users/:fifth?range='],
    ["the teacher's class recognition report", 'teacher', '/v1/class-reports/recognition?range='],
    ["the teacher's class mood report", 'teacher', '/v1/class-reports/mood?range='],
    ["the admin's class mood report", 'admin', '/v1/class-reports/mood?range='],
  ] as const)('%s refuses a range across two school years with 400 RANGE_CROSSES_SCHOOL_YEAR; inside one it answers', async (_name, who, url) => {
    const w = await world();
    expect((await t.call('POST', '/v1/admin/school-years/rollover', { cookie: w.cookie, body: input })).status).toBe(200);
    t.clock.set('2027-08-25T18:00:00Z');
    // Signed in after the clock moves (a session idles out over a month).
    const cookie = await sessionFor(t.app, who === 'admin' ? w.admin.id : w.teacher.user.id, w.school.id);
    const path = url.replace(':fifth', w.fifth.id);
    // The last 30 days on 25 August run back into the year that ended on 15 August.
    const crossing = await t.call('GET', `${path}2027-07-26_2027-08-25`, { cookie });
    expect(crossing).toMatchObject({ status: 400, json: { ErrorCode: 'RANGE_CROSSES_SCHOOL_YEAR' } });
    expect((await t.call('GET', `${path}2027-08-16_2027-08-25`, { cookie })).status).toBe(200);
    expect((await t.call('GET', `${path}2027-07-26_2027-08-15`, { cookie })).status).toBe(200);
  });

  it("the year picker lists the years of the caller's school for any member; signed out 401", async () => {
    const w = await world();
    expect((await t.call('GET', '/v1/school-years')).status).toBe(401);
    const res = await t.call('GET', '/v1/school-years', { cookie: w.teacher.cookie });
    expect(res.json.ResponseData).toMatchObject({ today: '2027-07-20', current: { from: '2026-08-01', to: '2027-07-31', startYear: 2026 } });
  });
});
