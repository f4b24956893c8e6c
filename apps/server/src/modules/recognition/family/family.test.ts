import { passwordMeetsRule } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/password.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { temporaryPassword } from '../../../lib/temporary-password.js';
import { PARENT_INVITES_PER_DAY } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.db;
/** Delivers queued mail and returns what reached `to`. */
async function mailTo(to: string) {
  await t.app.services.jobs.runDue();
  return db().selectFrom('devOutbox').selectAll().where('recipient', '=', to).orderBy('id').execute();
}
const invite = (cookie: string | undefined, body: unknown) => t.call('POST', '/v1/family/parents', { ...(cookie ? { cookie } : {}), body });

describe('temporaryPassword', () => {
  it('always meets the password rule, has the one format and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = temporaryPassword();
      expect(passwordMeetsRule(p)).toBe(true);
      expect(p).toMatch(/^[A-HJKMNP-Za-kmnp-z2-9]{4}(-[A-HJKMNP-Za-kmnp-z2-9]{4}){2}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });
});

describe('POST /v1/family/parents', () => {
  it('when signed out, it answers 401', async () => {
    expect((await invite(undefined, { email: 'p@example.test', firstName: 'P', lastName: 'Q' })).status).toBe(401);
  });

  it.each(['teacher', 'parent', 'staff'] as const)('when a %s invites, it answers 403', async (role) => {
    const user = await buildUser(t.app, { role });
    expect((await invite(await sessionFor(t.app, user.id), { email: 'p@example.test', firstName: 'P', lastName: 'Q' })).status).toBe(403);
  });

  it.each([
    ['an empty e-mail', { email: ' ', firstName: 'Pat', lastName: 'Doe' }],
    ['a malformed e-mail', { email: 'not-an-email', firstName: 'Pat', lastName: 'Doe' }],
    ['a blank first name', { email: 'pat@example.test', firstName: '   ', lastName: 'Doe' }],
    ['no last name', { email: 'pat@example.test', firstName: 'Pat' }],
    ['a 61-character name', { email: 'pat@example.test', firstName: 'x'.repeat(61), lastName: 'Doe' }],
  ])('when it gets %s, it answers 400 and creates nothing', async (_label, body) => {
    const student = await buildUser(t.app, { role: 'student' });
    const res = await invite(await sessionFor(t.app, student.id), body);
    expect(res.status).toBe(400);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'pat@example.test').executeTakeFirst()).toBeUndefined();
  });

  it("when the address is new, it creates a parent with a 7-day temporary password, links the child and e-mails in the student's language", async () => {
    const school = await buildSchool(t.app, { name: 'Escuela Sol' });
    const student = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Lucia', lastName: 'Diaz', language: 'es' });
    const res = await invite(await sessionFor(t.app, student.id), { email: '  Mama.Diaz@Example.TEST ', firstName: 'Rosa', lastName: 'Diaz' });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ status: 'invited' });

    const parent = await db().selectFrom('users').selectAll().where('email', '=', 'mama.diaz@example.test').executeTakeFirstOrThrow();
    expect(parent).toMatchObject({ firstName: 'Rosa', lastName: 'Diaz', language: 'es', mustChangePassword: true });
    expect(parent.tempPasswordExpiresAt!.getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    expect(parent.passwordHash).toMatch(/^\$argon2id\$/);
    const membership = await db().selectFrom('schoolMemberships').selectAll().where('userId', '=', parent.id).execute();
    expect(membership).toMatchObject([{ schoolId: school.id, role: 'parent', isAdmin: false, status: 'active' }]);
    const link = await db().selectFrom('parentLinks').selectAll().where('parentId', '=', parent.id).execute();
    expect(link.map((l) => l.studentId)).toEqual([student.id]);

    const mails = await mailTo('mama.diaz@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Te invitan a High5');
    expect(mails[0]!.bodyText).toContain('Lucia Diaz');
    const password = /Contraseña temporal: (\S+)/.exec(mails[0]!.bodyText)?.[1];
    expect(password && passwordMeetsRule(password)).toBe(true);
    expect(await verifyPassword(parent.passwordHash!, password!)).toBe(true);
    expect(mails[0]!.bodyText).toContain('Escuela Sol');
    expect(mails[0]!.bodyText).toContain(t.app.services.config.publicUrl);
  });

  it('when the invited parent signs in with the e-mailed password, they must choose a new one, then see the child linked', async () => {
    const student = await buildUser(t.app, { role: 'student', firstName: 'Max' });
    await invite(await sessionFor(t.app, student.id), { email: 'dad.max@example.test', firstName: 'Tom', lastName: 'Max' });
    const [mail] = await mailTo('dad.max@example.test');
    const password = /Temporary password: (\S+)/.exec(mail!.bodyText)![1]!;
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: 'dad.max@example.test', password } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.ResponseData.status).toBe('new_password_required');
    const parent = await db().selectFrom('users').select('id').where('email', '=', 'dad.max@example.test').executeTakeFirstOrThrow();
    const children = await db().selectFrom('parentLinks').select('studentId').where('parentId', '=', parent.id).execute();
    expect(children).toEqual([{ studentId: student.id }]);
  });

  it('when the address belongs to a parent already, nothing is linked until they accept; they are asked by e-mail in their language with a fixed subject', async () => {
    const school = await buildSchool(t.app);
    const parent = await buildUser(t.app, { role: 'parent', schoolId: school.id, email: 'known.parent@example.test', language: 'es' });
    const sibling = await buildUser(t.app, { role: 'student', schoolId: school.id });
    const student = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Zoe', lastName: 'Park', language: 'en' });
    await db().insertInto('parentLinks').values({ parentId: parent.id, studentId: sibling.id }).execute();
    const before = await db().selectFrom('users').select('passwordHash').where('id', '=', parent.id).executeTakeFirstOrThrow();
    const studentCookie = await sessionFor(t.app, student.id);

    const res = await invite(studentCookie, { email: 'KNOWN.parent@example.test', firstName: 'Any', lastName: 'Name' });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ status: 'requested' });
    expect((await db().selectFrom('parentLinks').select('studentId').where('parentId', '=', parent.id).execute()).map((l) => l.studentId)).toEqual([
      sibling.id,
    ]);
    const after = await db()
      .selectFrom('users')
      .select(['passwordHash', 'firstName', 'mustChangePassword'])
      .where('id', '=', parent.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ passwordHash: before.passwordHash, firstName: 'Test', mustChangePassword: false });
    const mails = await mailTo('known.parent@example.test');
    expect(mails).toHaveLength(1);
    // The parent's own language, and no name the student typed in the subject.
    expect(mails[0]!.subject).toBe('Un estudiante te pidió ser su padre o madre en High5');
    expect(mails[0]!.bodyText).toContain('/family-requests');
    expect(mails[0]!.bodyText).not.toMatch(/contraseña temporal/i);
    // The student sees the request as waiting.
    expect((await t.call('GET', '/v1/family/parents', { cookie: studentCookie })).json.ResponseData).toEqual([
      { id: parent.id, name: expect.any(String), email: 'known.parent@example.test', status: 'requested' },
    ]);
    // Nothing of the child is visible to the parent before accepting.
    const parentCookie = await sessionFor(t.app, parent.id);
    const kids = await t.call('GET', '/v1/recognition/recipients?role=student', { cookie: parentCookie });
    expect(kids.json.ResponseData.items.map((r: { id: string }) => r.id)).toEqual([sibling.id]);

    // Asking again changes nothing and sends nothing more.
    expect((await invite(studentCookie, { email: 'known.parent@example.test', firstName: 'A', lastName: 'B' })).json.ResponseData).toEqual({
      status: 'requested',
    });
    expect(await mailTo('known.parent@example.test')).toHaveLength(1);

    const requests = await t.call('GET', '/v1/family/requests', { cookie: parentCookie });
    expect(requests.json.ResponseData).toEqual([
      { id: expect.any(String), studentName: 'Zoe Park', schoolName: expect.any(String), createdAt: expect.any(String) },
    ]);
    const accepted = await t.call('POST', `/v1/family/requests/${requests.json.ResponseData[0].id}/accept`, { cookie: parentCookie, body: {} });
    expect(accepted.status).toBe(200);
    expect(accepted.json.ResponseData).toEqual([]);
    const links = await db().selectFrom('parentLinks').select('studentId').where('parentId', '=', parent.id).execute();
    expect(links.map((l) => l.studentId).sort()).toEqual([sibling.id, student.id].sort());
    expect((await invite(studentCookie, { email: 'known.parent@example.test', firstName: 'A', lastName: 'B' })).json.ResponseData).toEqual({
      status: 'linked',
    });
  });

  it('when the address belongs to a user of another school, nothing is added until they accept; then a parent membership here and the link', async () => {
    const teacherElsewhere = await buildUser(t.app, { role: 'teacher', email: 'teacher.mom@example.test' });
    const school = await buildSchool(t.app);
    const student = await buildUser(t.app, { role: 'student', schoolId: school.id });
    const res = await invite(await sessionFor(t.app, student.id), { email: 'teacher.mom@example.test', firstName: 'T', lastName: 'M' });
    expect(res.json.ResponseData).toEqual({ status: 'requested' });
    const rolesOf = () =>
      db().selectFrom('schoolMemberships').select(['schoolId', 'role']).where('userId', '=', teacherElsewhere.id).orderBy('createdAt').execute();
    expect((await rolesOf()).find((r) => r.schoolId === school.id)).toBeUndefined();
    expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', teacherElsewhere.id).execute()).toEqual([]);

    const cookie = await sessionFor(t.app, teacherElsewhere.id);
    const [request] = (await t.call('GET', '/v1/family/requests', { cookie })).json.ResponseData;
    expect((await t.call('POST', `/v1/family/requests/${request.id}/accept`, { cookie, body: {} })).status).toBe(200);
    const roles = await rolesOf();
    expect(roles.find((r) => r.schoolId === school.id)?.role).toBe('parent');
    expect(roles.filter((r) => r.role === 'teacher')).toHaveLength(1);
    expect(await db().selectFrom('parentLinks').select('studentId').where('parentId', '=', teacherElsewhere.id).execute()).toEqual([{ studentId: student.id }]);
  });

  it('when the account declines, nothing is linked, the request is gone, and nobody else can answer it', async () => {
    const school = await buildSchool(t.app);
    const stranger = await buildUser(t.app, { role: 'teacher', email: 'stranger@example.test' });
    const student = await buildUser(t.app, { role: 'student', schoolId: school.id });
    await invite(await sessionFor(t.app, student.id), { email: 'stranger@example.test', firstName: 'S', lastName: 'T' });
    const cookie = await sessionFor(t.app, stranger.id);
    const [request] = (await t.call('GET', '/v1/family/requests', { cookie })).json.ResponseData;
    // Another account cannot accept or decline it, nor learn of it.
    const other = await buildUser(t.app, { role: 'teacher' });
    const otherCookie = await sessionFor(t.app, other.id);
    expect((await t.call('GET', '/v1/family/requests', { cookie: otherCookie })).json.ResponseData).toEqual([]);
    expect((await t.call('POST', `/v1/family/requests/${request.id}/accept`, { cookie: otherCookie, body: {} })).status).toBe(404);
    expect((await t.call('POST', `/v1/family/requests/${request.id}/decline`, { cookie: otherCookie, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/v1/family/requests/not-a-uuid/decline', { cookie, body: {} })).status).toBe(400);
    expect((await t.call('POST', `/v1/family/requests/${request.id}/accept`, { body: {} })).status).toBe(401);

    const declined = await t.call('POST', `/v1/family/requests/${request.id}/decline`, { cookie, body: {} });
    expect(declined.json.ResponseData).toEqual([]);
    expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', stranger.id).execute()).toEqual([]);
    expect(await db().selectFrom('schoolMemberships').selectAll().where('userId', '=', stranger.id).where('schoolId', '=', school.id).execute()).toEqual([]);
    expect((await t.call('POST', `/v1/family/requests/${request.id}/accept`, { cookie, body: {} })).status).toBe(404);
  });

  it('when the address belongs to a student of another school, it answers 409 and asks no one: a student account never becomes a parent', async () => {
    const otherSchool = await buildSchool(t.app);
    const seventhGrader = await buildUser(t.app, { role: 'student', schoolId: otherSchool.id, email: 'grade7@example.test' });
    const student = await buildUser(t.app, { role: 'student' });
    const res = await invite(await sessionFor(t.app, student.id), { email: 'grade7@example.test', firstName: 'G', lastName: 'S' });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('INVITE_PARENT_NOT_POSSIBLE');
    expect(await db().selectFrom('parentLinkRequests').selectAll().where('parentId', '=', seventhGrader.id).execute()).toEqual([]);
    expect(await mailTo('grade7@example.test')).toEqual([]);
  });

  it('when an account became a student after being asked, accepting answers 409 and links nothing', async () => {
    const school = await buildSchool(t.app);
    const adult = await buildUser(t.app, { role: 'teacher', email: 'later.student@example.test' });
    const student = await buildUser(t.app, { role: 'student', schoolId: school.id });
    await invite(await sessionFor(t.app, student.id), { email: 'later.student@example.test', firstName: 'L', lastName: 'S' });
    const cookie = await sessionFor(t.app, adult.id);
    const [request] = (await t.call('GET', '/v1/family/requests', { cookie })).json.ResponseData;
    const thirdSchool = await buildSchool(t.app);
    await db().insertInto('schoolMemberships').values({ userId: adult.id, schoolId: thirdSchool.id, role: 'student' }).execute();
    const res = await t.call('POST', `/v1/family/requests/${request.id}/accept`, { cookie, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('FAMILY_REQUEST_NOT_POSSIBLE');
    expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', adult.id).execute()).toEqual([]);
  });

  it.each([
    ['a teacher of the same school', 'teacher'],
    ['another student of the same school', 'student'],
  ] as const)('when the address belongs to %s, it answers 409 INVITE_PARENT_NOT_POSSIBLE and changes nothing', async (_label, role) => {
    const school = await buildSchool(t.app);
    const other = await buildUser(t.app, { role, schoolId: school.id });
    const student = await buildUser(t.app, { role: 'student', schoolId: school.id });
    const res = await invite(await sessionFor(t.app, student.id), { email: other.email, firstName: 'X', lastName: 'Y' });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('INVITE_PARENT_NOT_POSSIBLE');
    expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', other.id).execute()).toEqual([]);
    expect(await mailTo(other.email!)).toEqual([]);
  });

  it('when the student invites their own address, it answers 409', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    expect((await invite(await sessionFor(t.app, student.id), { email: student.email, firstName: 'Me', lastName: 'Myself' })).status).toBe(409);
  });

  it("when the address is a super admin's, it answers 409", async () => {
    const admin = await buildUser(t.app, { isSuperAdmin: true, email: 'root@example.test' });
    const student = await buildUser(t.app, { role: 'student' });
    expect((await invite(await sessionFor(t.app, student.id), { email: 'root@example.test', firstName: 'R', lastName: 'S' })).status).toBe(409);
    expect(await db().selectFrom('schoolMemberships').selectAll().where('userId', '=', admin.id).execute()).toEqual([]);
  });

  it(`when a student has sent ${PARENT_INVITES_PER_DAY} invitations in a day, the next answers 429 until the day has passed`, async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const cookie = await sessionFor(t.app, student.id);
    for (let i = 0; i < PARENT_INVITES_PER_DAY; i++) {
      expect((await invite(cookie, { email: `many${i}@example.test`, firstName: 'P', lastName: `${i}` })).status).toBe(200);
    }
    const refused = await invite(cookie, { email: 'one.more@example.test', firstName: 'P', lastName: 'Q' });
    expect(refused.status).toBe(429);
    expect(refused.json.ErrorCode).toBe('INVITE_PARENT_TOO_MANY');
    t.clock.advance(86_400_000 + 1000);
    const fresh = await sessionFor(t.app, student.id);
    expect((await invite(fresh, { email: 'one.more@example.test', firstName: 'P', lastName: 'Q' })).status).toBe(200);
    t.clock.advance(-(86_400_000 + 1000));
  });
});

describe('GET /v1/family/parents', () => {
  it('when a student asks, it lists their linked parents only', async () => {
    const student = await buildUser(t.app, { role: 'student' });
    const cookie = await sessionFor(t.app, student.id);
    expect((await t.call('GET', '/v1/family/parents', { cookie })).json.ResponseData).toEqual([]);
    await invite(cookie, { email: 'listed@example.test', firstName: 'Lis', lastName: 'Ted' });
    const res = await t.call('GET', '/v1/family/parents', { cookie });
    expect(res.json.ResponseData).toEqual([{ id: expect.any(String), name: 'Lis Ted', email: 'listed@example.test', status: 'linked' }]);
  });

  it('when signed out it answers 401, and 403 for other roles', async () => {
    expect((await t.call('GET', '/v1/family/parents')).status).toBe(401);
    const teacher = await buildUser(t.app, { role: 'teacher' });
    expect((await t.call('GET', '/v1/family/parents', { cookie: await sessionFor(t.app, teacher.id) })).status).toBe(403);
  });
});
