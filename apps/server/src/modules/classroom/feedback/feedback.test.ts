import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, giveHigh5, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
let fromTeacher: number;
let fromStudent: number;
let otherSchoolHigh5: number;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
  fromTeacher = await giveHigh5(t.app, {
    schoolId: w.school.id,
    giverId: w.teacher.id,
    giverRole: 'teacher',
    receiverId: w.student.id,
    schoolDate: '2026-10-12',
    comment: 'Great work',
    categoryKeys: ['kindness', 'teamwork'],
  });
  fromStudent = await giveHigh5(t.app, {
    schoolId: w.school.id,
    giverId: w.student2.id,
    giverRole: 'student',
    receiverId: w.student.id,
    schoolDate: '2026-10-14',
  });
  await giveHigh5(t.app, { schoolId: w.school.id, giverId: w.teacher.id, giverRole: 'teacher', receiverId: w.student.id, schoolDate: '2026-08-01' });
  otherSchoolHigh5 = await giveHigh5(t.app, {
    schoolId: w.other.id,
    giverId: w.otherTeacher.id,
    giverRole: 'teacher',
    receiverId: w.otherStudent.id,
    schoolDate: '2026-10-12',
  });
});
afterAll(() => t.close());

const range = 'dateRange=2026-10-05_2026-10-15';

describe('my students', () => {
  it('401 signed out; 403 for students and teachers; a parent sees only their linked children at the school', async () => {
    expect((await t.call('GET', '/v1/my-students')).status).toBe(401);
    expect((await t.call('GET', '/v1/my-students', { cookie: w.cookies.teacher })).status).toBe(403);
    expect((await t.call('GET', '/v1/my-students', { cookie: w.cookies.student })).status).toBe(403);
    const res = await t.call('GET', '/v1/my-students', { cookie: w.cookies.parent });
    expect(res.json.ResponseData).toEqual([{ id: w.student.id, name: 'Amy Student', email: w.student.email, grade: 5, canReadMoodHistory: true }]);
    const lonely = await buildUser(t.app, { schoolId: w.school.id, role: 'parent' });
    expect((await t.call('GET', '/v1/my-students', { cookie: await sessionFor(t.app, lonely.id) })).json.ResponseData).toEqual([]);
  });
});

describe('staff pick a student to view their High 5s (decision 0304)', () => {
  it("a staff member lists the school's students, searches them, and reads a student's High 5s; never another school's", async () => {
    const res = await t.call('GET', '/v1/my-students', { cookie: w.cookies.staff });
    expect(res.status).toBe(200);
    const ids = res.json.ResponseData.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([w.student.id, w.student2.id]));
    expect(ids).not.toContain(w.otherStudent.id);
    expect(ids).not.toContain(w.teacher.id);
    const search = await t.call('GET', '/v1/my-students?search=amy', { cookie: w.cookies.staff });
    expect(search.json.ResponseData).toEqual([{ id: w.student.id, name: 'Amy Student', email: w.student.email, grade: 5, canReadMoodHistory: false }]);
    expect((await t.call('GET', `/v1/my-students?search=${'x'.repeat(101)}`, { cookie: w.cookies.staff })).status).toBe(400);
    const high5s = await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.staff });
    expect(high5s.status).toBe(200);
    expect(high5s.json.ResponseData.map((h: { id: number }) => h.id)).toEqual([fromStudent, fromTeacher]);
    expect((await t.call('GET', `/v1/my-students/${w.otherStudent.id}/high5s?${range}`, { cookie: w.cookies.staff })).status).toBe(404);
  });

  it('a staff member waiting for approval gets 403, and a teacher 403', async () => {
    const pending = await buildUser(t.app, { schoolId: w.school.id, role: 'staff', status: 'pending' });
    const cookie = await sessionFor(t.app, pending.id);
    const list = await t.call('GET', '/v1/my-students', { cookie });
    expect(list.status).toBe(403);
    expect(list.json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie })).status).toBe(403);
    expect((await t.call('GET', '/v1/my-students', { cookie: w.cookies.teacher })).status).toBe(403);
  });
});

