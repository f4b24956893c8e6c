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
    for (const q of ['kind=badge', 'kind=high5&range=2026-10-01', 'kind=high5&range=2026-10-31_2026-10-01', 'kind=high5&range=2026-02-30_2026-03-01', 'kind=high5&range=2025-01-01_2026-10-01', 'kind=high5&userId=x']) {
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
    await buildRecognition(t.app, { schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-02', comment: script, categoryIds: [high5[0]!.id, own.id] });
    await buildRecognition(t.app, { schoolId: s.id, giverId: teacher.id, giverRole: 'teacher', receiverId: student.id, schoolDate: '2026-10-09', categoryIds: [high5[0]!.id, retired.id] });
    await setCategoryEnabled(t.app, s.id, retired.id, false);
    await buildRecognition(t.app, { schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-09-30', categoryIds: [high5[1]!.id] });
    await buildRecognition(t.app, { kind: 'vibe', schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-03', categoryIds: [vibe[0]!.id] });
    await buildRecognition(t.app, { schoolId: s.id, giverId: student.id, giverRole: 'student', receiverId: teacher.id, receiverRole: 'teacher', schoolDate: '2026-10-03', categoryIds: [high5[3]!.id] });
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: student.id, schoolId: other.id, role: 'student' }).execute();
    await buildRecognition(t.app, { schoolId: other.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-04', categoryIds: [high5[0]!.id] });

    const res = await report(student.id, 'kind=high5&range=2026-10-01_2026-10-31');
    expect(res.status).toBe(200);
    const r = res.json.ResponseData;
    expect(r.range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(r.items).toHaveLength(2);
    expect(r.items[0]).toEqual({ id: expect.any(Number), fromUserId: teacher.id, fromName: 'Tina Teach', fromRole: 'teacher', date: '2026-10-09', comment: '', categoryIds: expect.arrayContaining([high5[0]!.id, retired.id]), fromHandImageUrl: null });
    expect(r.items[1]).toMatchObject({ date: '2026-10-02', comment: script });
    const tiles = new Map(r.categories.map((c: { name: string; count: number }) => [c.name, c.count]));
    expect(tiles.get(high5[0]!.nameEn)).toBe(2);
    expect(tiles.get(high5[1]!.nameEn)).toBe(0);
    expect(tiles.get('Eagle spirit')).toBe(1);
    expect(tiles.get('Retired one')).toBe(1);
    expect(tiles.has(high5[12]!.nameEn)).toBe(false);
    expect(r.truncated).toBe(false);
  });

  it('defaults to the current month in the school time zone, and names categories in the asked language', async () => {
    const { s, student, teacher } = await school();
    t.clock.set('2026-11-01T05:00:00Z'); // 31 October, 22:00 in Los Angeles
    await buildRecognition(t.app, { kind: 'vibe', schoolId: s.id, giverId: teacher.id, receiverId: student.id, schoolDate: '2026-10-31', categoryIds: [vibe[2]!.id] });
    const res = await report(student.id, 'kind=vibe&language=es');
    expect(res.json.ResponseData).toMatchObject({ range: { from: '2026-10-01', to: '2026-10-31' }, today: '2026-10-31', schoolYear: { from: '2026-08-01', to: '2027-07-31' } });
    expect(res.json.ResponseData.items).toHaveLength(1);
    expect(res.json.ResponseData.categories.find((c: { id: string }) => c.id === vibe[2]!.id)).toEqual({ id: vibe[2]!.id, key: 'thank_you', name: vibe[2]!.nameEs, count: 1 });
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it("links each sender's hand image", async () => {
    const { s, student, teacher } = await school();
    await t.app.services.db.insertInto('avatars').values({ userId: teacher.id, imageKey: `avatars/${teacher.id}.webp`, hand: 'Hand2', colourInfo: JSON.stringify({}) }).execute();
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
    await buildRecognition(t.app, { schoolId: s.id, giverId: student.id, giverRole: 'student', receiverId: teacher.id, receiverRole: 'teacher', schoolDate: '2026-10-02', categoryIds: [high5[0]!.id] });
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
