import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { buildCategory, builtinCategories, buildRecognition, setCategoryEnabled, setSchool } from '../give/test-factories.js';

let t: TestApp;
let high5: { id: string; nameEn: string; nameEs: string }[];
let vibe: { id: string; nameEn: string; nameEs: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  high5 = await builtinCategories(t.app, 'high5');
  vibe = await builtinCategories(t.app, 'vibe');
});
afterAll(() => t.close());

async function school() {
  const s = await buildSchool(t.app);
  const other = await buildSchool(t.app);
  const student = await buildUser(t.app, { schoolId: s.id, role: 'student', firstName: 'Ana', lastName: 'Pupil' });
  const teacher = await buildUser(t.app, { schoolId: s.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });
  const admin = await buildUser(t.app, { schoolId: s.id, role: 'staff', isAdmin: true });
  const parent = await buildUser(t.app, { schoolId: s.id, role: 'parent' });
  const otherParent = await buildUser(t.app, { schoolId: s.id, role: 'parent' });
  const otherAdmin = await buildUser(t.app, { schoolId: other.id, role: 'teacher', isAdmin: true });
  await linkParent(t.app, parent.id, student.id);
  return { s, other, student, teacher, admin, parent, otherParent, otherAdmin };
}

const report = async (userId: string, query: string) => t.call('GET', `/v1/recognition/received?${query}`, { cookie: await sessionFor(t.app, userId) });

