import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/password.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { auditActions, member, outbox, schoolWithAdmin, superAdmin } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const membership = (userId: string, schoolId: string) =>
  t.app.services.db.selectFrom('schoolMemberships').selectAll().where('userId', '=', userId).where('schoolId', '=', schoolId).executeTakeFirst();

describe('GET /admin/users', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/admin/users?role=teacher')).status).toBe(401);
  });

  it('when the caller is a teacher without the admin flag, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    const res = await t.call('GET', '/v1/admin/users?role=teacher', { cookie });
    expect(res.status).toBe(403);
  });

  it('when the admin flag belongs to a membership still pending approval, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher', isAdmin: true, status: 'pending' });
    expect((await t.call('GET', '/v1/admin/users?role=teacher', { cookie })).status).toBe(403);
  });

  it('when the role is not teacher or staff, it answers 400', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('GET', '/v1/admin/users?role=student', { cookie });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it("lists only the current school's teachers, pending ones first, and marks the caller", async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const pending = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending', lastName: 'Zed' });
    await t.app.services.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', pending.id).execute();
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher', lastName: 'Able' });
    await buildUser(t.app, { schoolId: school.id, role: 'staff' });
    await buildUser(t.app, { role: 'teacher' }); // another school
    const res = await t.call('GET', '/v1/admin/users?role=teacher', { cookie });
    expect(res.status).toBe(200);
    const rows = res.json.ResponseData as { id: string; status: string; isSelf: boolean; isAdmin: boolean; emailConfirmed: boolean }[];
    // The approver sees who has not confirmed their address yet (docs/decisions/0607).
    expect(rows[0]).toMatchObject({ id: pending.id, status: 'pending', emailConfirmed: false });
    expect(rows.find((r) => r.id === teacher.id)).toMatchObject({ emailConfirmed: true });
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([pending.id, teacher.id, admin.id]));
    expect(rows.find((r) => r.id === admin.id)).toMatchObject({ isSelf: true, isAdmin: true });
    expect(rows).toHaveLength(3);
  });
});

describe('making and removing admins (school admin)', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('PUT', `/v1/admin/users/${randomUUID()}/admin`)).status).toBe(401);
  });

  it('when the id is not a uuid, it answers 400', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('PUT', '/v1/admin/users/nope/admin', { cookie })).status).toBe(400);
  });

  it('when a non-admin teacher tries, it answers 403 and changes nothing', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff' });
    expect((await t.call('PUT', `/v1/admin/users/${staff.id}/admin`, { cookie })).status).toBe(403);
    expect((await membership(staff.id, school.id))!.isAdmin).toBe(false);
  });

  it('when the user belongs to another school, it answers 404 and changes nothing', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const other = await buildSchool(t.app);
    const stranger = await buildUser(t.app, { schoolId: other.id, role: 'teacher' });
    expect((await t.call('PUT', `/v1/admin/users/${stranger.id}/admin`, { cookie })).status).toBe(404);
    expect((await membership(stranger.id, other.id))!.isAdmin).toBe(false);
  });

  it('when the user is a student, it answers 409 ROLE_MISMATCH', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const student = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    const res = await t.call('PUT', `/v1/admin/users/${student.id}/admin`, { cookie });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('ROLE_MISMATCH');
  });

  it('makes a staff member an admin and records it', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff' });
    const res = await t.call('PUT', `/v1/admin/users/${staff.id}/admin`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ id: staff.id, isAdmin: true, role: 'staff', isSelf: false });
    expect((await membership(staff.id, school.id))!.isAdmin).toBe(true);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'admin.grant', actorId: admin.id, targetId: staff.id }));
  });

  it("marks the only admin (soleAdmin, so the screen does not offer what the server refuses) and says each person's gender", async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    await t.app.services.db.updateTable('users').set({ gender: 'F' }).where('id', '=', admin.id).execute();
    const list = async () =>
      (await t.call('GET', '/v1/admin/users?role=teacher', { cookie })).json.ResponseData as { id: string; soleAdmin: boolean; gender: string | null }[];
    expect((await list()).find((r) => r.id === admin.id)).toMatchObject({ soleAdmin: true, gender: 'F' });
    const other = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const rows = await list();
    expect(rows.find((r) => r.id === admin.id)).toMatchObject({ soleAdmin: false });
    expect(rows.find((r) => r.id === other.id)).toMatchObject({ soleAdmin: false, gender: null });
  });

  it('when the last admin removes their own flag, it answers 409 LAST_ADMIN', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('DELETE', `/v1/admin/users/${admin.id}/admin`, { cookie });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('LAST_ADMIN');
    expect((await membership(admin.id, school.id))!.isAdmin).toBe(true);
  });

  it('when another admin remains, an admin may remove their own flag', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    await buildUser(t.app, { schoolId: school.id, role: 'staff', isAdmin: true });
    const res = await t.call('DELETE', `/v1/admin/users/${admin.id}/admin`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ isAdmin: false, isSelf: true });
    // No longer an admin: the next admin call is refused.
    expect((await t.call('GET', '/v1/admin/users?role=teacher', { cookie })).status).toBe(403);
  });

  it('when two admins remove their own flags at once, one of them stays an admin', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const second = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const secondCookie = await sessionFor(t.app, second.id, school.id);
    const admins = await t.app.services.db
      .selectFrom('schoolMemberships')
      .select('userId')
      .where('schoolId', '=', school.id)
      .where('isAdmin', '=', true)
      .execute();
    const [a, b] = await Promise.all([
      t.call('DELETE', `/v1/admin/users/${admins.find((x) => x.userId !== second.id)!.userId}/admin`, { cookie }),
      t.call('DELETE', `/v1/admin/users/${second.id}/admin`, { cookie: secondCookie }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const left = await t.app.services.db
      .selectFrom('schoolMemberships')
      .select('userId')
      .where('schoolId', '=', school.id)
      .where('isAdmin', '=', true)
      .execute();
    expect(left).toHaveLength(1);
  });

  it("an admin may remove another admin's flag", async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const other = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const res = await t.call('DELETE', `/v1/admin/users/${other.id}/admin`, { cookie });
    expect(res.status).toBe(200);
    expect((await membership(other.id, school.id))!.isAdmin).toBe(false);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'admin.revoke', targetId: other.id }));
  });
});

