import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app, { paid: true });
});
afterAll(() => t.close());

/** A rostered account: made by a sync, no password of its own yet. */
async function rostered(role: 'student' | 'teacher', values: { email?: string | null; firstName: string; language?: 'en' | 'es' }) {
  const user = await buildUser(t.app, {
    schoolId: w.school.id,
    role,
    ...values,
    ...(values.email === null ? { username: `${values.firstName.toLowerCase()}-${Date.now()}` } : {}),
  });
  await t.app.services.db.updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute();
  return user;
}

async function outbox() {
  await t.app.services.jobs.runDue();
  return t.app.services.db.selectFrom('devOutbox').selectAll().orderBy('id').execute();
}

describe('first sign-in for a whole class (school admins)', () => {
  it('401 signed out, 403 a teacher of the class, 404 another school, 400 a bad id', async () => {
    expect((await t.call('POST', `/v1/roster/classes/${w.cls.id}/invitations`, { body: {} })).status).toBe(401);
    expect((await t.call('POST', `/v1/roster/classes/${w.cls.id}/invitations`, { cookie: w.cookies.teacher, body: {} })).status).toBe(403);
    expect((await t.call('POST', `/v1/roster/classes/${w.cls.id}/invitations`, { cookie: w.cookies.otherAdmin, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/v1/roster/classes/nope/invitations', { cookie: w.cookies.admin, body: {} })).status).toBe(400);
  });

  it('a free school: PAID_SCHOOL_ONLY', async () => {
    const free = await buildClassroomWorld(t.app);
    const res = await t.call('POST', `/v1/roster/classes/${free.cls.id}/invitations`, { cookie: free.cookies.admin, body: {} });
    expect([res.status, res.json.ErrorCode]).toEqual([403, 'PAID_SCHOOL_ONLY']);
  });

  it('mixed people: sends to the unregistered with an address (in their language), reports the rest, audits, and a second click sends nothing', async () => {
    const teacher = await rostered('teacher', { firstName: 'Teo', email: 'teo.rostered@example.test', language: 'es' });
    const kid = await rostered('student', { firstName: 'Kim', email: 'kim.rostered@example.test' });
    const noMail = await rostered('student', { firstName: 'Nia', email: null });
    const signedUp = await buildUser(t.app, { schoolId: w.school.id, role: 'student', firstName: 'Reg' });
    const leaver = await rostered('student', { firstName: 'Lee', email: 'lee.left@example.test' });
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'inactive' }).where('userId', '=', leaver.id).execute();
    const cls = await buildClass(t.app, {
      schoolId: w.school.id,
      ownerId: teacher.id,
      name: 'Room 4',
      studentIds: [kid.id, noMail.id, signedUp.id, leaver.id],
    });

    const res = await t.call('POST', `/v1/roster/classes/${cls.id}/invitations`, { cookie: w.cookies.admin, body: {} });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.json.ResponseData.people.map((p: { id: string; role: string; outcome: string }) => [p.id, [p.role, p.outcome]]));
    expect(byId).toEqual({
      [teacher.id]: ['teacher', 'sent'],
      [kid.id]: ['student', 'sent'],
      [noMail.id]: ['student', 'noEmail'],
      [signedUp.id]: ['student', 'registered'],
    });

    const mail = await outbox();
    const toTeacher = mail.filter((m) => m.recipient === 'teo.rostered@example.test');
    const toKid = mail.filter((m) => m.recipient === 'kim.rostered@example.test');
    expect([toTeacher.length, toKid.length]).toEqual([1, 1]);
    expect(toTeacher[0]!.subject).toBe('Tu cuenta de High5 está lista');
    expect(mail.some((m) => m.recipient === 'lee.left@example.test' || m.recipient === signedUp.email)).toBe(false);
    const password = /Temporary password: (\S+)/.exec(toKid[0]!.bodyText)![1]!;
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: 'kim.rostered@example.test', password } });
    expect(signIn.json.ResponseData).toEqual({ status: 'new_password_required' });

    const audits = await t.app.services.db.selectFrom('auditLog').select(['action', 'targetId']).where('targetId', 'in', [teacher.id, kid.id]).execute();
    expect(audits.map((a) => `${a.action}:${a.targetId}`).sort()).toEqual([`staff.reinvite:${teacher.id}`, `student.invite:${kid.id}`].sort());

    const again = await t.call('POST', `/v1/roster/classes/${cls.id}/invitations`, { cookie: w.cookies.admin, body: {} });
    const outcomes = again.json.ResponseData.people.map((p: { outcome: string }) => p.outcome).sort();
    expect(outcomes).toEqual(['noEmail', 'recentlyInvited', 'recentlyInvited', 'registered']);
    expect((await outbox()).length).toBe(mail.length);
  });

  it('is rate-limited like every invitation batch', async () => {
    await t.app.services.rateLimits.reset();
    const admin = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher', isAdmin: true });
    const cookie = await sessionFor(t.app, admin.id);
    for (let i = 0; i < 20; i++) expect((await t.call('POST', `/v1/roster/classes/${w.cls.id}/invitations`, { cookie, body: {} })).status).toBe(200);
    const held = await t.call('POST', `/v1/roster/classes/${w.cls.id}/invitations`, { cookie, body: {} });
    expect([held.status, held.json.ErrorCode]).toEqual([429, 'RATE_LIMITED']);
  });
});
