import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function school() {
  const s = await buildSchool(t.app);
  const other = await buildSchool(t.app);
  const teacher = await buildUser(t.app, { schoolId: s.id, role: 'teacher', firstName: 'Tina', lastName: 'Teach' });
  const teacher2 = await buildUser(t.app, { schoolId: s.id, role: 'teacher', firstName: 'Tom', lastName: 'Other' });
  const staff = await buildUser(t.app, { schoolId: s.id, role: 'staff', firstName: 'Sam', lastName: 'Staff' });
  const students = [];
  for (const [first, grade] of [
    ['Ana', 3],
    ['Bea', 4],
    ['Carl', 5],
    ['Dan', 0],
    ['Eve', -1],
  ] as const) {
    students.push(await buildUser(t.app, { schoolId: s.id, role: 'student', firstName: first, lastName: 'Pupil', grade }));
  }
  const otherStudent = await buildUser(t.app, { schoolId: other.id, role: 'student', firstName: 'Zed', lastName: 'Elsewhere' });
  const parent = await buildUser(t.app, { schoolId: s.id, role: 'parent', firstName: 'Paula', lastName: 'Parent' });
  const parent2 = await buildUser(t.app, { schoolId: s.id, role: 'parent', firstName: 'Pedro', lastName: 'Parent' });
  await linkParent(t.app, parent.id, students[0]!.id);
  await linkParent(t.app, parent2.id, students[1]!.id);
  return { s, other, teacher, teacher2, staff, students, otherStudent, parent, parent2 };
}

const list = async (cookie: string | undefined, query: string) => t.call('GET', `/v1/recognition/recipients?${query}`, { ...(cookie ? { cookie } : {}) });