describe('staff and teachers', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('PUT', `/v1/admin/users/${randomUUID()}/staff-as-teacher`)).status).toBe(401);
  });

  it('when a non-admin tries, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'staff' });
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff' });
    expect((await t.call('PUT', `/v1/admin/users/${staff.id}/staff-as-teacher`, { cookie })).status).toBe(403);
  });

  it('makes a staff member a teacher, then reverts them to staff, recording both', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff', isAdmin: true });
    const made = await t.call('PUT', `/v1/admin/users/${staff.id}/staff-as-teacher`, { cookie });
    expect(made.status).toBe(200);
    expect(made.json.ResponseData).toMatchObject({ role: 'teacher', staffAsTeacher: true, isAdmin: true });
    const reverted = await t.call('DELETE', `/v1/admin/users/${staff.id}/staff-as-teacher`, { cookie });
    expect(reverted.status).toBe(200);
    expect(reverted.json.ResponseData).toMatchObject({ role: 'staff', staffAsTeacher: false, isAdmin: true });
    const actions = (await auditActions(t.app, school.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.makeTeacher', 'teacher.revertToStaff']));
  });

  it('when the user is already a teacher, making them a teacher answers 409 ROLE_MISMATCH', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const res = await t.call('PUT', `/v1/admin/users/${teacher.id}/staff-as-teacher`, { cookie });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('ROLE_MISMATCH');
  });

  it('when a teacher signed up as a teacher, reverting them to staff answers 409 ROLE_MISMATCH', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const res = await t.call('DELETE', `/v1/admin/users/${teacher.id}/staff-as-teacher`, { cookie });
    expect(res.status).toBe(409);
    expect((await membership(teacher.id, school.id))!.role).toBe('teacher');
  });

  it('when the teacher teaches a class, reverting them answers 409 TEACHER_HAS_CLASSES', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff' });
    await t.call('PUT', `/v1/admin/users/${staff.id}/staff-as-teacher`, { cookie });
    await buildClass(t.app, { schoolId: school.id, ownerId: staff.id });
    const res = await t.call('DELETE', `/v1/admin/users/${staff.id}/staff-as-teacher`, { cookie });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('TEACHER_HAS_CLASSES');
    expect((await membership(staff.id, school.id))!.role).toBe('teacher');
  });

  it('when the staff member belongs to another school, it answers 404', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const stranger = await buildUser(t.app, { role: 'staff' });
    expect((await t.call('PUT', `/v1/admin/users/${stranger.id}/staff-as-teacher`, { cookie })).status).toBe(404);
  });
});

