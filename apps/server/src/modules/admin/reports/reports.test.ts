import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { auditActions, builtinCategories, checkIn, recognise, schoolWithAdmin, superAdmin } from '../test-factories.js';

let t: TestApp;
// One school with a known set of people and events, and a second school that must never show.
let s: Awaited<ReturnType<typeof arrange>>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await arrange();
});
afterAll(() => t.close());

async function arrange() {
  const { school, admin, cookie } = await schoolWithAdmin(t.app);
  const teacher1 = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Alpha' });
  const teacher2 = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Tom', lastName: 'Beta' });
  const amy = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Amy', lastName: 'Adams' });
  const bob = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Bob', lastName: 'Brown' });
  const cal = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Cal', lastName: 'Clark', email: null, username: `cal${Date.now()}` });
  const parent = await buildUser(t.app, { schoolId: school.id, role: 'parent', firstName: 'Pat', lastName: 'Adams' });
  const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff', firstName: 'Sam', lastName: 'Staff' });
  const pending = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending' });
  await linkParent(t.app, parent.id, amy.id);
  const class1 = await buildClass(t.app, { schoolId: school.id, ownerId: teacher1.id, name: 'Maths 1', studentIds: [amy.id] });
  const class2 = await buildClass(t.app, { schoolId: school.id, ownerId: teacher2.id, name: 'Art 2', studentIds: [bob.id] });
  const other = await schoolWithAdmin(t.app);
  const outsider = await buildUser(t.app, { schoolId: other.school.id, role: 'student' });
  const otherClass = await buildClass(t.app, { schoolId: other.school.id, ownerId: other.admin.id, studentIds: [outsider.id] });

  const [kindness, respect] = await builtinCategories(t.app, 'high5');
  const [thanks] = await builtinCategories(t.app, 'vibe');
  const T = (u: { id: string }) => ({ id: u.id, role: 'teacher' });
  const S = (u: { id: string }) => ({ id: u.id, role: 'student' });
  const sid = school.id;
  await recognise(t.app, {
    schoolId: sid,
    giver: T(teacher1),
    receiver: S(amy),
    date: '2026-10-10',
    comment: 'Great work',
    categoryIds: [kindness!.id, respect!.id],
  });
  await recognise(t.app, { schoolId: sid, giver: T(teacher2), receiver: S(amy), date: '2026-10-12', categoryIds: [kindness!.id] });
  await recognise(t.app, { schoolId: sid, giver: S(amy), receiver: S(bob), date: '2026-10-11', categoryIds: [respect!.id] });
  await recognise(t.app, {
    kind: 'vibe',
    schoolId: sid,
    giver: { id: parent.id, role: 'parent' },
    receiver: S(amy),
    date: '2026-10-13',
    comment: 'Proud',
    categoryIds: [thanks!.id],
  });
  await recognise(t.app, { schoolId: sid, giver: T(teacher1), receiver: S(amy), date: '2026-09-01', categoryIds: [kindness!.id] }); // before the range
  await recognise(t.app, { schoolId: other.school.id, giver: T(other.admin), receiver: S(outsider), date: '2026-10-10', categoryIds: [kindness!.id] });
  await recognise(t.app, { schoolId: other.school.id, giver: T(other.admin), receiver: S(amy), date: '2026-10-10', categoryIds: [kindness!.id] }); // counted in the other school only

  await checkIn(t.app, { userId: amy.id, schoolId: sid, date: '2026-10-10', mood: 'persevere' });
  await checkIn(t.app, { userId: amy.id, schoolId: sid, date: '2026-10-11', mood: 'worried', emergency: true, priority: 'today' });
  await checkIn(t.app, { userId: amy.id, schoolId: sid, date: '2026-10-12', mood: 'grinning' });
  await checkIn(t.app, { userId: bob.id, schoolId: sid, date: '2026-10-12', mood: 'worried', emergency: true, priority: 'not-today' });
  await checkIn(t.app, { userId: bob.id, schoolId: sid, date: '2026-10-13', mood: 'smile' });
  await checkIn(t.app, { userId: teacher1.id, schoolId: sid, date: '2026-10-12', mood: 'sleeping' });
  await checkIn(t.app, { userId: amy.id, schoolId: sid, date: '2026-08-01', mood: 'rage' }); // before the range
  await checkIn(t.app, { userId: outsider.id, schoolId: other.school.id, date: '2026-10-12', mood: 'rage' });

  return {
    school,
    admin,
    cookie,
    teacher1,
    teacher2,
    amy,
    bob,
    cal,
    parent,
    staff,
    pending,
    class1,
    class2,
    other,
    outsider,
    otherClass,
    kindness: kindness!,
    respect: respect!,
    thanks: thanks!,
  };
}

