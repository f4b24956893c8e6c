import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/password.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { NEW_PASSWORD, outbox } from '../../auth/test-factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

const mailTo = (to: string) => outbox(t.app, to);

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
    expect(admin.json.ResponseData.rows.map((s: { name: string }) => s.name)).toEqual(['Amy Student', 'Ben Student']);
    expect(admin.json.ResponseData).toMatchObject({ total: 2, page: 0, pageSize: 25, paid: false });
    expect(admin.json.ResponseData.rows[0]).toEqual({
      id: w.student.id,
      name: 'Amy Student',
      email: w.student.email,
      grade: 5,
      registered: true,
      invitable: false,
      flags: { iep: false, plan504: false, englishLearner: false },
    });
    const teacher = await t.call('GET', '/v1/roster/students', { cookie: w.cookies.teacher });
    expect(teacher.json.ResponseData.rows.map((s: { id: string }) => s.id)).toEqual([w.student.id]);
    expect((await t.call('GET', '/v1/roster/students', { cookie: w.cookies.substitute })).json.ResponseData).toMatchObject({ rows: [], total: 0 });
    const search = await t.call('GET', '/v1/roster/students?q=ben', { cookie: w.cookies.admin });
    expect(search.json.ResponseData).toMatchObject({ total: 1, rows: [{ name: 'Ben Student' }] });
  });

  it('sorts by name, e-mail or grade either way and pages with the count of all that match', async () => {
    const school = await (await import('../../../test/factories.js')).buildSchool(t.app);
    const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    for (let i = 0; i < 105; i++)
      await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: `S${String(i).padStart(3, '0')}`, lastName: 'X', grade: i % 3 });
    const cookie = await sessionFor(t.app, admin.id);
    const list = async (query: string) => (await t.call('GET', `/v1/roster/students?${query}`, { cookie })).json.ResponseData;
    const first = await list('pageSize=100');
    expect(first.rows).toHaveLength(100);
    expect(first.total).toBe(105);
    const second = await list('pageSize=100&page=1');
    expect(second.rows.map((s: { name: string }) => s.name)).toEqual(['S100 X', 'S101 X', 'S102 X', 'S103 X', 'S104 X']);
    expect((await list('sort=name&dir=desc&pageSize=25')).rows[0].name).toBe('S104 X');
    // Grade, then name: the first of grade 2 is S002.
    expect((await list('sort=grade&dir=desc')).rows.slice(0, 2).map((s: { name: string }) => s.name)).toEqual(['S002 X', 'S005 X']);
    expect((await list('q=S10&pageSize=25')).total).toBe(5);
    expect((await list('page=9')).rows).toEqual([]);
  });

  it('400 for a page size, sort or page the list does not offer', async () => {
    for (const query of ['pageSize=101', 'pageSize=0', 'sort=password', 'dir=up', 'page=-1', `q=${'x'.repeat(101)}`]) {
      const res = await t.call('GET', `/v1/roster/students?${query}`, { cookie: w.cookies.admin });
      expect(res.status, query).toBe(400);
      expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
    }
  });
});

