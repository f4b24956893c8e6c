import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

describe('student classes', () => {
  it('when signed out 401, a teacher 403, a bad query 400', async () => {
    expect((await t.call('GET', '/v1/student/classes?enrolled=true')).status).toBe(401);
    expect((await t.call('GET', '/v1/student/classes?enrolled=true', { cookie: w.cookies.teacher })).status).toBe(403);
    expect((await t.call('GET', '/v1/student/classes?enrolled=maybe', { cookie: w.cookies.student })).status).toBe(400);
    expect((await t.call('GET', '/v1/student/classes', { cookie: w.cookies.student })).status).toBe(400);
  });

  it("lists enrolled classes, and the school's other classes with requests marked", async () => {
    const art = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Art' });
    const enrolled = await t.call('GET', '/v1/student/classes?enrolled=true', { cookie: w.cookies.student });
    expect(enrolled.json.ResponseData).toEqual([
      { id: w.cls.id, name: 'Math 5', teacherName: 'Tina Teacher', enrolled: true, requested: false, lastYear: false },
    ]);
    await t.call('POST', `/v1/student/classes/${art.id}/request`, { cookie: w.cookies.student, body: {} });
    const others = await t.call('GET', '/v1/student/classes?enrolled=false', { cookie: w.cookies.student });
    expect(others.json.ResponseData).toEqual([{ id: art.id, name: 'Art', teacherName: 'Tina Teacher', enrolled: false, requested: true, lastYear: false }]);
    expect(others.json.ResponseData.some((c: { id: string }) => c.id === w.otherClass.id)).toBe(false);
  });

  it('shows classmates only for a class the student is in, greying unregistered ones', async () => {
    const invited = await buildUser(t.app, { schoolId: w.school.id, role: 'student', firstName: 'Ivy', lastName: 'Invited', mustChangePassword: true });
    await t.app.services.db.insertInto('enrolments').values({ classId: w.cls.id, studentId: invited.id }).execute();
    const res = await t.call('GET', `/v1/student/classes/${w.cls.id}/students`, { cookie: w.cookies.student });
    expect(res.json.ResponseData).toEqual([
      { id: w.student.id, name: 'Amy Student', registered: true, isMe: true },
      { id: invited.id, name: 'Ivy Invited', registered: false, isMe: false },
    ]);
    expect(JSON.stringify(res.json.ResponseData)).not.toContain('@');
    expect((await t.call('GET', `/v1/student/classes/${w.cls.id}/students`, { cookie: w.cookies.student2 })).status).toBe(404);
    expect((await t.call('GET', `/v1/student/classes/${w.otherClass.id}/students`, { cookie: w.cookies.student })).status).toBe(404);
    expect((await t.call('GET', '/v1/student/classes/nope/students', { cookie: w.cookies.student })).status).toBe(400);
  });

  it("requests enrolment only in the student's own school; asking twice is harmless; enrolled is 409", async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Drama' });
    expect((await t.call('POST', `/v1/student/classes/${cls.id}/request`, { body: {} })).status).toBe(401);
    expect((await t.call('POST', `/v1/student/classes/${cls.id}/request`, { cookie: w.cookies.parent, body: {} })).status).toBe(403);
    expect((await t.call('POST', `/v1/student/classes/${cls.id}/request`, { cookie: w.cookies.student2, body: { extra: 1 } })).status).toBe(400);
    expect((await t.call('POST', `/v1/student/classes/${w.otherClass.id}/request`, { cookie: w.cookies.student2, body: {} })).status).toBe(404);
    expect((await t.call('POST', `/v1/student/classes/${cls.id}/request`, { cookie: w.cookies.student2, body: {} })).status).toBe(200);
    expect((await t.call('POST', `/v1/student/classes/${cls.id}/request`, { cookie: w.cookies.student2, body: {} })).status).toBe(200);
    const dup = await t.call('POST', `/v1/student/classes/${w.cls.id}/request`, { cookie: w.cookies.student, body: {} });
    expect(dup.status).toBe(409);
    expect(dup.json.ErrorCode).toBe('ALREADY_ENROLLED');
    const requests = await t.call('GET', `/v1/classes/${cls.id}/requests`, { cookie: w.cookies.teacher });
    expect(requests.json.ResponseData).toHaveLength(1);
  });
});
