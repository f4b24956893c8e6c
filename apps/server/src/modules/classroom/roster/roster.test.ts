import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/password.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

describe('student list', () => {
  it('401; 403 for students, parents, staff without the flag and pending teachers', async () => {
    expect((await t.call('GET', '/v1/roster/students')).status).toBe(401);
    for (const cookie of [w.cookies.student, w.cookies.parent, w.cookies.staff, w.cookies.pending]) {
      expect((await t.call('GET', '/v1/roster/students', { cookie })).status).toBe(403);
    }
  });

  it('an admin sees every student of the school; a teacher the students of their classes', async () => {
    const admin = await t.call('GET', '/v1/roster/students', { cookie: w.cookies.admin });
    expect(admin.json.ResponseData.students.map((s: { name: string }) => s.name)).toEqual(['Amy Student', 'Ben Student']);
    expect(admin.json.ResponseData).toMatchObject({ nextCursor: null, paid: false });
    expect(admin.json.ResponseData.students[0]).toEqual({ id: w.student.id, name: 'Amy Student', email: w.student.email, grade: 5, registered: true, invitable: false });
    const teacher = await t.call('GET', '/v1/roster/students', { cookie: w.cookies.teacher });
    expect(teacher.json.ResponseData.students.map((s: { id: string }) => s.id)).toEqual([w.student.id]);
    expect((await t.call('GET', '/v1/roster/students', { cookie: w.cookies.substitute })).json.ResponseData.students).toEqual([]);
    expect((await t.call('GET', '/v1/roster/students?search=ben', { cookie: w.cookies.admin })).json.ResponseData.students).toHaveLength(1);
  });

  it('pages by name with a cursor', async () => {
    const school = await (await import('../../../test/factories.js')).buildSchool(t.app);
    const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    for (let i = 0; i < 105; i++) await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: `S${String(i).padStart(3, '0')}`, lastName: 'X' });
    const cookie = await sessionFor(t.app, admin.id);
    const first = await t.call('GET', '/v1/roster/students', { cookie });
    expect(first.json.ResponseData.students).toHaveLength(100);
    const second = await t.call('GET', `/v1/roster/students?cursor=${first.json.ResponseData.nextCursor}`, { cookie });
    expect(second.json.ResponseData.students.map((s: { name: string }) => s.name)).toEqual(['S100 X', 'S101 X', 'S102 X', 'S103 X', 'S104 X']);
    expect(second.json.ResponseData.nextCursor).toBeNull();
    expect((await t.call('GET', '/v1/roster/students?cursor=garbage', { cookie })).json.ResponseData.students).toHaveLength(100);
  });
});

describe('reset password', () => {
  it('401, 400, 404 for another school\'s student, 403 for a teacher who does not teach them', async () => {
    const url = (id: string) => `/v1/roster/students/${id}/password-reset`;
    expect((await t.call('POST', url(w.student.id), { body: {} })).status).toBe(401);
    expect((await t.call('POST', url('nope'), { cookie: w.cookies.admin, body: {} })).status).toBe(400);
    expect((await t.call('POST', url(w.otherStudent.id), { cookie: w.cookies.admin, body: {} })).status).toBe(404);
    expect((await t.call('POST', url(w.teacher.id), { cookie: w.cookies.admin, body: {} })).status).toBe(404);
    expect((await t.call('POST', url(w.student2.id), { cookie: w.cookies.teacher, body: {} })).status).toBe(403);
    expect((await t.call('POST', url(w.student.id), { cookie: w.cookies.student2, body: {} })).status).toBe(403);
  });

  it('gives a random temporary password shown once, to be changed within 7 days; the old one and the sessions stop', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, studentIds: [kid.id] });
    const kidCookie = await sessionFor(t.app, kid.id);
    const res = await t.call('POST', `/v1/roster/students/${kid.id}/password-reset`, { cookie: w.cookies.teacher, body: {} });
    expect(res.status).toBe(200);
    const { temporaryPassword, expiresAt, login } = res.json.ResponseData;
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    expect(temporaryPassword).not.toContain(kid.id);
    expect(login).toBe(kid.email);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    const again = await t.call('POST', `/v1/roster/students/${kid.id}/password-reset`, { cookie: w.cookies.admin, body: {} });
    expect(again.json.ResponseData.temporaryPassword).not.toBe(temporaryPassword);
    const row = await t.app.services.db.selectFrom('users').selectAll().where('id', '=', kid.id).executeTakeFirstOrThrow();
    expect(row.mustChangePassword).toBe(true);
    expect(await verifyPassword(row.passwordHash!, again.json.ResponseData.temporaryPassword)).toBe(true);
    expect(await verifyPassword(row.passwordHash!, TEST_PASSWORD)).toBe(false);
    expect((await t.call('GET', '/v1/moods/mine', { cookie: kidCookie })).status).toBe(401);
    const audit = await t.app.services.db.selectFrom('auditLog').selectAll().where('action', '=', 'student.password_reset').where('targetId', '=', kid.id).execute();
    expect(audit).toHaveLength(2);
    // The temporary password works for 7 days only.
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: kid.email, password: again.json.ResponseData.temporaryPassword } });
    expect(signIn.json.ResponseData).toEqual({ status: 'new_password_required' });
  });
});

describe('invite unregistered students (paid schools)', () => {
  it('is for paid schools only', async () => {
    const res = await t.call('POST', '/v1/roster/invitations', { cookie: w.cookies.admin, body: { studentIds: [w.student.id] } });
    expect(res.status).toBe(403);
    expect(res.json.ErrorCode).toBe('PAID_SCHOOL_ONLY');
    expect((await t.call('POST', '/v1/roster/invitations', { body: { studentIds: [w.student.id] } })).status).toBe(401);
    expect((await t.call('POST', '/v1/roster/invitations', { cookie: w.cookies.admin, body: { studentIds: [] } })).status).toBe(400);
  });

  it('e-mails unregistered students a temporary password in their language; registered or foreign ids fail', async () => {
    const paid = await buildClassroomWorld(t.app, { paid: true });
    const rostered = await buildUser(t.app, { schoolId: paid.school.id, role: 'student', language: 'es', firstName: 'Rosa' });
    await t.app.services.db.updateTable('users').set({ passwordHash: null }).where('id', '=', rostered.id).execute();
    const list = await t.call('GET', '/v1/roster/students', { cookie: paid.cookies.admin });
    expect(list.json.ResponseData.paid).toBe(true);
    const row = list.json.ResponseData.students.find((s: { id: string }) => s.id === rostered.id);
    expect(row).toMatchObject({ registered: false, invitable: true });
    expect(list.json.ResponseData.students.find((s: { id: string }) => s.id === paid.student.id)).toMatchObject({ registered: true, invitable: false });

    const res = await t.call('POST', '/v1/roster/invitations', { cookie: paid.cookies.admin, body: { studentIds: [rostered.id, paid.student.id, w.student.id] } });
    expect(res.json.ResponseData).toEqual({ invited: 1, failedStudentIds: [paid.student.id, w.student.id] });
    await t.app.services.jobs.runDue();
    const mail = await t.app.services.db.selectFrom('devOutbox').selectAll().where('recipient', '=', rostered.email!).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Tu cuenta de High5');
    const password = /Contraseña temporal: (\S+)/.exec(mail[0]!.bodyText)![1]!;
    const stored = await t.app.services.db.selectFrom('users').select(['passwordHash', 'mustChangePassword']).where('id', '=', rostered.id).executeTakeFirstOrThrow();
    expect(stored.mustChangePassword).toBe(true);
    expect(await verifyPassword(stored.passwordHash!, password)).toBe(true);
  });
});