const RANGE = '2026-10-06_2026-10-15';
const cookieOf = (user: { id: string }) => sessionFor(t.app, user.id, s.school.id);

describe('GET /admin/reports/group', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}`)).status).toBe(401);
  });

  it('when a teacher without the admin flag asks, it answers 403', async () => {
    expect((await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}`, { cookie: await cookieOf(s.teacher1) })).status).toBe(403);
  });

  it.each([
    ['no range', 'role=student'],
    ['a range that ends before it starts', 'role=student&range=2026-10-15_2026-10-06'],
    ['a range over a year', 'role=student&range=2025-01-01_2026-10-15'],
    ['a date that does not exist', 'role=student&range=2026-02-30_2026-03-01'],
    ['an unknown group', `role=admin&range=${RANGE}`],
    ['a class for teachers', `role=teacher&range=${RANGE}&classId=${randomUUID()}`],
    ['an unknown sort column', `role=student&range=${RANGE}&sort=password`],
    ['a sort direction that is not asc or desc', `role=student&range=${RANGE}&sort=name&dir=sideways`],
    ['a negative page', `role=student&range=${RANGE}&page=-1`],
    ['a page of 501 rows', `role=student&range=${RANGE}&pageSize=501`],
    ['a page size of 0', `role=student&range=${RANGE}&pageSize=0`],
    ['a search of 101 characters', `role=student&range=${RANGE}&q=${'a'.repeat(101)}`],
  ])('when given %s, it answers 400', async (_label, query) => {
    const res = await t.call('GET', `/v1/admin/reports/group?${query}`, { cookie: s.cookie });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it('when the class belongs to another school, it answers 404', async () => {
    expect((await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&classId=${s.otherClass.id}`, { cookie: s.cookie })).status).toBe(404);
  });

  it("counts each student's High 5s and Vibes in this school and range, by name", async () => {
    const res = await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}`, { cookie: s.cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({
      rows: [
        { userId: s.amy.id, name: 'Amy Adams', email: s.amy.email, username: s.amy.username, high5Given: 1, high5Received: 2, vibeGiven: 0, vibeReceived: 1 },
        { userId: s.bob.id, name: 'Bob Brown', email: s.bob.email, username: s.bob.username, high5Given: 0, high5Received: 1, vibeGiven: 0, vibeReceived: 0 },
        // A username-only student: no e-mail, and the username to show instead.
        { userId: s.cal.id, name: 'Cal Clark', email: null, username: s.cal.username, high5Given: 0, high5Received: 0, vibeGiven: 0, vibeReceived: 0 },
      ],
      total: 3,
      page: 0,
      pageSize: 25,
    });
  });

  it('covers teachers (active ones only), parents and staff', async () => {
    const teachers = (await t.call('GET', `/v1/admin/reports/group?role=teacher&range=${RANGE}`, { cookie: s.cookie })).json.ResponseData.rows as {
      userId: string;
      high5Given: number;
    }[];
    expect(teachers.map((r) => r.userId)).not.toContain(s.pending.id);
    expect(teachers.find((r) => r.userId === s.teacher1.id)!.high5Given).toBe(1);
    const parents = (await t.call('GET', `/v1/admin/reports/group?role=parent&range=${RANGE}`, { cookie: s.cookie })).json.ResponseData.rows;
    expect(parents).toEqual([expect.objectContaining({ userId: s.parent.id, vibeGiven: 1 })]);
    const staff = (await t.call('GET', `/v1/admin/reports/group?role=staff&range=${RANGE}`, { cookie: s.cookie })).json.ResponseData.rows;
    expect(staff).toEqual([expect.objectContaining({ userId: s.staff.id, high5Given: 0 })]);
  });

  it('filters students by class', async () => {
    const res = await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&classId=${s.class2.id}`, { cookie: s.cookie });
    expect(res.json.ResponseData.rows.map((r: { userId: string }) => r.userId)).toEqual([s.bob.id]);
  });

  it('sorts by any count, either way, ties by name', async () => {
    const ids = async (query: string) =>
      (
        (await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&${query}`, { cookie: s.cookie })).json.ResponseData.rows as {
          userId: string;
        }[]
      ).map((r) => r.userId);
    // The students nobody recognised come first when sorting received High 5s upwards.
    expect(await ids('sort=high5Received&dir=asc')).toEqual([s.cal.id, s.bob.id, s.amy.id]);
    expect(await ids('sort=high5Received&dir=desc')).toEqual([s.amy.id, s.bob.id, s.cal.id]);
    expect(await ids('sort=high5Given&dir=desc')).toEqual([s.amy.id, s.bob.id, s.cal.id]);
    expect(await ids('sort=vibeReceived&dir=desc')).toEqual([s.amy.id, s.bob.id, s.cal.id]);
    expect(await ids('sort=name&dir=desc')).toEqual([s.cal.id, s.bob.id, s.amy.id]);
  });

  it('searches names, e-mail addresses and usernames, any case; % is matched as itself', async () => {
    const search = async (q: string) =>
      (await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&q=${encodeURIComponent(q)}`, { cookie: s.cookie })).json.ResponseData as {
        rows: { userId: string }[];
        total: number;
      };
    expect((await search('bob')).rows.map((r) => r.userId)).toEqual([s.bob.id]);
    expect((await search('adams amy')).rows.map((r) => r.userId)).toEqual([s.amy.id]);
    expect((await search(s.cal.username!.toUpperCase())).rows.map((r) => r.userId)).toEqual([s.cal.id]);
    expect((await search(s.amy.email!.slice(0, 12))).rows.map((r) => r.userId)).toEqual([s.amy.id]);
    expect(await search('%')).toMatchObject({ rows: [], total: 0 });
  });

  it('pages through a large school, 500 rows a page, without gaps or repeats', async () => {
    const big = await schoolWithAdmin(t.app);
    const users = await t.app.services.db
      .insertInto('users')
      .values(
        Array.from({ length: 520 }, (_, i) => ({ email: `bulk-${i}-${big.school.id}@example.test`, firstName: 'Kid', lastName: `Bulk ${String(i % 7)}` })),
      )
      .returning('id')
      .execute();
    await t.app.services.db
      .insertInto('schoolMemberships')
      .values(users.map((u) => ({ userId: u.id, schoolId: big.school.id, role: 'student', grade: 3 })))
      .execute();
    const first = await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&pageSize=500`, { cookie: big.cookie });
    expect(first.json.ResponseData.rows).toHaveLength(500);
    expect(first.json.ResponseData).toMatchObject({ total: 520, page: 0, pageSize: 500 });
    const second = await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&pageSize=500&page=1`, { cookie: big.cookie });
    expect(second.json.ResponseData.rows).toHaveLength(20);
    expect(second.json.ResponseData.total).toBe(520);
    // Past the end: no rows, and still the total.
    const past = await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&pageSize=500&page=9`, { cookie: big.cookie });
    expect(past.json.ResponseData).toMatchObject({ rows: [], total: 520, page: 9 });
    const ids = [...first.json.ResponseData.rows, ...second.json.ResponseData.rows].map((r: { userId: string }) => r.userId);
    expect(new Set(ids)).toEqual(new Set(users.map((u) => u.id)));
  });
});