describe('reset password', () => {
  it("401, 400, 404 for another school's student, 403 for a teacher who does not teach them", async () => {
    const url = (id: string) => `/v1/roster/students/${id}/password-reset`;
    expect((await t.call('POST', url(w.student.id), { body: {} })).status).toBe(401);
    expect((await t.call('POST', url('nope'), { cookie: w.cookies.admin, body: {} })).status).toBe(400);
    expect((await t.call('POST', url(w.otherStudent.id), { cookie: w.cookies.admin, body: {} })).status).toBe(404);
    expect((await t.call('POST', url(w.teacher.id), { cookie: w.cookies.admin, body: {} })).status).toBe(404);
    expect((await t.call('POST', url(w.student2.id), { cookie: w.cookies.teacher, body: {} })).status).toBe(403);
    expect((await t.call('POST', url(w.student.id), { cookie: w.cookies.student2, body: {} })).status).toBe(403);
  });

  it('a teacher, even of the student, gets no password or link: 403 and nothing changes', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, studentIds: [kid.id] });
    const res = await t.call('POST', `/v1/roster/students/${kid.id}/password-reset`, { cookie: w.cookies.teacher, body: {} });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.json)).not.toMatch(/password|link/i);
    const row = await t.app.services.db.selectFrom('users').select(['passwordHash', 'mustChangePassword']).where('id', '=', kid.id).executeTakeFirstOrThrow();
    expect(row.mustChangePassword).toBe(false);
    expect(await verifyPassword(row.passwordHash!, TEST_PASSWORD)).toBe(true);
    expect(await t.app.services.db.selectFrom('verificationCodes').select('id').where('userId', '=', kid.id).execute()).toEqual([]);
  });

  it('an admin resetting a student with an e-mail receives nothing usable; the student gets a one-time link in their language', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student', language: 'es', firstName: 'Lía' });
    const kidCookie = await sessionFor(t.app, kid.id);
    const res = await t.call('POST', `/v1/roster/students/${kid.id}/password-reset`, { cookie: w.cookies.admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ delivery: 'email', login: kid.email, expiresAt: new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString() });
    // Until the link is used, nothing changed for the student.
    expect((await t.call('GET', '/v1/moods/mine', { cookie: kidCookie })).status).toBe(200);
    const mail = (await mailTo(kid.email!))[0]!;
    expect(mail.subject).toMatch(/contraseña/i);
    const token = /\/reset-link#([A-Za-z0-9_-]{43})/.exec(mail.bodyText)?.[1];
    expect(token).toBeDefined();
    expect(mail.bodyText).toContain('Lía');

    const used = await t.call('POST', '/v1/auth/reset-link', { body: { token, newPassword: NEW_PASSWORD } });
    expect(used.status).toBe(200);
    expect((await t.call('GET', '/v1/moods/mine', { cookie: kidCookie })).status).toBe(401);
    expect((await t.call('POST', '/v1/auth/sign-in', { body: { login: kid.email, password: TEST_PASSWORD } })).status).toBe(401);
    expect((await t.call('POST', '/v1/auth/sign-in', { body: { login: kid.email, password: NEW_PASSWORD } })).json.ResponseData.status).toBe('signed_in');
    // Once only.
    const again = await t.call('POST', '/v1/auth/reset-link', { body: { token, newPassword: 'Another-Harbor-43!' } });
    expect(again.status).toBe(400);
    expect(again.json.ErrorCode).toBe('CODE_INVALID');
    const audit = await t.app.services.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'student.password_reset')
      .where('targetId', '=', kid.id)
      .execute();
    expect(audit).toEqual([{ details: { delivery: 'email' } }]);
  });

  it('for a student without an e-mail the admin gets a one-time link, not a password: a new reset cancels it, and it expires after 24 h', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student', email: null, username: `kid.${Date.now()}` });
    const reset = () => t.call('POST', `/v1/roster/students/${kid.id}/password-reset`, { cookie: w.cookies.admin, body: {} });
    const first = (await reset()).json.ResponseData;
    expect(first).toMatchObject({ delivery: 'link', login: kid.username });
    expect(first.link).toMatch(/^http.+\/reset-link#[A-Za-z0-9_-]{43}$/);
    // Nothing in the answer signs anyone in.
    for (const value of [first.link, first.link.split('#')[1]]) {
      expect((await t.call('POST', '/v1/auth/sign-in', { body: { login: kid.username, password: value } })).status).toBe(401);
    }
    const second = (await reset()).json.ResponseData;
    const tokenOf = (link: string) => link.split('#')[1];
    expect((await t.call('POST', '/v1/auth/reset-link', { body: { token: tokenOf(first.link), newPassword: NEW_PASSWORD } })).json.ErrorCode).toBe(
      'CODE_INVALID',
    );
    const weak = await t.call('POST', '/v1/auth/reset-link', { body: { token: tokenOf(second.link), newPassword: 'weak' } });
    expect(weak.status).toBe(400);
    t.clock.advance(24 * 3_600_000 + 1000);
    try {
      const late = await t.call('POST', '/v1/auth/reset-link', { body: { token: tokenOf(second.link), newPassword: NEW_PASSWORD } });
      expect(late.status).toBe(400);
      expect(late.json.ErrorCode).toBe('CODE_EXPIRED');
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1000));
    }
    const third = (await reset()).json.ResponseData;
    expect((await t.call('POST', '/v1/auth/reset-link', { body: { token: tokenOf(third.link), newPassword: NEW_PASSWORD } })).status).toBe(200);
    expect((await t.call('POST', '/v1/auth/sign-in', { body: { login: kid.username, password: NEW_PASSWORD } })).json.ResponseData.status).toBe('signed_in');
    for (const token of ['', 'x'.repeat(201), 42, null]) {
      expect.soft((await t.call('POST', '/v1/auth/reset-link', { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(400);
    }
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
    const row = list.json.ResponseData.rows.find((s: { id: string }) => s.id === rostered.id);
    expect(row).toMatchObject({ registered: false, invitable: true });
    expect(list.json.ResponseData.rows.find((s: { id: string }) => s.id === paid.student.id)).toMatchObject({ registered: true, invitable: false });

    const res = await t.call('POST', '/v1/roster/invitations', {
      cookie: paid.cookies.admin,
      body: { studentIds: [rostered.id, paid.student.id, w.student.id] },
    });
    expect(res.json.ResponseData).toEqual({ invited: 1, failedStudentIds: [paid.student.id, w.student.id] });
    await t.app.services.jobs.runDue();
    const mail = await t.app.services.db.selectFrom('devOutbox').selectAll().where('recipient', '=', rostered.email!).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Tu cuenta de High5');
    const password = /Contraseña temporal: (\S+)/.exec(mail[0]!.bodyText)![1]!;
    const stored = await t.app.services.db
      .selectFrom('users')
      .select(['passwordHash', 'mustChangePassword'])
      .where('id', '=', rostered.id)
      .executeTakeFirstOrThrow();
    expect(stored.mustChangePassword).toBe(true);
    expect(await verifyPassword(stored.passwordHash!, password)).toBe(true);
  });
});