describe('received report', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/recognition/received?kind=high5')).status).toBe(401);
  });

  it('when the range or kind is malformed, reversed or longer than a school year, it answers 400', async () => {
    const { student } = await school();
    for (const q of [
      'kind=badge',
      'kind=high5&range=2026-10-01',
      'kind=high5&range=2026-10-31_2026-10-01',
      'kind=high5&range=2026-02-30_2026-03-01',
      'kind=high5&range=2025-01-01_2026-10-01',
      'kind=high5&userId=x',
    ]) {
      expect((await report(student.id, q)).status, q).toBe(400);
    }
  });

  it('when someone asks for what they gave, it answers GIVEN_CANNOT_BE_VIEWED', async () => {
    const { teacher } = await school();
    const res = await report(teacher.id, 'kind=high5&direction=given');
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('GIVEN_CANNOT_BE_VIEWED');
  });

  it('shows the receiver their month: category tiles with counts (zero included) and the items with sender, date, comment and categories', async () => {
    const { s, other, student, teacher } = await school();
    const own = await buildCategory(t.app, { schoolId: s.id, kind: 'high5', nameEn: 'Eagle spirit', nameEs: 'Espíritu águila' });
    const retired = await buildCategory(t.app, { schoolId: s.id, kind: 'high5', nameEn: 'Retired one', nameEs: 'Retirada' });
    await setCategoryEnabled(t.app, s.id, high5[12]!.id, false);
    const script = '<script>alert("x")</script>';
    await buildRecognition(t.app, {
      schoolId: s.id,
      giverId: teacher.id,
      receiverId: student.id,
      schoolDate: '2026-10-02',
      comment: script,
      categoryIds: [high5[0]!.id, own.id],
    });
    await buildRecognition(t.app, {
      schoolId: s.id,
      giverId: teacher.id,
      giverRole: 'teacher',
      receiverId: student.id,
      schoolDate: '2026-10-09',
      categoryIds: [high5[0]!.id, retired.id],
    });
    await setCategoryEnabled(t.app, s.id, retired.id, false);
    await buildRecognition(t.app, { schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-09-30', categoryIds: [high5[1]!.id] });
    await buildRecognition(t.app, {
      kind: 'vibe',
      schoolId: s.id,
      giverId: teacher.id,
      receiverId: student.id,
      schoolDate: '2026-10-03',
      categoryIds: [vibe[0]!.id],
    });
    await buildRecognition(t.app, {
      schoolId: s.id,
      giverId: student.id,
      giverRole: 'student',
      receiverId: teacher.id,
      receiverRole: 'teacher',
      schoolDate: '2026-10-03',
      categoryIds: [high5[3]!.id],
    });
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: student.id, schoolId: other.id, role: 'student' }).execute();
    await buildRecognition(t.app, { schoolId: other.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-04', categoryIds: [high5[0]!.id] });

    const res = await report(student.id, 'kind=high5&range=2026-10-01_2026-10-31');
    expect(res.status).toBe(200);
    const r = res.json.ResponseData;
    expect(r.range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(r.items).toHaveLength(2);
    expect(r.items[0]).toEqual({
      id: expect.any(Number),
      fromUserId: teacher.id,
      fromName: 'Tina Teach',
      fromRole: 'teacher',
      date: '2026-10-09',
      comment: '',
      categoryIds: expect.arrayContaining([high5[0]!.id, retired.id]),
      fromHandImageUrl: null,
    });
    expect(r.items[1]).toMatchObject({ date: '2026-10-02', comment: script });
    const tiles = new Map(r.categories.map((c: { name: string; count: number }) => [c.name, c.count]));
    expect(tiles.get(high5[0]!.nameEn)).toBe(2);
    expect(tiles.get(high5[1]!.nameEn)).toBe(0);
    expect(tiles.get('Eagle spirit')).toBe(1);
    expect(tiles.get('Retired one')).toBe(1);
    expect(tiles.has(high5[12]!.nameEn)).toBe(false);
    expect(r.total).toBe(2);
  });

  it('defaults to the current month in the school time zone, and names categories in the asked language', async () => {
    const { s, student, teacher } = await school();
    t.clock.set('2026-11-01T05:00:00Z'); // 31 October, 22:00 in Los Angeles
    await buildRecognition(t.app, {
      kind: 'vibe',
      schoolId: s.id,
      giverId: teacher.id,
      receiverId: student.id,
      schoolDate: '2026-10-31',
      categoryIds: [vibe[2]!.id],
    });
    const res = await report(student.id, 'kind=vibe&language=es');
    expect(res.json.ResponseData).toMatchObject({
      range: { from: '2026-10-01', to: '2026-10-31' },
      today: '2026-10-31',
      schoolYear: { from: '2026-08-01', to: '2027-07-31' },
    });
    expect(res.json.ResponseData.items).toHaveLength(1);
    expect(res.json.ResponseData.categories.find((c: { id: string }) => c.id === vibe[2]!.id)).toEqual({
      id: vibe[2]!.id,
      key: 'thank_you',
      name: vibe[2]!.nameEs,
      count: 1,
    });
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it("links each sender's hand image", async () => {
    const { s, student, teacher } = await school();
    await t.app.services.db
      .insertInto('avatars')
      .values({ userId: teacher.id, imageKey: `avatars/${teacher.id}.webp`, hand: 'Hand2', colourInfo: JSON.stringify({}) })
      .execute();
    await buildRecognition(t.app, { schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-02', categoryIds: [high5[0]!.id] });
    const res = await report(student.id, 'kind=high5&range=2026-10-01_2026-10-31');
    expect(res.json.ResponseData.items[0].fromHandImageUrl).toContain(`avatars/${teacher.id}.webp`);
  });

  it("lets a parent read their child's report (audited), and nobody else's", async () => {
    const { s, student, teacher, parent, otherParent } = await school();
    await buildRecognition(t.app, { schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-02', categoryIds: [high5[0]!.id] });
    const ok = await report(parent.id, `kind=high5&userId=${student.id}&range=2026-10-01_2026-10-31`);
    expect(ok.status).toBe(200);
    expect(ok.json.ResponseData.items).toHaveLength(1);
    const audit = await t.app.services.db.selectFrom('auditLog').selectAll().where('actorId', '=', parent.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'recognition.received.read', targetId: student.id, schoolId: s.id });
    expect((await report(otherParent.id, `kind=high5&userId=${student.id}`)).status).toBe(403);
    expect((await report(parent.id, `kind=high5&userId=${teacher.id}`)).status).toBe(403);
  });

  it("refuses a teacher or a student reading someone else's report", async () => {
    const { student, teacher } = await school();
    expect((await report(teacher.id, `kind=high5&userId=${student.id}`)).status).toBe(403);
    expect((await report(student.id, `kind=vibe&userId=${teacher.id}`)).status).toBe(403);
  });

  it("lets a school admin read any member's report of their school, and not another school's", async () => {
    const { s, student, teacher, admin, otherAdmin } = await school();
    await buildRecognition(t.app, {
      schoolId: s.id,
      giverId: student.id,
      giverRole: 'student',
      receiverId: teacher.id,
      receiverRole: 'teacher',
      schoolDate: '2026-10-02',
      categoryIds: [high5[0]!.id],
    });
    const ok = await report(admin.id, `kind=high5&userId=${teacher.id}&range=2026-10-01_2026-10-31`);
    expect(ok.status).toBe(200);
    expect(ok.json.ResponseData.items).toHaveLength(1);
    expect((await report(otherAdmin.id, `kind=high5&userId=${teacher.id}`)).status).toBe(404);
  });

  it("when the school's high5_vibes setting is OFF, members cannot read received items; admins still can", async () => {
    const { s, student, admin } = await school();
    await setSchool(t.app, s.id, { high5Vibes: false });
    const res = await report(student.id, 'kind=high5');
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('RECEIVED_HIDDEN');
    expect((await report(admin.id, `kind=high5&userId=${student.id}`)).status).toBe(200);
  });
});

describe('received report pages (the table and the category dialog ask for what they show)', () => {
  /** A student's October: 30 High 5s, one a day, from four senders of each role; every third with category 1, the rest with category 0. */
  async function month() {
    const w = await school();
    const senders = [
      { id: w.teacher.id, role: 'teacher' },
      await buildUser(t.app, { schoolId: w.s.id, role: 'student', firstName: 'Bea', lastName: 'Zamora' }).then((u) => ({ id: u.id, role: 'student' })),
      await buildUser(t.app, { schoolId: w.s.id, role: 'parent', firstName: 'Carl', lastName: 'Young' }).then((u) => ({ id: u.id, role: 'parent' })),
      await buildUser(t.app, { schoolId: w.s.id, role: 'staff', firstName: 'Dora', lastName: 'Xu' }).then((u) => ({ id: u.id, role: 'staff' })),
    ];
    for (let day = 1; day <= 30; day++) {
      const from = senders[day % 4]!;
      const comment = day === 7 ? 'Thanks for the fractions help, 100% great' : day === 8 ? 'Only 100 points' : `Day ${day}`;
      await buildRecognition(t.app, {
        schoolId: w.s.id,
        giverId: from.id,
        giverRole: from.role,
        receiverId: w.student.id,
        schoolDate: `2026-10-${String(day).padStart(2, '0')}`,
        comment,
        categoryIds: [high5[day % 3 === 0 ? 1 : 0]!.id],
      });
    }
    return w;
  }
  const page = async (userId: string, query: string) => {
    const res = await report(userId, `kind=high5&range=2026-10-01_2026-10-31&${query}`);
    expect(res.status, query).toBe(200);
    const r = res.json.ResponseData as {
      total: number;
      items: { date: string; fromName: string; fromRole: string; comment: string; categoryIds: string[] }[];
      categories: { id: string; count: number }[];
    };
    return { ...r, dates: r.items.map((i) => i.date.slice(8)), tile: (id: string) => r.categories.find((c) => c.id === id)!.count };
  };

  it('answers one page, newest first by default, with the total; the next page carries on without overlap; the tiles count the whole month', async () => {
    const { student } = await month();
    const first = await page(student.id, '');
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(25);
    expect(first.dates.slice(0, 3)).toEqual(['30', '29', '28']);
    const second = await page(student.id, 'page=1&pageSize=25');
    expect(second.dates).toEqual(['05', '04', '03', '02', '01']);
    expect(second.total).toBe(30);
    expect((await page(student.id, 'page=2')).items).toEqual([]);
    expect((await page(student.id, 'pageSize=100')).items).toHaveLength(30);
    expect([first.tile(high5[0]!.id), first.tile(high5[1]!.id)]).toEqual([20, 10]);
  });

  it('sorts by date, by sender and by role (by its name in the asked language), ties newest first', async () => {
    const { student } = await month();
    expect((await page(student.id, 'sort=date&dir=asc&pageSize=3')).dates).toEqual(['01', '02', '03']);
    const byName = await page(student.id, 'sort=from&dir=asc&pageSize=100');
    expect([...new Set(byName.items.map((i) => i.fromName))]).toEqual(['Bea Zamora', 'Carl Young', 'Dora Xu', 'Tina Teach']);
    expect(byName.dates.slice(0, 3)).toEqual(['29', '25', '21']);
    expect((await page(student.id, 'sort=from&dir=desc&pageSize=1')).items[0]!.fromName).toBe('Tina Teach');
    const roles = async (query: string) => [...new Set((await page(student.id, `${query}&pageSize=100`)).items.map((i) => i.fromRole))];
    // Parent, Staff, Student, Teacher; Docente, Estudiante, Padre o madre, Personal.
    expect(await roles('sort=role&dir=asc&language=en')).toEqual(['parent', 'staff', 'student', 'teacher']);
    expect(await roles('sort=role&dir=asc&language=es')).toEqual(['teacher', 'student', 'parent', 'staff']);
    expect(await roles('sort=role&dir=desc&language=es')).toEqual(['staff', 'parent', 'student', 'teacher']);
  });

  it('searches, in any case, the sender, their role, the comment and the category names in the asked language; the tiles stay whole', async () => {
    const { student } = await month();
    const search = async (q: string, language = 'en') => page(student.id, `q=${encodeURIComponent(q)}&language=${language}&pageSize=100`);
    const tina = await search('tINA tea');
    expect(tina.total).toBe(7);
    expect(new Set(tina.items.map((i) => i.fromName))).toEqual(new Set(['Tina Teach']));
    expect((await search('FRACTIONS')).dates).toEqual(['07']);
    // % and _ are letters, not wildcards.
    expect((await search('100%')).dates).toEqual(['07']);
    expect((await search('day_1')).total).toBe(0);
    expect((await search(high5[1]!.nameEn.toUpperCase())).total).toBe(10);
    expect((await search(high5[1]!.nameEs, 'es')).total).toBe(10);
    expect((await search('docente', 'es')).items.every((i) => i.fromRole === 'teacher')).toBe(true);
    expect((await search('docente', 'es')).total).toBe(7);
    expect((await search('docente', 'en')).total).toBe(0);
    const nothing = await search('no such thing');
    expect([nothing.total, nothing.items.length, nothing.tile(high5[0]!.id)]).toEqual([0, 0, 20]);
  });

  it('gives the items of one category (the dialog), paged and searchable, with their total', async () => {
    const { student } = await month();
    const one = await page(student.id, `categoryId=${high5[1]!.id}&pageSize=4`);
    expect(one.total).toBe(10);
    expect(one.dates).toEqual(['30', '27', '24', '21']);
    expect(one.items.every((i) => i.categoryIds.includes(high5[1]!.id))).toBe(true);
    expect((await page(student.id, `categoryId=${high5[1]!.id}&page=2&pageSize=4`)).dates).toEqual(['06', '03']);
    expect((await page(student.id, `categoryId=${high5[1]!.id}&q=Bea`)).dates).toEqual(['21', '09']);
    expect((await page(student.id, `categoryId=${high5[5]!.id}`)).total).toBe(0);
  });

  it('answers 400 VALIDATION_FAILED for a bad page, page size, order, search or category, never 500', async () => {
    const { student } = await month();
    const bad = [
      'page=-1',
      'page=x',
      'page=1.5',
      'pageSize=0',
      'pageSize=101',
      'pageSize=x',
      'sort=name',
      'sort=',
      'dir=up',
      `q=${'x'.repeat(101)}`,
      'categoryId=x',
      'q=%00',
    ];
    for (const query of bad) {
      const res = await report(student.id, `kind=high5&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.ErrorCode, query).toBe('VALIDATION_FAILED');
    }
  });

  it("still refuses another school's admin, a teacher and a stranger parent, whatever page, search or category they ask for", async () => {
    const { student, teacher, otherParent, otherAdmin } = await month();
    const query = `kind=high5&userId=${student.id}&q=Tina&categoryId=${high5[1]!.id}&sort=from&page=1`;
    expect((await report(otherAdmin.id, query)).status).toBe(404);
    expect((await report(teacher.id, query)).status).toBe(403);
    expect((await report(otherParent.id, query)).status).toBe(403);
  });
});