describe('GET /admin/reports/users/:userId (the Reports dialog)', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', `/v1/admin/reports/users/${s.amy.id}?range=${RANGE}`)).status).toBe(401);
  });

  it('when a non-admin asks, it answers 403', async () => {
    expect((await t.call('GET', `/v1/admin/reports/users/${s.amy.id}?range=${RANGE}`, { cookie: await cookieOf(s.staff) })).status).toBe(403);
  });

  it('when the range is missing, it answers 400', async () => {
    expect((await t.call('GET', `/v1/admin/reports/users/${s.amy.id}`, { cookie: s.cookie })).status).toBe(400);
  });

  it("when the user is another school's, it answers 404", async () => {
    expect((await t.call('GET', `/v1/admin/reports/users/${s.outsider.id}?range=${RANGE}`, { cookie: s.cookie })).status).toBe(404);
  });

  it('shows what the student received in this school, per category (zero counts too) and item, and records the read', async () => {
    const res = await t.call('GET', `/v1/admin/reports/users/${s.amy.id}?range=${RANGE}`, { cookie: s.cookie });
    expect(res.status).toBe(200);
    const report = res.json.ResponseData;
    expect(report.user).toEqual({ id: s.amy.id, name: 'Amy Adams', email: s.amy.email, username: s.amy.username, role: 'student' });
    const counts = Object.fromEntries(report.high5.categories.map((c: { id: string; count: number }) => [c.id, c.count]));
    expect(counts[s.kindness.id]).toBe(2);
    expect(counts[s.respect.id]).toBe(1);
    expect(report.high5.categories.filter((c: { count: number }) => c.count === 0).length).toBeGreaterThan(5);
    expect(report.high5.items).toEqual([
      {
        id: expect.any(Number),
        fromName: s.teacher2.firstName + ' ' + s.teacher2.lastName,
        fromRole: 'teacher',
        date: '2026-10-12',
        comment: '',
        categoryIds: [s.kindness.id],
      },
      {
        id: expect.any(Number),
        fromName: 'Tina Alpha',
        fromRole: 'teacher',
        date: '2026-10-10',
        comment: 'Great work',
        categoryIds: [s.kindness.id, s.respect.id].sort(),
      },
    ]);
    expect(report.vibe.items).toEqual([expect.objectContaining({ fromName: 'Pat Adams', fromRole: 'parent', comment: 'Proud', categoryIds: [s.thanks.id] })]);
    expect(report.high5.truncated).toBe(false);
    expect(await auditActions(t.app, s.school.id)).toContainEqual(
      expect.objectContaining({ action: 'report.user.read', actorId: s.admin.id, targetId: s.amy.id }),
    );
  });

  it('a disabled category with received items still shows, marked disabled', async () => {
    const other = await schoolWithAdmin(t.app);
    const student = await buildUser(t.app, { schoolId: other.school.id, role: 'student' });
    await recognise(t.app, {
      schoolId: other.school.id,
      giver: { id: other.admin.id, role: 'teacher' },
      receiver: { id: student.id, role: 'student' },
      date: '2026-10-10',
      categoryIds: [s.respect.id],
    });
    await t.call('PUT', '/v1/admin/categories/high5', {
      cookie: other.cookie,
      body: {
        items: [
          { id: s.respect.id, enabled: false },
          { id: s.kindness.id, enabled: false },
        ],
      },
    });
    const report = (await t.call('GET', `/v1/admin/reports/users/${student.id}?range=${RANGE}`, { cookie: other.cookie })).json.ResponseData;
    const ids = report.high5.categories.map((c: { id: string }) => c.id);
    expect(ids).toContain(s.respect.id);
    expect(ids).not.toContain(s.kindness.id);
    expect(report.high5.categories.find((c: { id: string }) => c.id === s.respect.id)).toMatchObject({ enabled: false, count: 1 });
  });
});

