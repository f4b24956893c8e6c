import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildDistrict, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { confirmationToken } from '../../auth/test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://high5.example.test' });
});
afterAll(() => t.close());

const db = () => t.app.services.db;
let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
const teacher = (values: Record<string, unknown>) => ({
  role: 'teacher',
  firstName: 'Ana',
  lastName: 'López',
  email: `ana.${unique()}@school.example`,
  password: 'Violet-Harbor-42!',
  language: 'en',
  acceptedTerms: true,
  ...values,
});
/** Signs up, then runs the job that creates the account. */
async function signUp(body: Record<string, unknown>) {
  const res = await t.call('POST', '/v1/auth/sign-up', { body });
  expect(res.status).toBe(200);
  await t.app.services.jobs.runDue();
}
const membershipOf = (email: string) =>
  db()
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.schoolId', 'm.isAdmin', 'm.status', 'u.id'])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
/** Confirms the address with the link the sign-up e-mailed. */
async function confirm(email: string) {
  expect((await t.call('POST', '/v1/auth/verify-email', { body: { token: await confirmationToken(t.app, email) } })).status).toBe(200);
}
async function mailTo(to: string) {
  await t.app.services.jobs.runDue();
  return db().selectFrom('devOutbox').selectAll().where('recipient', '=', to).orderBy('id').execute();
}

describe('schools founded in an existing district', () => {
  it('are hidden from the sign-up picker and cannot be picked by id until the super admin approves them', async () => {
    const district = await buildDistrict(t.app);
    const founder = teacher({ districtId: district.id, newSchoolName: `Quiet Creek ${unique()}` });
    await signUp(founder);
    const { schoolId } = await membershipOf(founder.email);
    expect(await db().selectFrom('schools').select('approved').where('id', '=', schoolId).executeTakeFirstOrThrow()).toEqual({ approved: false });
    expect((await t.call('GET', `/v1/districts/${district.id}/schools`)).json.ResponseData).toEqual([]);
    const joiner = teacher({ districtId: district.id, schoolId });
    expect((await t.call('POST', '/v1/auth/sign-up', { body: joiner })).status).toBe(400);

    const superAdmin = await buildUser(t.app, { isSuperAdmin: true });
    const cookie = await sessionFor(t.app, superAdmin.id);
    const pending = await t.call('GET', '/v1/super/pending', { cookie });
    expect(pending.json.ResponseData.schools.map((s: { id: string }) => s.id)).toContain(schoolId);
    const approved = await t.call('POST', `/v1/super/schools/${schoolId}/approval`, { cookie, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.json.ResponseData.schools.map((s: { id: string }) => s.id)).not.toContain(schoolId);
    expect((await t.call('GET', `/v1/districts/${district.id}/schools`)).json.ResponseData.map((s: { id: string }) => s.id)).toEqual([schoolId]);
  });

  it("a new district's first school is visible at once", async () => {
    const founder = teacher({ newDistrictName: `Fresh District ${unique()}`, newSchoolName: 'First School' });
    await signUp(founder);
    const { schoolId } = await membershipOf(founder.email);
    expect(await db().selectFrom('schools').select('approved').where('id', '=', schoolId).executeTakeFirstOrThrow()).toEqual({ approved: true });
  });

  it('only a super admin reads or decides what is pending', async () => {
    const school = await buildSchool(t.app);
    const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const cookie = await sessionFor(t.app, admin.id);
    expect((await t.call('GET', '/v1/super/pending')).status).toBe(401);
    expect((await t.call('GET', '/v1/super/pending', { cookie })).status).toBe(403);
    expect((await t.call('POST', `/v1/super/schools/${school.id}/approval`, { cookie, body: {} })).status).toBe(403);
    const superCookie = await sessionFor(t.app, (await buildUser(t.app, { isSuperAdmin: true })).id);
    expect((await t.call('POST', `/v1/super/schools/${crypto.randomUUID()}/approval`, { cookie: superCookie, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/v1/super/schools/nope/approval', { cookie: superCookie, body: {} })).status).toBe(400);
  });
});

describe('teachers waiting for approval', () => {
  it("once the teacher confirmed their e-mail, the school's admin is e-mailed in their language with a fixed subject that carries nothing the teacher typed (docs/decisions/0607)", async () => {
    const school = await buildSchool(t.app);
    const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true, language: 'es' });
    const body = teacher({ districtId: school.districtId, schoolId: school.id, firstName: 'Click http://evil.example', lastName: 'Now' });
    await signUp(body);
    expect(await mailTo(admin.email!)).toEqual([]);
    await confirm(body.email);
    const mails = await mailTo(admin.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Un docente espera tu aprobación en High5');
    expect(mails[0]!.bodyText).toContain('https://high5.example.test/admin-users');
    expect(mails[0]!.bodyText).not.toContain('evil');
  });

  it("a founder in a paid district is not stranded: the super admins are told, see them, and approve them as the school's admin", async () => {
    const superAdmin = await buildUser(t.app, { isSuperAdmin: true, language: 'en' });
    const paid = await buildDistrict(t.app, { paid: true, whitelistingDomains: ['vetted.example'] });
    const founder = teacher({ districtId: paid.id, newSchoolName: `Paid School ${unique()}` });
    await signUp(founder);
    const member = await membershipOf(founder.email);
    expect(member).toMatchObject({ isAdmin: true, status: 'pending' });
    // Not asked before the address is confirmed; the list says it is not (docs/decisions/0607).
    expect(await mailTo(superAdmin.email!)).toEqual([]);
    const cookie = await sessionFor(t.app, superAdmin.id);
    const before = (await t.call('GET', '/v1/super/pending', { cookie })).json.ResponseData;
    expect(before.people).toContainEqual(expect.objectContaining({ userId: member.id, emailConfirmed: false }));
    await confirm(founder.email);
    const [mail] = await mailTo(superAdmin.email!);
    expect(mail!.subject).toBe('A teacher is waiting for your approval on High5');
    expect(mail!.bodyText).toContain('https://high5.example.test/make-admin');

    const pending = (await t.call('GET', '/v1/super/pending', { cookie })).json.ResponseData;
    expect(pending.people).toContainEqual(
      expect.objectContaining({
        schoolId: member.schoolId,
        userId: member.id,
        email: founder.email,
        role: 'teacher',
        schoolHasAdmin: false,
        emailConfirmed: true,
      }),
    );
    const approved = await t.call('POST', `/v1/super/schools/${member.schoolId}/users/${member.id}/approval`, { cookie, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.json.ResponseData.people.map((p: { userId: string }) => p.userId)).not.toContain(member.id);
    expect(await membershipOf(founder.email)).toMatchObject({ isAdmin: true, status: 'active' });
    expect((await mailTo(founder.email as string)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/approved/));
    // Deciding twice is refused.
    expect((await t.call('POST', `/v1/super/schools/${member.schoolId}/users/${member.id}/approval`, { cookie, body: {} })).status).toBe(409);
  });

  it('the super admin may decline a pending teacher of any school: the membership goes', async () => {
    const school = await buildSchool(t.app);
    const pendingTeacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending' });
    const cookie = await sessionFor(t.app, (await buildUser(t.app, { isSuperAdmin: true })).id);
    const res = await t.call('DELETE', `/v1/super/schools/${school.id}/users/${pendingTeacher.id}/approval`, { cookie, body: {} });
    expect(res.status).toBe(200);
    expect(await db().selectFrom('schoolMemberships').selectAll().where('userId', '=', pendingTeacher.id).execute()).toEqual([]);
  });
});
