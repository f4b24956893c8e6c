import { CLASSROOM_LIMITS } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/password.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

async function outbox() {
  await t.app.services.jobs.runDue();
  return t.app.services.db.selectFrom('devOutbox').selectAll().orderBy('id').execute();
}

describe('invite students to a class', () => {
  it('when signed out it answers 401; another school 404; not a teacher of the class 403; a student 403', async () => {
    const body = { students: [{ email: 'new@example.test' }] };
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, { body })).status).toBe(401);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, { cookie: w.cookies.otherAdmin, body })).status).toBe(404);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, { cookie: w.cookies.substitute, body })).status).toBe(403);
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, { cookie: w.cookies.student, body })).status).toBe(403);
  });

  it('validates every row and rejects the whole batch when one row is wrong', async () => {
    const res = await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, {
      cookie: w.cookies.teacher,
      body: { students: [{ email: 'ok1@example.test' }, { email: 'not an email' }, { email: 'ok2@example.test', firstName: 'x'.repeat(61) }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.issues!.map((i: { path: string }) => i.path)).toEqual(['body.students.1.email', 'body.students.2.firstName']);
    const created = await t.app.services.db.selectFrom('users').select('id').where('email', '=', 'ok1@example.test').executeTakeFirst();
    expect(created).toBeUndefined();
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, { cookie: w.cookies.teacher, body: { students: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: CLASSROOM_LIMITS.inviteRowsMax + 1 }, (_, i) => ({ email: `s${i}@example.test` }));
    expect((await t.call('POST', `/v1/classes/${w.cls.id}/invitations`, { cookie: w.cookies.teacher, body: { students: tooMany } })).status).toBe(400);
  });

  it("creates new students with a temporary password e-mailed in the inviter's language, enrols existing students, reports other accounts", async () => {
    const spanishTeacher = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher', language: 'es', firstName: 'Rosa', lastName: 'Profe' });
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: spanishTeacher.id, name: 'Ciencias' });
    const res = await t.call('POST', `/v1/classes/${cls.id}/invitations`, {
      cookie: await sessionFor(t.app, spanishTeacher.id),
      body: {
        students: [
          { email: ' New.Kid@Example.test ', firstName: 'Nina', lastName: 'Nueva' },
          { email: 'new.kid@example.test' },
          { email: w.student2.email },
          { email: w.substitute.email },
          { email: w.otherStudent.email },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({
      invited: ['new.kid@example.test'],
      enrolled: [w.student2.email],
      failedUsers: [w.substitute.email, w.otherStudent.email],
    });

    const user = await t.app.services.db.selectFrom('users').selectAll().where('email', '=', 'new.kid@example.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ firstName: 'Nina', lastName: 'Nueva', language: 'es', mustChangePassword: true });
    expect(user.tempPasswordExpiresAt!.getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    const membership = await t.app.services.db.selectFrom('schoolMemberships').selectAll().where('userId', '=', user.id).execute();
    expect(membership).toMatchObject([{ schoolId: w.school.id, role: 'student' }]);

    const students = await t.call('GET', `/v1/classes/${cls.id}/students`, { cookie: await sessionFor(t.app, spanishTeacher.id) });
    expect(students.json.ResponseData.map((s: { email: string; registered: boolean }) => [s.email, s.registered]).sort()).toEqual([
      ['new.kid@example.test', false],
      [w.student2.email, true],
    ]);

    const mail = (await outbox()).filter((m) => m.recipient === 'new.kid@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Te invitan a una clase en High5');
    expect(mail[0]!.bodyText).toContain('Rosa Profe te invitó a la clase Ciencias');
    const password = /Contraseña temporal: (\S+)/.exec(mail[0]!.bodyText)![1]!;
    expect(await verifyPassword(user.passwordHash!, password)).toBe(true);
    // Nobody else got mail: existing accounts are not told anything.
    expect((await outbox()).some((m) => m.recipient === w.substitute.email || m.recipient === w.student2.email)).toBe(false);

    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: 'new.kid@example.test', password } });
    expect(signIn.json.ResponseData).toEqual({ status: 'new_password_required' });
  });

  it('inviting a student of the school who never registered sends the invitation again, with a new password that works', async () => {
    const teacher = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher', firstName: 'Rita', lastName: 'Reyes' });
    const cookie = await sessionFor(t.app, teacher.id);
    const first = await buildClass(t.app, { schoolId: w.school.id, ownerId: teacher.id, name: 'Garden club' });
    const second = await buildClass(t.app, { schoolId: w.school.id, ownerId: teacher.id, name: 'Chess club' });
    const email = 'again.kid@example.test';
    const res1 = await t.call('POST', `/v1/classes/${first.id}/invitations`, { cookie, body: { students: [{ email, firstName: 'Gale' }] } });
    expect(res1.json.ResponseData.invited).toEqual([email]);
    const mail1 = (await outbox()).filter((m) => m.recipient === email);
    expect(mail1).toHaveLength(1);
    const oldPassword = /Temporary password: (\S+)/.exec(mail1[0]!.bodyText)![1]!;

    // Invited again (same class, then another class) before ever signing in: each time an e-mail goes out.
    for (const cls of [first, second]) {
      const again = await t.call('POST', `/v1/classes/${cls.id}/invitations`, { cookie, body: { students: [{ email }] } });
      expect(again.status).toBe(200);
      expect(again.json.ResponseData).toEqual({ invited: [email], enrolled: [], failedUsers: [] });
      // Each invitation's mail is sent before the next one, as when a teacher invites again later;
      // jobs due together may be sent in any order, so the test does not depend on it.
      await outbox();
    }
    const mails = (await outbox()).filter((m) => m.recipient === email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('You are invited to a class on High5');
    expect(mails[2]!.bodyText).toContain('Gale');
    const newPassword = /Temporary password: (\S+)/.exec(mails[2]!.bodyText)![1]!;
    expect(newPassword).not.toBe(oldPassword);
    expect((await t.call('POST', '/v1/auth/sign-in', { body: { login: email, password: oldPassword } })).status).not.toBe(200);
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: email, password: newPassword } });
    expect(signIn.json.ResponseData).toEqual({ status: 'new_password_required' });
    const accounts = await t.app.services.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
    const enrolments = await t.app.services.db.selectFrom('enrolments').select('classId').where('studentId', '=', accounts[0]!.id).execute();
    expect(enrolments.map((e) => e.classId).sort()).toEqual([first.id, second.id].sort());
  });

  it('a pending teacher cannot invite', async () => {
    const cls = await buildClass(t.app, { schoolId: w.school.id, ownerId: w.pending.id });
    const res = await t.call('POST', `/v1/classes/${cls.id}/invitations`, { cookie: w.cookies.pending, body: { students: [{ email: 'p@example.test' }] } });
    expect(res.status).toBe(403);
  });
});
