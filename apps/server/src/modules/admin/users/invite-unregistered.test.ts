import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser } from '../../../test/factories.js';
import { auditActions, member, outbox, schoolWithAdmin } from '../test-factories.js';

// Admins invite rostered teachers and staff, not only students (decision 0537).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.db;
/** A teacher or staff member a sync made: no password yet. */
async function rostered(schoolId: string, role: 'teacher' | 'staff', values: { email?: string | null; username?: string; language?: 'en' | 'es' } = {}) {
  const user = await buildUser(t.app, { schoolId, role, ...values });
  await db().updateTable('users').set({ passwordHash: null, emailVerifiedAt: null }).where('id', '=', user.id).execute();
  await db().updateTable('schoolMemberships').set({ rostered: true }).where('userId', '=', user.id).execute();
  return user;
}
const invite = (cookie: string, userIds: string[]) => t.call('POST', '/v1/admin/user-invitations', { cookie, body: { userIds } });
const passwordOf = (body: string) => /(?:Temporary password|Contraseña temporal): (\S+)/.exec(body)?.[1];

describe('POST /admin/user-invitations', () => {
  it('the staff list says who is not registered; one invitation e-mails a temporary password that signs in to the rostered account', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const teacher = await rostered(school.id, 'teacher', { language: 'es' });
    const list = (await t.call('GET', '/v1/admin/users?role=teacher', { cookie })).json.ResponseData;
    expect(list.find((u: { id: string }) => u.id === teacher.id).registered).toBe(false);
    expect(list.filter((u: { registered: boolean }) => u.registered)).toHaveLength(1); // the admin

    const res = await invite(cookie, [teacher.id]);
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ invited: 1, failedUserIds: [] });
    const mail = (await outbox(t.app)).find((m) => m.recipient === teacher.email)!;
    expect(mail.subject).toBe('Tu cuenta de High5 está lista');
    expect(mail.bodyText).toContain(school.name);
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: teacher.email, password: passwordOf(mail.bodyText) } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.ResponseData.status).toBe('new_password_required');
    expect((await auditActions(t.app, school.id)).filter((a) => a.targetId === teacher.id).map((a) => a.action)).toEqual(['staff.reinvite']);
  });

  it('invites all at once: the unregistered teachers and staff; registered people, people without an address, other schools and a second click within a minute fail', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const a = await rostered(school.id, 'teacher');
    const b = await rostered(school.id, 'staff');
    const noAddress = await rostered(school.id, 'staff', { email: null, username: `staff${Date.now()}` });
    const registered = (await member(t.app, school.id, { role: 'teacher' })).user;
    const student = await rostered(school.id, 'teacher');
    await db().updateTable('schoolMemberships').set({ role: 'student' }).where('userId', '=', student.id).execute();
    const elsewhere = await rostered((await buildSchool(t.app)).id, 'teacher');
    const ids = [a.id, b.id, noAddress.id, registered.id, student.id, elsewhere.id];

    const res = await invite(cookie, ids);
    expect(res.json.ResponseData.invited).toBe(2);
    expect(res.json.ResponseData.failedUserIds.sort()).toEqual([noAddress.id, registered.id, student.id, elsewhere.id].sort());
    const recipients = (await outbox(t.app)).map((m) => m.recipient);
    expect(recipients).toEqual(expect.arrayContaining([a.email, b.email]));
    expect(recipients).not.toContain(registered.email);
    expect(recipients).not.toContain(elsewhere.email);

    const again = await invite(cookie, [a.id]);
    expect(again.json.ResponseData).toEqual({ invited: 0, failedUserIds: [a.id] });
    t.clock.advance(61_000);
    expect((await invite(cookie, [a.id])).json.ResponseData.invited).toBe(1);
  });

  it('401 without a session, 403 for a teacher, 400 for bad or repeated ids', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const user = await rostered(school.id, 'teacher');
    expect((await t.call('POST', '/v1/admin/user-invitations', { body: { userIds: [user.id] } })).status).toBe(401);
    const teacher = await member(t.app, school.id, { role: 'teacher' });
    expect((await invite(teacher.cookie, [user.id])).status).toBe(403);
    for (const userIds of [[], ['nope'], [user.id, user.id]]) {
      expect((await invite(cookie, userIds)).status).toBe(400);
    }
  });
});