describe('approving teachers', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('POST', `/v1/admin/users/${randomUUID()}/approval`)).status).toBe(401);
  });

  it('when a non-admin teacher tries, it answers 403 and the teacher stays pending', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    const pending = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending' });
    expect((await t.call('POST', `/v1/admin/users/${pending.id}/approval`, { cookie })).status).toBe(403);
    expect((await membership(pending.id, school.id))!.status).toBe('pending');
  });

  it('when the pending teacher belongs to another school, it answers 404', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const pending = await buildUser(t.app, { role: 'teacher', status: 'pending' });
    expect((await t.call('POST', `/v1/admin/users/${pending.id}/approval`, { cookie })).status).toBe(404);
  });

  it('approves a pending teacher, records it and tells them in their language', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const pending = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending', language: 'es' });
    const res = await t.call('POST', `/v1/admin/users/${pending.id}/approval`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ id: pending.id, status: 'active' });
    expect((await membership(pending.id, school.id))!.status).toBe('active');
    expect(await auditActions(t.app, school.id)).toContainEqual(
      expect.objectContaining({ action: 'teacher.approve', actorId: admin.id, targetId: pending.id }),
    );
    const mail = (await outbox(t.app)).find((m) => m.recipient === pending.email);
    expect(mail?.subject).toContain('aprobada');
  });

  it('when the teacher is not pending, it answers 409 NOT_PENDING', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const res = await t.call('POST', `/v1/admin/users/${teacher.id}/approval`, { cookie });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('NOT_PENDING');
  });

  it('declining removes the pending membership and records it', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const pending = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending' });
    const res = await t.call('DELETE', `/v1/admin/users/${pending.id}/approval`, { cookie });
    expect(res.status).toBe(200);
    expect(await membership(pending.id, school.id)).toBeUndefined();
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'teacher.reject', targetId: pending.id }));
  });
});

