import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { addSubstitute, buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { randomClassCode } from '../../../lib/class-code.js';
import { createClass } from './service.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

const uuid = '00000000-0000-4000-8000-000000000000';

describe('class list and create', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/classes')).status).toBe(401);
    expect((await t.call('POST', '/v1/classes', { body: { name: 'X' } })).status).toBe(401);
  });

  it('when a student, a parent or a staff member without the admin flag asks, it answers 403', async () => {
    for (const cookie of [w.cookies.student, w.cookies.parent, w.cookies.staff]) {
      expect((await t.call('GET', '/v1/classes', { cookie })).status).toBe(403);
      expect((await t.call('POST', '/v1/classes', { cookie, body: { name: 'X' } })).status).toBe(403);
    }
  });

  it('when the name is blank or too long, it answers 400', async () => {
    expect((await t.call('POST', '/v1/classes', { cookie: w.cookies.teacher, body: { name: '   ' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/classes', { cookie: w.cookies.teacher, body: { name: 'x'.repeat(81) } })).status).toBe(400);
    expect((await t.call('POST', '/v1/classes', { cookie: w.cookies.teacher, body: {} })).status).toBe(400);
  });

  it('when a teacher creates a class, it gets an unambiguous code and is listed as theirs', async () => {
    const res = await t.call('POST', '/v1/classes', { cookie: w.cookies.teacher, body: { name: '  Science 5  ' } });
    expect(res.status).toBe(200);
    const cls = res.json.ResponseData;
    expect(cls).toMatchObject({
      name: 'Science 5',
      teaches: true,
      isOwner: true,
      ownerId: w.teacher.id,
      studentCount: 0,
      requestCount: 0,
      policies: { canManage: true, canDelete: true, canTeach: true },
    });
    expect(cls.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const list = await t.call('GET', '/v1/classes', { cookie: w.cookies.teacher });
    expect(list.json.ResponseData.map((c: { name: string }) => c.name)).toEqual(['Math 5', 'Science 5']);
    expect(list.json.ResponseData[0]).toMatchObject({ studentCount: 1, ownerName: 'Tina Teacher' });
  });

  it('a teacher sees only the classes they teach; an admin sees every class of the school, own first', async () => {
    const subList = await t.call('GET', '/v1/classes', { cookie: w.cookies.substitute });
    expect(subList.json.ResponseData).toEqual([]);
    const adminList = await t.call('GET', '/v1/classes', { cookie: w.cookies.admin });
    const names = adminList.json.ResponseData.map((c: { name: string }) => c.name);
    expect(names).toContain('Math 5');
    expect(names).not.toContain('Other class');
    expect(adminList.json.ResponseData.every((c: { teaches: boolean }) => !c.teaches)).toBe(true);
    // The policies answered with each class: an admin manages and deletes, the seating chart and attendance stay the teachers'.
    expect(adminList.json.ResponseData[0].policies).toEqual({ canManage: true, canDelete: true, canTeach: false, canChangeStudents: true });
  });

  it('when a code is taken, creating a class tries another one', async () => {
    const taken = (await t.app.services.db.selectFrom('classes').select('joiningCode').where('id', '=', w.cls.id).executeTakeFirstOrThrow()).joiningCode;
    const codes = [taken, 'ZZZZZ9'];
    const user = { id: w.teacher.id, role: 'teacher', isAdmin: false, school: { schoolId: w.school.id, status: 'active' } } as never;
    const cls = await createClass(t.app.services.db, user, 'Retry', () => codes.shift()!);
    expect(cls.code).toBe('ZZZZZ9');
  });

  it('random codes use only the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) expect(randomClassCode()).toMatch(/^[A-HJ-KM-NP-Z2-9]{6}$/);
  });
});

describe('rename and delete', () => {
  it('when signed out or the id is not a uuid, it answers 401 or 400', async () => {
    expect((await t.call('PUT', `/v1/classes/${w.cls.id}`, { body: { name: 'Y' } })).status).toBe(401);
    expect((await t.call('PUT', '/v1/classes/not-a-uuid', { cookie: w.cookies.teacher, body: { name: 'Y' } })).status).toBe(400);
    expect((await t.call('DELETE', '/v1/classes/not-a-uuid', { cookie: w.cookies.teacher })).status).toBe(400);
  });

  it("another school's teacher or admin gets 404; a teacher of the school who does not teach it gets 403", async () => {
    expect((await t.call('PUT', `/v1/classes/${w.cls.id}`, { cookie: w.cookies.otherAdmin, body: { name: 'Y' } })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/classes/${w.cls.id}`, { cookie: w.cookies.otherTeacher })).status).toBe(404);
    expect((await t.call('PUT', `/v1/classes/${w.cls.id}`, { cookie: w.cookies.substitute, body: { name: 'Y' } })).status).toBe(403);
    expect((await t.call('PUT', `/v1/classes/${uuid}`, { cookie: w.cookies.teacher, body: { name: 'Y' } })).status).toBe(404);
  });

  it('a substitute may rename but not delete; the owner and an admin may delete', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'To delete' });
    await addSubstitute(t.app, cls.id, w.substitute.id);
    const renamed = await t.call('PUT', `/v1/classes/${cls.id}`, { cookie: w.cookies.substitute, body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.ResponseData).toMatchObject({
      name: 'Renamed',
      teaches: true,
      isOwner: false,
      policies: { canManage: true, canDelete: false, canTeach: true },
    });
    expect((await t.call('DELETE', `/v1/classes/${cls.id}`, { cookie: w.cookies.substitute })).status).toBe(403);
    expect((await t.call('DELETE', `/v1/classes/${cls.id}`, { cookie: w.cookies.admin })).status).toBe(200);
    expect(await t.app.services.db.selectFrom('classes').select('id').where('id', '=', cls.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('class names per teacher', () => {
  it('when a teacher creates or renames to a name they already use (trimmed, any case), it answers 409 CLASS_NAME_TAKEN', async () => {
    const teacher = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    const cookie = await sessionFor(t.app, teacher.id);
    expect((await t.call('POST', '/v1/classes', { cookie, body: { name: 'History 4' } })).status).toBe(200);
    for (const name of ['History 4', '  history 4 ', 'HISTORY 4']) {
      const dup = await t.call('POST', '/v1/classes', { cookie, body: { name } });
      expect(dup.status).toBe(409);
      expect(dup.json.ErrorCode).toBe('CLASS_NAME_TAKEN');
    }
    const other = await t.call('POST', '/v1/classes', { cookie, body: { name: 'Music 4' } });
    const clash = await t.call('PUT', `/v1/classes/${other.json.ResponseData.id}`, { cookie, body: { name: ' history 4' } });
    expect(clash.status).toBe(409);
    expect(clash.json.ErrorCode).toBe('CLASS_NAME_TAKEN');
    // Changing only the case of a class's own name is allowed.
    expect((await t.call('PUT', `/v1/classes/${other.json.ResponseData.id}`, { cookie, body: { name: 'MUSIC 4' } })).status).toBe(200);
    const names = (await t.call('GET', '/v1/classes', { cookie })).json.ResponseData.map((c: { name: string }) => c.name);
    expect(names).toEqual(['History 4', 'MUSIC 4']);
  });

  it("another teacher may use the same name; an admin renaming a class is checked against its owner's classes", async () => {
    const a = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    const b = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    expect((await t.call('POST', '/v1/classes', { cookie: await sessionFor(t.app, a.id), body: { name: 'Art 2' } })).status).toBe(200);
    expect((await t.call('POST', '/v1/classes', { cookie: await sessionFor(t.app, b.id), body: { name: 'Art 2' } })).status).toBe(200);
    const second = await buildClass(t.app, { schoolId: w.school.id, ownerId: a.id, name: 'Drama 2' });
    const res = await t.call('PUT', `/v1/classes/${second.id}`, { cookie: w.cookies.admin, body: { name: 'art 2' } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('CLASS_NAME_TAKEN');
  });

  it('the database refuses a duplicate that skips the check', async () => {
    const teacher = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    await buildClass(t.app, { schoolId: w.school.id, ownerId: teacher.id, name: 'Chess' });
    await expect(buildClass(t.app, { schoolId: w.school.id, ownerId: teacher.id, name: ' chess ' })).rejects.toMatchObject({ code: '23505' });
  });
});

describe('class students', () => {
  it('when signed out it answers 401; another school 404; a teacher not of the class 403; a pending teacher 403', async () => {
    expect((await t.call('GET', `/v1/classes/${w.cls.id}/students`)).status).toBe(401);
    expect((await t.call('GET', `/v1/classes/${w.cls.id}/students`, { cookie: w.cookies.otherTeacher })).status).toBe(404);
    expect((await t.call('GET', `/v1/classes/${w.cls.id}/students`, { cookie: w.cookies.substitute })).status).toBe(403);
    const pendingClass = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.pending.id, studentIds: [w.student.id] });
    const res = await t.call('GET', `/v1/classes/${pendingClass.id}/students`, { cookie: w.cookies.pending });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
    expect((await t.call('GET', `/v1/classes/${pendingClass.id}/student-candidates`, { cookie: w.cookies.pending })).status).toBe(403);
    expect((await t.call('GET', `/v1/classes/${pendingClass.id}/requests`, { cookie: w.cookies.pending })).status).toBe(403);
  });

  it('the owner and an admin see the enrolled students with their registration state', async () => {
    for (const cookie of [w.cookies.teacher, w.cookies.admin]) {
      const res = await t.call('GET', `/v1/classes/${w.cls.id}/students`, { cookie });
      expect(res.status).toBe(200);
      expect(res.json.ResponseData).toEqual([{ id: w.student.id, name: 'Amy Student', email: w.student.email, grade: 5, registered: true }]);
    }
  });

  it('find student lists students of the school not in the class, and searches', async () => {
    const res = await t.call('GET', `/v1/classes/${w.cls.id}/student-candidates`, { cookie: w.cookies.teacher });
    const ids = res.json.ResponseData.map((s: { id: string }) => s.id);
    expect(ids).toContain(w.student2.id);
    expect(ids).not.toContain(w.student.id);
    expect(ids).not.toContain(w.otherStudent.id);
    const search = await t.call('GET', `/v1/classes/${w.cls.id}/student-candidates?search=ben`, { cookie: w.cookies.teacher });
    expect(search.json.ResponseData.map((s: { id: string }) => s.id)).toEqual([w.student2.id]);
    const wildcard = await t.call('GET', `/v1/classes/${w.cls.id}/student-candidates?search=%25`, { cookie: w.cookies.teacher });
    expect(wildcard.json.ResponseData).toEqual([]);
    expect((await t.call('GET', `/v1/classes/${w.cls.id}/student-candidates?search=${'x'.repeat(101)}`, { cookie: w.cookies.teacher })).status).toBe(400);
  });

  it('enrolling checks every id is a student of the school, in one transaction', async () => {
    const bad = await t.call('POST', `/v1/classes/${w.cls.id}/students`, {
      cookie: w.cookies.teacher,
      body: { studentIds: [w.student2.id, w.otherStudent.id] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.ErrorCode).toBe('STUDENT_NOT_IN_SCHOOL');
    const teacherId = await t.call('POST', `/v1/classes/${w.cls.id}/students`, { cookie: w.cookies.teacher, body: { studentIds: [w.substitute.id] } });
    expect(teacherId.json.ErrorCode).toBe('STUDENT_NOT_IN_SCHOOL');
    const list = await t.call('GET', `/v1/classes/${w.cls.id}/students`, { cookie: w.cookies.teacher });
    expect(list.json.ResponseData).toHaveLength(1);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/students`, { cookie: w.cookies.teacher, body: { studentIds: [] } })).status).toBe(400);
    expect(
      (await t.call('POST', `/v1/classes/${w.cls.id}/students`, { cookie: w.cookies.teacher, body: { studentIds: [w.student2.id, w.student2.id] } })).status,
    ).toBe(400);
  });

  it('enrols and removes a student', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id });
    const res = await t.call('POST', `/v1/classes/${cls.id}/students`, { cookie: w.cookies.teacher, body: { studentIds: [w.student2.id] } });
    expect(res.json.ResponseData).toEqual({ enrolled: 1 });
    expect((await t.call('POST', `/v1/classes/${cls.id}/students`, { cookie: w.cookies.otherAdmin, body: { studentIds: [w.student2.id] } })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/classes/${cls.id}/students/${w.student2.id}`, { cookie: w.cookies.substitute })).status).toBe(403);
    expect((await t.call('DELETE', `/v1/classes/${cls.id}/students/${w.student2.id}`, { cookie: w.cookies.teacher })).status).toBe(200);
    expect((await t.call('DELETE', `/v1/classes/${cls.id}/students/${w.student2.id}`, { cookie: w.cookies.teacher })).status).toBe(404);
  });
});

describe('enrolment requests', () => {
  it('a student requests, the teacher sees and approves, the list refreshes', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Art' });
    expect((await t.call('POST', `/v1/student/classes/${cls.id}/request`, { cookie: w.cookies.student2, body: {} })).status).toBe(200);
    const requests = await t.call('GET', `/v1/classes/${cls.id}/requests`, { cookie: w.cookies.teacher });
    expect(requests.json.ResponseData.map((r: { id: string }) => r.id)).toEqual([w.student2.id]);
    const decide = await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, {
      cookie: w.cookies.teacher,
      body: { studentIds: [w.student2.id, w.student.id], enroll: true },
    });
    expect(decide.json.ResponseData).toEqual({ failedStudentIds: [w.student.id] });
    const students = await t.call('GET', `/v1/classes/${cls.id}/students`, { cookie: w.cookies.teacher });
    expect(students.json.ResponseData.map((s: { id: string }) => s.id)).toEqual([w.student2.id]);
    expect((await t.call('GET', `/v1/classes/${cls.id}/requests`, { cookie: w.cookies.teacher })).json.ResponseData).toEqual([]);
  });

  it('rejecting removes the request without enrolling', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'Music' });
    await t.call('POST', `/v1/student/classes/${cls.id}/request`, { cookie: w.cookies.student, body: {} });
    const res = await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, {
      cookie: w.cookies.teacher,
      body: { studentIds: [w.student.id], enroll: false },
    });
    expect(res.json.ResponseData).toEqual({ failedStudentIds: [] });
    expect((await t.call('GET', `/v1/classes/${cls.id}/students`, { cookie: w.cookies.teacher })).json.ResponseData).toEqual([]);
  });

  it('only a teacher of the class or an admin decides; bad input is 400', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id });
    const body = { studentIds: [w.student.id], enroll: true };
    expect((await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, { body })).status).toBe(401);
    expect((await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, { cookie: w.cookies.substitute, body })).status).toBe(403);
    expect((await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, { cookie: w.cookies.student, body })).status).toBe(403);
    expect((await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, { cookie: w.cookies.otherTeacher, body })).status).toBe(404);
    expect((await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, { cookie: w.cookies.teacher, body: { studentIds: [w.student.id] } })).status).toBe(
      400,
    );
    expect((await t.call('POST', `/v1/classes/${cls.id}/requests/decision`, { cookie: w.cookies.admin, body })).status).toBe(200);
  });
});

describe('substitute teachers', () => {
  it('lists the owner with disableRemove, adds and removes a substitute', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, name: 'History' });
    const before = await t.call('GET', `/v1/classes/${cls.id}/teachers`, { cookie: w.cookies.teacher });
    expect(before.json.ResponseData).toEqual([{ id: w.teacher.id, name: 'Tina Teacher', email: w.teacher.email, isOwner: true, disableRemove: true }]);
    const candidates = await t.call('GET', `/v1/classes/${cls.id}/teacher-candidates`, { cookie: w.cookies.teacher });
    const ids = candidates.json.ResponseData.map((c: { id: string }) => c.id);
    expect(ids).toContain(w.substitute.id);
    expect(ids).not.toContain(w.teacher.id);
    expect(ids).not.toContain(w.pending.id);
    expect(ids).not.toContain(w.staff.id);
    expect(ids).not.toContain(w.otherTeacher.id);
    const added = await t.call('POST', `/v1/classes/${cls.id}/teachers`, { cookie: w.cookies.teacher, body: { teacherId: w.substitute.id } });
    expect(added.status).toBe(200);
    expect(added.json.ResponseData[1]).toMatchObject({ id: w.substitute.id, isOwner: false, disableRemove: false });
    // The substitute now teaches the class and sees it.
    const subClasses = await t.call('GET', '/v1/classes', { cookie: w.cookies.substitute });
    expect(subClasses.json.ResponseData.map((c: { id: string }) => c.id)).toContain(cls.id);
    const removed = await t.call('DELETE', `/v1/classes/${cls.id}/teachers/${w.substitute.id}`, { cookie: w.cookies.teacher });
    expect(removed.json.ResponseData).toHaveLength(1);
    expect((await t.call('DELETE', `/v1/classes/${cls.id}/teachers/${w.substitute.id}`, { cookie: w.cookies.teacher })).status).toBe(404);
  });

  it('substitutes must be active teachers of the same school; the owner cannot be removed', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id });
    for (const teacherId of [w.otherTeacher.id, w.staff.id, w.student.id, w.pending.id]) {
      const res = await t.call('POST', `/v1/classes/${cls.id}/teachers`, { cookie: w.cookies.teacher, body: { teacherId } });
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('TEACHER_NOT_IN_SCHOOL');
    }
    const owner = await t.call('DELETE', `/v1/classes/${cls.id}/teachers/${w.teacher.id}`, { cookie: w.cookies.admin });
    expect(owner.status).toBe(409);
    expect(owner.json.ErrorCode).toBe('OWNER_CANNOT_BE_REMOVED');
    expect((await t.call('POST', `/v1/classes/${cls.id}/teachers`, { cookie: w.cookies.teacher, body: { teacherId: 'x' } })).status).toBe(400);
    expect((await t.call('POST', `/v1/classes/${cls.id}/teachers`, { body: { teacherId: w.substitute.id } })).status).toBe(401);
    expect((await t.call('POST', `/v1/classes/${cls.id}/teachers`, { cookie: w.cookies.otherAdmin, body: { teacherId: w.substitute.id } })).status).toBe(404);
    expect((await t.call('GET', `/v1/classes/${cls.id}/teachers`, { cookie: w.cookies.substitute })).status).toBe(403);
  });

  it("a teacher who teaches at two schools sees only the current school's classes", async () => {
    const twoSchools = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    await t.app.services.db.insertInto('schoolMemberships').values({ userId: twoSchools.id, schoolId: w.other.id, role: 'teacher' }).execute();
    await buildClass(t.app, { schoolId: w.school.id, ownerId: twoSchools.id, name: 'Here' });
    await buildClass(t.app, { schoolId: w.other.id, ownerId: twoSchools.id, name: 'There' });
    const here = await t.call('GET', '/v1/classes', { cookie: await sessionFor(t.app, twoSchools.id, w.school.id) });
    expect(here.json.ResponseData.map((c: { name: string }) => c.name)).toEqual(['Here']);
    const there = await t.call('GET', '/v1/classes', { cookie: await sessionFor(t.app, twoSchools.id, w.other.id) });
    expect(there.json.ResponseData.map((c: { name: string }) => c.name)).toEqual(['There']);
  });
});