describe('recipients', () => {
  it('when signed out, it answers 401', async () => {
    const res = await list(undefined, 'role=student');
    expect(res.status).toBe(401);
  });

  it('when the role or paging is invalid, it answers 400', async () => {
    const { teacher } = await school();
    const cookie = await sessionFor(t.app, teacher.id);
    expect((await list(cookie, 'role=admin')).status).toBe(400);
    expect((await list(cookie, 'role=student&limit=1000')).status).toBe(400);
    expect((await list(cookie, 'role=student&offset=-1')).status).toBe(400);
    expect((await list(cookie, `role=student&q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('when a super admin asks, it answers 403', async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true });
    expect((await list(await sessionFor(t.app, admin.id), 'role=teacher')).status).toBe(403);
  });

  it("when a teacher lists students, they get their school's students by name with grades, never another school's", async () => {
    const { teacher, students } = await school();
    const res = await list(await sessionFor(t.app, teacher.id), 'role=student');
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.total).toBe(5);
    expect(res.json.ResponseData.items.map((r: { name: string }) => r.name)).toEqual(['Ana Pupil', 'Bea Pupil', 'Carl Pupil', 'Dan Pupil', 'Eve Pupil']);
    expect(res.json.ResponseData.items[0]).toEqual({ id: students[0]!.id, name: 'Ana Pupil', email: students[0]!.email, grade: 3, role: 'student' });
    expect(res.json.ResponseData.items.map((r: { grade: number }) => r.grade)).toEqual([3, 4, 5, 0, -1]);
  });

  it('when a teacher lists teachers, the list excludes the caller; self is the caller alone', async () => {
    const { teacher, teacher2 } = await school();
    const cookie = await sessionFor(t.app, teacher.id);
    const teachers = await list(cookie, 'role=teacher');
    expect(teachers.json.ResponseData).toEqual({
      items: [{ id: teacher2.id, name: 'Tom Other', email: teacher2.email, grade: null, role: 'teacher' }],
      total: 1,
    });
    const self = await list(cookie, 'role=self');
    expect(self.json.ResponseData).toEqual({ items: [{ id: teacher.id, name: 'Tina Teach', email: teacher.email, grade: null, role: 'teacher' }], total: 1 });
  });

  it('pages with offset and limit and reports the total', async () => {
    const { teacher } = await school();
    const cookie = await sessionFor(t.app, teacher.id);
    const page2 = await list(cookie, 'role=student&limit=2&offset=2');
    expect(page2.json.ResponseData.total).toBe(5);
    expect(page2.json.ResponseData.items.map((r: { name: string }) => r.name)).toEqual(['Carl Pupil', 'Dan Pupil']);
    const past = await list(cookie, 'role=student&limit=2&offset=10');
    expect(past.json.ResponseData).toEqual({ items: [], total: 5 });
  });

  it('searches by name and by e-mail on the server, and treats % and _ as plain characters', async () => {
    const { teacher, students } = await school();
    const cookie = await sessionFor(t.app, teacher.id);
    // 'bea' alone could match the factories' random hex e-mails; a space cannot.
    expect((await list(cookie, 'role=student&q=bea%20p')).json.ResponseData.items.map((r: { name: string }) => r.name)).toEqual(['Bea Pupil']);
    expect((await list(cookie, 'role=student&q=pupil%20carl')).json.ResponseData.total).toBe(1);
    const byEmail = await list(cookie, `role=student&q=${encodeURIComponent(students[2]!.email!.slice(0, 12))}`);
    expect(byEmail.json.ResponseData.items.map((r: { id: string }) => r.id)).toEqual([students[2]!.id]);
    expect((await list(cookie, 'role=student&q=%25')).json.ResponseData.total).toBe(0);
    expect((await list(cookie, 'role=student&q=_')).json.ResponseData.total).toBe(0);
  });

  it('when a parent lists students, they see only their own children in this school', async () => {
    const { parent, students, otherStudent } = await school();
    await linkParent(t.app, parent.id, otherStudent.id);
    const res = await list(await sessionFor(t.app, parent.id), 'role=student');
    expect(res.json.ResponseData.items.map((r: { id: string }) => r.id)).toEqual([students[0]!.id]);
  });

  it('when a parent has no child in the school, it answers 403', async () => {
    const { s } = await school();
    const lonely = await buildUser(t.app, { schoolId: s.id, role: 'parent' });
    expect((await list(await sessionFor(t.app, lonely.id), 'role=teacher')).status).toBe(403);
  });

  it('when a student lists parents, they see only their own; adults see every parent', async () => {
    const { students, parent, teacher } = await school();
    const own = await list(await sessionFor(t.app, students[0]!.id), 'role=parent');
    expect(own.json.ResponseData.items.map((r: { id: string }) => r.id)).toEqual([parent.id]);
    const all = await list(await sessionFor(t.app, teacher.id), 'role=parent');
    expect(all.json.ResponseData.total).toBe(2);
  });

  it("when a parent lists parents, no other parent's e-mail is sent, nor can one be found by address", async () => {
    const { parent, parent2, teacher, students } = await school();
    const cookie = await sessionFor(t.app, parent.id);
    const parents = await list(cookie, 'role=parent');
    expect(parents.json.ResponseData.items).toEqual([{ id: parent2.id, name: 'Pedro Parent', email: null, grade: null, role: 'parent' }]);
    expect((await list(cookie, `role=parent&q=${encodeURIComponent(parent2.email!)}`)).json.ResponseData.total).toBe(0);
    // A parent may write to the school's adults and sees their own child's address.
    expect((await list(cookie, 'role=teacher')).json.ResponseData.items.find((r: { id: string }) => r.id === teacher.id).email).toBe(teacher.email);
    expect((await list(cookie, 'role=student')).json.ResponseData.items[0].email).toBe(students[0]!.email);
    const options = await t.call('GET', `/v1/recognition/give-options?kind=high5&recipientId=${parent2.id}`, { cookie });
    expect(options.json.ResponseData.recipient.email).toBeNull();
  });

  it("when a student lists adults, no adult's e-mail is sent, nor can one be found by address; classmates' and own parents' are", async () => {
    const { students, teacher, staff, parent } = await school();
    const cookie = await sessionFor(t.app, students[0]!.id);
    for (const role of ['teacher', 'staff']) {
      const res = await list(cookie, `role=${role}`);
      expect(res.json.ResponseData.items.length).toBeGreaterThan(0);
      expect(res.json.ResponseData.items.every((r: { email: string | null }) => r.email === null)).toBe(true);
    }
    expect((await list(cookie, `role=teacher&q=${encodeURIComponent(teacher.email!)}`)).json.ResponseData.total).toBe(0);
    expect((await list(cookie, `role=staff&q=${encodeURIComponent(staff.email!)}`)).json.ResponseData.total).toBe(0);
    const options = await t.call('GET', `/v1/recognition/give-options?kind=high5&recipientId=${teacher.id}`, { cookie });
    expect(options.json.ResponseData.recipient.email).toBeNull();
    expect((await list(cookie, 'role=student')).json.ResponseData.items[0].email).toBe(students[1]!.email);
    expect((await list(cookie, 'role=parent')).json.ResponseData.items[0].email).toBe(parent.email);
  });

  it('when a teacher is pending approval, they see no directory of anyone (decision 0151)', async () => {
    const { s } = await school();
    const pending = await buildUser(t.app, { schoolId: s.id, role: 'teacher', status: 'pending' });
    const cookie = await sessionFor(t.app, pending.id);
    for (const role of ['student', 'staff', 'teacher', 'parent']) {
      const res = await list(cookie, `role=${role}`);
      expect(res.status, role).toBe(403);
      expect(res.json.ErrorCode, role).toBe('ACCOUNT_PENDING_APPROVAL');
    }
    // Nor are pending members listed to others.
    const { teacher } = { teacher: await buildUser(t.app, { schoolId: s.id, role: 'teacher' }) };
    const teachers = await list(await sessionFor(t.app, teacher.id), 'role=teacher');
    expect(teachers.json.ResponseData.items.map((r: { id: string }) => r.id)).not.toContain(pending.id);
  });

  it('lists the current school of a teacher at two schools, and only that one', async () => {
    const { s, other, otherStudent } = await school();
    const both = await buildUser(t.app, { schoolId: s.id, role: 'teacher' });
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: both.id, schoolId: other.id, role: 'teacher' }).execute();
    const inOther = await list(await sessionFor(t.app, both.id, other.id), 'role=student');
    expect(inOther.json.ResponseData.items.map((r: { id: string }) => r.id)).toEqual([otherStudent.id]);
  });
});