describe('POST /admin/staff-invitations', () => {
  const invite = { firstName: 'Rosa', lastName: 'Parks', email: 'Rosa.Parks@Example.test', language: 'es' };

  it('when signed out, it answers 401', async () => {
    expect((await t.call('POST', '/v1/admin/staff-invitations', { body: invite })).status).toBe(401);
  });

  it('when a field is missing or blank, it answers 400 naming it', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('POST', '/v1/admin/staff-invitations', { cookie, body: { ...invite, firstName: '  ', email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.json.issues!.map((i) => i.path)).toEqual(expect.arrayContaining(['body.firstName', 'body.email']));
  });

  it('when a non-admin teacher invites, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call('POST', '/v1/admin/staff-invitations', { cookie, body: invite })).status).toBe(403);
  });

  it('creates a staff account with a 7-day temporary password and e-mails it in the chosen language', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('POST', '/v1/admin/staff-invitations', { cookie, body: invite });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ outcome: 'invited' });
    const user = await t.app.services.db.selectFrom('users').selectAll().where('email', '=', 'rosa.parks@example.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ firstName: 'Rosa', lastName: 'Parks', language: 'es', mustChangePassword: true });
    expect(user.tempPasswordExpiresAt!.getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    expect(await membership(user.id, school.id)).toMatchObject({ role: 'staff', isAdmin: false, status: 'active' });
    const mail = (await outbox(t.app)).find((m) => m.recipient === 'rosa.parks@example.test')!;
    expect(mail.subject).toBe('Te invitan a High5');
    expect(mail.bodyText).toContain(school.name);
    expect(mail.bodyText).toContain('Contraseña temporal');
    const password = /Contraseña temporal: (\S+)/.exec(mail.bodyText)![1]!;
    expect(await verifyPassword(user.passwordHash!, password)).toBe(true);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'staff.invite', actorId: admin.id, targetId: user.id }));
  });

  it('when the invitation was never used, inviting again sends a new password', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const body = { ...invite, email: 'again@example.test', language: 'en' };
    await t.call('POST', '/v1/admin/staff-invitations', { cookie, body });
    t.clock.advance(61_000);
    const res = await t.call('POST', '/v1/admin/staff-invitations', { cookie, body });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ outcome: 'reinvited' });
    const mails = (await outbox(t.app)).filter((m) => m.recipient === 'again@example.test');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.bodyText).not.toEqual(mails[1]!.bodyText);
  });

  it('concurrent re-invitations (a double click, several tabs) send one e-mail, whose password works', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const body = { ...invite, email: 'parallel@example.test', language: 'en' };
    await t.call('POST', '/v1/admin/staff-invitations', { cookie, body });
    t.clock.advance(61_000);
    const before = new Set((await outbox(t.app)).filter((m) => m.recipient === 'parallel@example.test').map((m) => m.bodyText));
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/v1/admin/staff-invitations', { cookie, body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.json.ResponseData.outcome === 'reinvited')).toBe(true);
    const mails = (await outbox(t.app)).filter((m) => m.recipient === 'parallel@example.test' && !before.has(m.bodyText));
    expect(mails).toHaveLength(1);
    const password = /(?:Temporary password|Contraseña temporal): (\S+)/.exec(mails[0]!.bodyText)?.[1];
    const user = await t.app.services.db.selectFrom('users').select('passwordHash').where('email', '=', 'parallel@example.test').executeTakeFirstOrThrow();
    expect(await verifyPassword(user.passwordHash!, password!)).toBe(true);
  });

  it('when the address belongs to an account of another role or school, it answers 409 INVITE_STAFF_FAILED and changes nothing', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const parent = await buildUser(t.app, { role: 'parent', email: 'taken@example.test' });
    const res = await t.call('POST', '/v1/admin/staff-invitations', { cookie, body: { ...invite, email: 'taken@example.test' } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('INVITE_STAFF_FAILED');
    const user = await t.app.services.db.selectFrom('users').select(['firstName', 'mustChangePassword']).where('id', '=', parent.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ firstName: 'Test', mustChangePassword: false });
  });

  it("when another school's unused staff invitation has the address, it still fails", async () => {
    const first = await schoolWithAdmin(t.app);
    const second = await schoolWithAdmin(t.app);
    const body = { ...invite, email: 'twoschools@example.test' };
    expect((await t.call('POST', '/v1/admin/staff-invitations', { cookie: first.cookie, body })).status).toBe(200);
    expect((await t.call('POST', '/v1/admin/staff-invitations', { cookie: second.cookie, body })).json.ErrorCode).toBe('INVITE_STAFF_FAILED');
  });
});

describe('super admin: admins of any school', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', `/v1/super/schools/${randomUUID()}/users?role=teacher`)).status).toBe(401);
  });

  it('when a school admin calls it, it answers 403', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', `/v1/super/schools/${school.id}/users?role=teacher`, { cookie })).status).toBe(403);
  });

  it('when the school does not exist, it answers 404', async () => {
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('GET', `/v1/super/schools/${randomUUID()}/users?role=teacher`, { cookie })).status).toBe(404);
  });

  it('when the role is missing, it answers 400', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('GET', `/v1/super/schools/${school.id}/users`, { cookie })).status).toBe(400);
  });

  it("lists a school's staff, makes one an admin and removes the last admin of a school", async () => {
    const { school, admin } = await schoolWithAdmin(t.app);
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff' });
    const { user, cookie } = await superAdmin(t.app);
    const list = await t.call('GET', `/v1/super/schools/${school.id}/users?role=staff`, { cookie });
    expect(list.json.ResponseData).toEqual([expect.objectContaining({ id: staff.id, isAdmin: false })]);
    expect((await t.call('PUT', `/v1/super/schools/${school.id}/users/${staff.id}/admin`, { cookie })).json.ResponseData).toMatchObject({ isAdmin: true });
    await t.call('DELETE', `/v1/super/schools/${school.id}/users/${staff.id}/admin`, { cookie });
    const res = await t.call('DELETE', `/v1/super/schools/${school.id}/users/${admin.id}/admin`, { cookie });
    expect(res.status).toBe(200);
    expect((await membership(admin.id, school.id))!.isAdmin).toBe(false);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'admin.revoke', actorId: user.id, targetId: admin.id }));
  });

  it('when the user is not a member of the chosen school, it answers 404', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const stranger = await buildUser(t.app, { role: 'teacher' });
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('PUT', `/v1/super/schools/${school.id}/users/${stranger.id}/admin`, { cookie })).status).toBe(404);
  });
});