describe('High 5s a student received', () => {
  it("401, 400 on bad ranges, 404 for another school's student, 403 for another parent or a teacher", async () => {
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`)).status).toBe(401);
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?dateRange=2026-10-15`, { cookie: w.cookies.parent })).status).toBe(400);
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?dateRange=2024-10-15_2026-10-15`, { cookie: w.cookies.parent })).json.ErrorCode).toBe(
      'DATE_RANGE_TOO_LONG',
    );
    expect((await t.call('GET', `/v1/my-students/${w.otherStudent.id}/high5s?${range}`, { cookie: w.cookies.parent })).status).toBe(404);
    const otherParent = await buildUser(t.app, { schoolId: w.school.id, role: 'parent' });
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: await sessionFor(t.app, otherParent.id) })).status).toBe(403);
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.teacher })).status).toBe(403);
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.student })).status).toBe(403);
  });

  it('a parent sees the High 5s in the range, newest first, with category names in their language', async () => {
    const res = await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.parent });
    expect(res.json.ResponseData).toEqual([
      {
        id: fromStudent,
        date: '2026-10-14',
        fromName: 'Ben Student',
        fromRole: 'student',
        categories: ['Kindness'],
        comment: '',
        canGiveFeedback: false,
        myFeedback: null,
      },
      {
        id: fromTeacher,
        date: '2026-10-12',
        fromName: 'Tina Teacher',
        fromRole: 'teacher',
        categories: ['Kindness', 'Teamwork'],
        comment: 'Great work',
        canGiveFeedback: true,
        myFeedback: null,
      },
    ]);
    const spanish = await buildUser(t.app, { schoolId: w.school.id, role: 'parent', language: 'es' });
    await linkParent(t.app, spanish.id, w.student.id);
    const es = await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: await sessionFor(t.app, spanish.id) });
    expect(es.json.ResponseData[1].categories).toEqual(['Amabilidad', 'Trabajo en equipo']);
  });

  it('staff and admins of the school may look too', async () => {
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.staff })).status).toBe(200);
    expect((await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.admin })).status).toBe(200);
  });
});

describe('feedback', () => {
  it("401, 400 for empty or long text, 404 for another school's High 5, 403 for a stranger", async () => {
    expect((await t.call('POST', '/v1/high5-feedback', { body: { high5Id: fromTeacher, comment: 'Thanks' } })).status).toBe(401);
    expect((await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: fromTeacher, comment: '   ' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: fromTeacher, comment: 'x'.repeat(1001) } })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: otherSchoolHigh5, comment: 'Hi' } })).status).toBe(404);
    expect((await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: 999999, comment: 'Hi' } })).status).toBe(404);
    const otherParent = await buildUser(t.app, { schoolId: w.school.id, role: 'parent' });
    expect(
      (await t.call('POST', '/v1/high5-feedback', { cookie: await sessionFor(t.app, otherParent.id), body: { high5Id: fromTeacher, comment: 'Hi' } })).status,
    ).toBe(403);
    expect((await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.substitute, body: { high5Id: fromTeacher, comment: 'Hi' } })).status).toBe(403);
    expect((await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.student, body: { high5Id: fromTeacher, comment: 'Hi' } })).status).toBe(403);
    const fromKid = await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: fromStudent, comment: 'Hi' } });
    expect(fromKid.status).toBe(400);
    expect(fromKid.json.ErrorCode).toBe('FEEDBACK_TEACHERS_ONLY');
  });

  it("a parent's feedback reaches the teacher who gave the High 5; sending again replaces it", async () => {
    const first = await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: fromTeacher, comment: 'Thank you!' } });
    expect(first.status).toBe(200);
    expect(first.json.ResponseData.date).toBe('2026-10-15');
    await t.call('POST', '/v1/high5-feedback', { cookie: w.cookies.parent, body: { high5Id: fromTeacher, comment: 'Thank you so much!' } });
    const list = await t.call('GET', '/v1/high5-feedback?dateRange=2026-10-05_2026-10-15', { cookie: w.cookies.teacher });
    expect(list.json.ResponseData).toEqual([
      {
        id: first.json.ResponseData.id,
        studentName: 'Amy Student',
        parentName: 'Paula Parent',
        comment: 'Thank you so much!',
        date: '2026-10-15',
        high5Date: '2026-10-12',
      },
    ]);
    const mine = await t.call('GET', `/v1/my-students/${w.student.id}/high5s?${range}`, { cookie: w.cookies.parent });
    expect(mine.json.ResponseData[1].myFeedback).toBe('Thank you so much!');
    // Other teachers and the school's admins do not see it in their own list.
    expect((await t.call('GET', '/v1/high5-feedback?dateRange=2026-10-05_2026-10-15', { cookie: w.cookies.admin })).json.ResponseData).toEqual([]);
    // Outside the range it is not listed.
    expect((await t.call('GET', '/v1/high5-feedback?dateRange=2026-10-01_2026-10-14', { cookie: w.cookies.teacher })).json.ResponseData).toEqual([]);
  });

  it('the teacher list: 401, 403 for non-teachers, 400 for bad ranges', async () => {
    expect((await t.call('GET', '/v1/high5-feedback?dateRange=2026-10-05_2026-10-15')).status).toBe(401);
    expect((await t.call('GET', '/v1/high5-feedback?dateRange=2026-10-05_2026-10-15', { cookie: w.cookies.parent })).status).toBe(403);
    expect((await t.call('GET', '/v1/high5-feedback?dateRange=10/05/2026_10/15/2026', { cookie: w.cookies.teacher })).status).toBe(400);
    expect((await t.call('GET', '/v1/high5-feedback', { cookie: w.cookies.teacher })).status).toBe(400);
  });
});