describe('GET /admin/reports/mood', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}`)).status).toBe(401);
  });

  it('when a teacher without the admin flag asks, it answers 403 and nothing is recorded', async () => {
    const before = (await auditActions(t.app, s.school.id)).length;
    expect((await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}`, { cookie: await cookieOf(s.teacher1) })).status).toBe(403);
    expect((await auditActions(t.app, s.school.id)).length).toBe(before);
  });

  it.each([
    ['an unknown feeling in the filter', `role=student&range=${RANGE}&filters=grinning`],
    ['a minimum that is not a number', `role=student&range=${RANGE}&minLow=lots`],
    ['a minimum below -1', `role=student&range=${RANGE}&minLow=-5`],
  ])('when given %s, it answers 400', async (_label, query) => {
    expect((await t.call('GET', `/v1/admin/reports/mood?${query}`, { cookie: s.cookie })).status).toBe(400);
  });

  it('counts high and low enjoyment check-ins per student in this school and range, and records the read', async () => {
    const res = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&minLow=-1`, { cookie: s.cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({
      rows: [
        {
          userId: s.amy.id,
          name: 'Amy Adams',
          email: s.amy.email,
          username: s.amy.username,
          highEnjoyment: 1,
          lowEnjoyment: 2,
          talkToday: 1,
          talkNotToday: 0,
        },
        // "Not today" is kept apart from "today".
        {
          userId: s.bob.id,
          name: 'Bob Brown',
          email: s.bob.email,
          username: s.bob.username,
          highEnjoyment: 1,
          lowEnjoyment: 1,
          talkToday: 0,
          talkNotToday: 1,
        },
        {
          userId: s.cal.id,
          name: 'Cal Clark',
          email: null,
          username: s.cal.username,
          highEnjoyment: 0,
          lowEnjoyment: 0,
          talkToday: 0,
          talkNotToday: 0,
        },
      ],
      total: 3,
      page: 0,
      pageSize: 25,
    });
    expect(await auditActions(t.app, s.school.id)).toContainEqual(
      expect.objectContaining({
        action: 'report.mood.read',
        actorId: s.admin.id,
        details: expect.objectContaining({ role: 'student', from: '2026-10-06', to: '2026-10-15', rows: 3 }),
      }),
    );
  });

  it('never puts the low check-ins on a page, even when asked (the CSV file has them)', async () => {
    const res = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&entries=true`, { cookie: s.cookie });
    expect(res.json.ResponseData.rows).toHaveLength(3);
    expect(res.json.ResponseData.rows[0]).toEqual(expect.objectContaining({ userId: s.amy.id, lowEnjoyment: 2 }));
    for (const row of res.json.ResponseData.rows) expect(row).not.toHaveProperty('lowEntries');
  });

  it('with a feeling filter, counts only those feelings and lists only students who had one', async () => {
    const res = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&filters=persevere,weary`, { cookie: s.cookie });
    expect(res.json.ResponseData.rows).toEqual([expect.objectContaining({ userId: s.amy.id, lowEnjoyment: 1 })]);
  });

  it('with a minimum above 0, lists only students with at least that many low-enjoyment check-ins', async () => {
    const res = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&minLow=2`, { cookie: s.cookie });
    expect(res.json.ResponseData.rows.map((r: { userId: string }) => r.userId)).toEqual([s.amy.id]);
    const zero = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&minLow=0`, { cookie: s.cookie });
    expect(zero.json.ResponseData.rows).toHaveLength(3);
  });

  it('sorts by who asked to talk today, searches and pages, and records the search in the audit', async () => {
    const talk = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&sort=talkToday&dir=desc&pageSize=1`, { cookie: s.cookie });
    expect(talk.json.ResponseData).toMatchObject({ rows: [expect.objectContaining({ userId: s.amy.id, talkToday: 1 })], total: 3, pageSize: 1 });
    const later = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&sort=talkNotToday&dir=desc&pageSize=1`, { cookie: s.cookie });
    expect(later.json.ResponseData.rows.map((r: { userId: string }) => r.userId)).toEqual([s.bob.id]);
    const found = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&q=brown`, { cookie: s.cookie });
    expect(found.json.ResponseData).toMatchObject({ rows: [expect.objectContaining({ userId: s.bob.id })], total: 1 });
    expect(await auditActions(t.app, s.school.id)).toContainEqual(
      expect.objectContaining({ action: 'report.mood.read', details: expect.objectContaining({ search: 'brown', rows: 1 }) }),
    );
    expect((await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&sort=high5Given`, { cookie: s.cookie })).status).toBe(400);
  });

  it('filters students by class and covers teachers', async () => {
    const byClass = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&classId=${s.class1.id}`, { cookie: s.cookie });
    expect(byClass.json.ResponseData.rows.map((r: { userId: string }) => r.userId)).toEqual([s.amy.id]);
    const teachers = await t.call('GET', `/v1/admin/reports/mood?role=teacher&range=${RANGE}`, { cookie: s.cookie });
    expect(teachers.json.ResponseData.rows.find((r: { userId: string }) => r.userId === s.teacher1.id)).toMatchObject({ lowEnjoyment: 1 });
  });

  it("when the class is another school's, it answers 404", async () => {
    expect((await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&classId=${s.otherClass.id}`, { cookie: s.cookie })).status).toBe(404);
  });
});

describe('mood meter report settings', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/admin/mood-report/settings')).status).toBe(401);
  });

  it('when a non-admin saves, it answers 403', async () => {
    const res = await t.call('PUT', '/v1/admin/mood-report/settings', {
      cookie: await cookieOf(s.teacher1),
      body: { rangeDays: 5, minimumLowEnjoyment: 2, filters: [] },
    });
    expect(res.status).toBe(403);
  });

  it('when the settings are out of bounds, it answers 400', async () => {
    for (const body of [
      { rangeDays: 0, minimumLowEnjoyment: 1, filters: [] },
      { rangeDays: 10, minimumLowEnjoyment: 1, filters: ['happy'] },
      { rangeDays: 10 },
    ]) {
      expect((await t.call('PUT', '/v1/admin/mood-report/settings', { cookie: s.cookie, body })).status).toBe(400);
    }
  });

  it('answers the defaults, then what the school saved (a minimum of 0 becomes -1), per school', async () => {
    const fresh = await schoolWithAdmin(t.app);
    expect((await t.call('GET', '/v1/admin/mood-report/settings', { cookie: fresh.cookie })).json.ResponseData).toEqual({
      rangeDays: 10,
      minimumLowEnjoyment: -1,
      filters: [],
    });
    const saved = await t.call('PUT', '/v1/admin/mood-report/settings', {
      cookie: fresh.cookie,
      body: { rangeDays: 30, minimumLowEnjoyment: 3, filters: ['rage', 'weary', 'rage'] },
    });
    expect(saved.json.ResponseData).toEqual({ rangeDays: 30, minimumLowEnjoyment: 3, filters: ['rage', 'weary'] });
    const zero = await t.call('PUT', '/v1/admin/mood-report/settings', { cookie: fresh.cookie, body: { rangeDays: 30, minimumLowEnjoyment: 0, filters: [] } });
    expect(zero.json.ResponseData.minimumLowEnjoyment).toBe(-1);
    expect((await t.call('GET', '/v1/admin/mood-report/settings', { cookie: s.cookie })).json.ResponseData.rangeDays).toBe(10);
    expect(await auditActions(t.app, fresh.school.id)).toContainEqual(expect.objectContaining({ action: 'moodReport.settings' }));
  });
});

describe('class reports (/report and /TeacherReport)', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/class-reports/classes')).status).toBe(401);
    expect((await t.call('GET', `/v1/class-reports/recognition?range=${RANGE}`)).status).toBe(401);
    expect((await t.call('GET', `/v1/class-reports/mood?range=${RANGE}`)).status).toBe(401);
  });

  it('when a student, a parent or staff without the admin flag asks, it answers 403', async () => {
    for (const user of [s.amy, s.parent, s.staff]) {
      const cookie = await cookieOf(user);
      expect((await t.call('GET', '/v1/class-reports/classes', { cookie })).status).toBe(403);
      expect((await t.call('GET', `/v1/class-reports/mood?range=${RANGE}`, { cookie })).status).toBe(403);
    }
  });

  it('when the range is wrong, it answers 400', async () => {
    expect((await t.call('GET', '/v1/class-reports/recognition?range=2026-10-15', { cookie: await cookieOf(s.teacher1) })).status).toBe(400);
  });

  it("a teacher sees only the classes they teach, and their students' numbers", async () => {
    const cookie = await cookieOf(s.teacher1);
    const classes = await t.call('GET', '/v1/class-reports/classes', { cookie });
    expect(classes.json.ResponseData).toEqual([{ id: s.class1.id, name: 'Maths 1', teacherName: 'Tina Alpha', yearStart: expect.any(String) }]);
    const all = await t.call('GET', `/v1/class-reports/recognition?range=${RANGE}`, { cookie });
    expect(all.json.ResponseData.rows).toEqual([expect.objectContaining({ userId: s.amy.id, high5Given: 1, high5Received: 2 })]);
    const one = await t.call('GET', `/v1/class-reports/recognition?range=${RANGE}&classId=${s.class1.id}`, { cookie });
    expect(one.json.ResponseData.rows).toHaveLength(1);
    const mood = await t.call('GET', `/v1/class-reports/mood?range=${RANGE}&classId=${s.class1.id}`, { cookie });
    expect(mood.json.ResponseData.rows).toEqual([expect.objectContaining({ userId: s.amy.id, highEnjoyment: 1, lowEnjoyment: 2 })]);
    expect(await auditActions(t.app, s.school.id)).toContainEqual(
      expect.objectContaining({ action: 'report.mood.read', actorId: s.teacher1.id, details: expect.objectContaining({ source: 'teacher' }) }),
    );
  });

  it("when a teacher asks for a class they do not teach, or another school's, it answers 404", async () => {
    const cookie = await cookieOf(s.teacher1);
    expect((await t.call('GET', `/v1/class-reports/recognition?range=${RANGE}&classId=${s.class2.id}`, { cookie })).status).toBe(404);
    expect((await t.call('GET', `/v1/class-reports/mood?range=${RANGE}&classId=${s.class2.id}`, { cookie })).status).toBe(404);
    expect((await t.call('GET', `/v1/class-reports/mood?range=${RANGE}&classId=${s.otherClass.id}`, { cookie })).status).toBe(404);
  });

  it('a teacher without classes gets empty reports', async () => {
    const loner = await buildUser(t.app, { schoolId: s.school.id, role: 'teacher' });
    const cookie = await cookieOf(loner);
    expect((await t.call('GET', '/v1/class-reports/classes', { cookie })).json.ResponseData).toEqual([]);
    expect((await t.call('GET', `/v1/class-reports/mood?range=${RANGE}`, { cookie })).json.ResponseData).toEqual({ rows: [], total: 0, page: 0, pageSize: 25 });
  });

  it('an admin sees every class of the school', async () => {
    const classes = await t.call('GET', '/v1/class-reports/classes', { cookie: s.cookie });
    expect(classes.json.ResponseData.map((c: { id: string }) => c.id)).toEqual([s.class2.id, s.class1.id]);
    const all = await t.call('GET', `/v1/class-reports/recognition?range=${RANGE}`, { cookie: s.cookie });
    expect(all.json.ResponseData.rows.map((r: { userId: string }) => r.userId)).toEqual([s.amy.id, s.bob.id]);
  });
});

describe('GET /admin/classes', () => {
  it("answers 401 signed out, 403 for a teacher, and the school's classes for an admin", async () => {
    expect((await t.call('GET', '/v1/admin/classes')).status).toBe(401);
    expect((await t.call('GET', '/v1/admin/classes', { cookie: await cookieOf(s.teacher1) })).status).toBe(403);
    const res = await t.call('GET', '/v1/admin/classes', { cookie: s.cookie });
    expect(res.json.ResponseData.map((c: { name: string }) => c.name)).toEqual(['Art 2', 'Maths 1']);
  });
});

describe('super admin report', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', `/v1/super/schools/${s.school.id}/reports/group?role=student&range=${RANGE}`)).status).toBe(401);
  });

  it('when a school admin asks, it answers 403', async () => {
    expect((await t.call('GET', `/v1/super/schools/${s.school.id}/reports/group?role=student&range=${RANGE}`, { cookie: s.cookie })).status).toBe(403);
    expect((await t.call('GET', `/v1/super/schools/${s.school.id}/classes`, { cookie: s.cookie })).status).toBe(403);
  });

  it('when the school is unknown, it answers 404; a bad range answers 400', async () => {
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('GET', `/v1/super/schools/${randomUUID()}/reports/group?role=student&range=${RANGE}`, { cookie })).status).toBe(404);
    expect((await t.call('GET', `/v1/super/schools/${s.school.id}/reports/group?role=student&range=nope`, { cookie })).status).toBe(400);
  });

  it('reports on any school, with its classes', async () => {
    const { cookie } = await superAdmin(t.app);
    const classes = await t.call('GET', `/v1/super/schools/${s.school.id}/classes`, { cookie });
    expect(classes.json.ResponseData.map((c: { id: string }) => c.id)).toEqual([s.class2.id, s.class1.id]);
    const res = await t.call('GET', `/v1/super/schools/${s.school.id}/reports/group?role=student&range=${RANGE}&classId=${s.class1.id}`, { cookie });
    expect(res.json.ResponseData.rows).toEqual([expect.objectContaining({ userId: s.amy.id, high5Received: 2, vibeReceived: 1 })]);
    // A class of another school is not found in this one.
    expect(
      (await t.call('GET', `/v1/super/schools/${s.school.id}/reports/group?role=student&range=${RANGE}&classId=${s.otherClass.id}`, { cookie })).status,
    ).toBe(404);
  });
});
