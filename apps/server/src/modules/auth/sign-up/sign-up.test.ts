import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildDistrict, buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { BAD_TEXT, confirmationToken, lastOutboxId, NEW_PASSWORD, outbox, signIn, resetLimits } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://high5.example.test' });
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t.app));

let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
const teacher = (values: Record<string, unknown>) => ({
  role: 'teacher',
  firstName: 'Ana',
  lastName: 'López',
  email: `ana.${unique()}@school.example`,
  password: NEW_PASSWORD,
  language: 'en',
  acceptedTerms: true,
  ...values,
});
const student = (values: Record<string, unknown>) => ({
  role: 'student',
  firstName: 'Leo',
  lastName: 'Pérez',
  emailOrUsername: `leo.${unique()}@school.example`,
  password: NEW_PASSWORD,
  language: 'es',
  acceptedTerms: true,
  ...values,
});
/** Signs up, then runs the job that creates the account (or tells the owner). */
const signUp = async (body: unknown) => {
  const res = await t.call('POST', '/v1/auth/sign-up', { body: body as object });
  await t.app.services.jobs.runDue();
  return res;
};
const db = () => t.app.services.db;
const membershipOf = (email: string) =>
  db()
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.schoolId', 'm.role', 'm.isAdmin', 'm.status', 'u.aeriesUsername', 'u.id'])
    .where('u.email', '=', email)
    .executeTakeFirst();

async function confirmAndSignIn(email: string) {
  const token = await confirmationToken(t.app, email);
  expect((await t.call('POST', '/v1/auth/verify-email', { body: { token } })).status).toBe(200);
  return signIn(t, email, NEW_PASSWORD);
}

describe('pickers', () => {
  it("lists districts and a district's schools with only names and ids", async () => {
    const district = await buildDistrict(t.app, { name: `Zeta ${unique()}`, paid: true, whitelistingDomains: ['secret.example'] });
    const school = await buildSchool(t.app, { districtId: district.id, name: 'Hill Elementary' });
    const list = await t.call('GET', '/v1/districts');
    expect(list.status).toBe(200);
    expect(list.json.ResponseData).toContainEqual({ id: district.id, name: district.name, paid: true, aeries: false });
    // Only an Aeries district asks for the Aeries username (a Clever one asked too).
    for (const kind of ['aeries', 'clever'] as const) {
      const sis = await db()
        .insertInto('districts')
        .values({ name: `${kind} ${unique()}`, kind, paid: true })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      expect((await t.call('GET', '/v1/districts')).json.ResponseData).toContainEqual({ ...sis, paid: true, aeries: kind === 'aeries' });
    }
    expect(JSON.stringify(list.json)).not.toContain('secret.example');
    const schools = await t.call('GET', `/v1/districts/${district.id}/schools`);
    expect(schools.json.ResponseData).toEqual([{ id: school.id, name: 'Hill Elementary' }]);
    expect((await t.call('GET', `/v1/districts/${crypto.randomUUID()}/schools`)).status).toBe(404);
    expect((await t.call('GET', '/v1/districts/not-a-uuid/schools')).status).toBe(400);
    expect((await t.call('GET', `/v1/districts/${'x'.repeat(150)}/schools`)).status).toBe(400);
  });
});

describe('teacher sign-up', () => {
  it('with an existing school: e-mails a link, cannot sign in before confirming, then waits for the admin (pending)', async () => {
    const school = await buildSchool(t.app);
    const body = teacher({ districtId: school.districtId, schoolId: school.id, email: `  Ana.${unique()}@School.Example ` });
    const email = body.email.trim().toLowerCase();
    const res = await signUp(body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ErrorCode: 'err_0', ResponseData: { status: 'verify_email' }, body: '' });
    expect(res.cookie).toBeUndefined();
    const [mail] = await outbox(t.app, email);
    expect(mail!.subject).toBe('Confirm your e-mail address for High5');
    expect(mail!.bodyText).toMatch(/https:\/\/high5\.example\.test\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    expect((await signIn(t, email, NEW_PASSWORD)).status).toBe(401);
    const signedIn = await confirmAndSignIn(email);
    expect(signedIn.json.ResponseData.me).toMatchObject({ role: 'teacher', isAdmin: false, school: { id: school.id, status: 'pending' } });
    expect(await membershipOf(email)).toMatchObject({ role: 'teacher', isAdmin: false, status: 'pending' });
  });

  it("with an e-mail on the district's whitelisting domains: active at once", async () => {
    const district = await buildDistrict(t.app, { whitelistingDomains: ['school.example'] });
    const school = await buildSchool(t.app, { districtId: district.id });
    const body = teacher({ districtId: district.id, schoolId: school.id });
    expect((await signUp(body)).status).toBe(200);
    expect(await membershipOf(body.email)).toMatchObject({ status: 'active', isAdmin: false });
  });

  it('with a new district and a new school: both created, the founder is the active admin', async () => {
    const districtName = `New District ${unique()}`;
    const body = teacher({ newDistrictName: districtName, newSchoolName: 'Brand New Middle', aeriesUsername: 'dropped' });
    expect((await signUp(body)).json.ResponseData).toEqual({ status: 'verify_email' });
    const district = await db().selectFrom('districts').selectAll().where('name', '=', districtName).executeTakeFirstOrThrow();
    const school = await db().selectFrom('schools').selectAll().where('districtId', '=', district.id).executeTakeFirstOrThrow();
    expect(school.name).toBe('Brand New Middle');
    expect(await membershipOf(body.email)).toMatchObject({ schoolId: school.id, isAdmin: true, status: 'active', aeriesUsername: null });
    const signedIn = await confirmAndSignIn(body.email);
    expect(signedIn.json.ResponseData.me).toMatchObject({ isAdmin: true, school: { name: 'Brand New Middle', status: 'active' } });
  });

  it('with a new school in an existing district; a "new" name that exists joins that school instead', async () => {
    const district = await buildDistrict(t.app);
    const founder = teacher({ districtId: district.id, newSchoolName: 'Oak Park High' });
    await signUp(founder);
    const created = await membershipOf(founder.email);
    expect(created).toMatchObject({ isAdmin: true, status: 'active' });
    const second = teacher({ districtId: district.id, newSchoolName: '  oak PARK high ' });
    await signUp(second);
    expect(await membershipOf(second.email)).toMatchObject({ schoolId: created!.schoolId, isAdmin: false, status: 'pending' });
  });

  it('in a paid district, a founder outside the whitelist waits for approval', async () => {
    const paid = await buildDistrict(t.app, { paid: true, whitelistingDomains: ['vetted.example'] });
    const outsider = teacher({ districtId: paid.id, newSchoolName: `Paid School ${unique()}` });
    const insider = teacher({ districtId: paid.id, newSchoolName: `Paid School ${unique()}`, email: `t.${unique()}@vetted.example` });
    await signUp(outsider);
    await signUp(insider);
    expect(await membershipOf(outsider.email)).toMatchObject({ isAdmin: true, status: 'pending' });
    expect(await membershipOf(insider.email)).toMatchObject({ isAdmin: true, status: 'active' });
  });

  it('keeps the Aeries username only in a paid district', async () => {
    const paid = await buildSchool(t.app, { paid: true });
    const free = await buildSchool(t.app);
    const a = teacher({ districtId: paid.districtId, schoolId: paid.id, aeriesUsername: ' aeries.ana ' });
    const b = teacher({ districtId: free.districtId, schoolId: free.id, aeriesUsername: 'aeries.bob' });
    await signUp(a);
    await signUp(b);
    expect((await membershipOf(a.email))!.aeriesUsername).toBe('aeries.ana');
    expect((await membershipOf(b.email))!.aeriesUsername).toBeNull();
  });

  it('refuses unknown or mismatched districts and schools, and both or neither of id and new name', async () => {
    const school = await buildSchool(t.app);
    const other = await buildSchool(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ districtId: crypto.randomUUID(), schoolId: school.id }, 'DISTRICT_UNKNOWN'],
      [{ districtId: school.districtId, schoolId: crypto.randomUUID() }, 'SCHOOL_UNKNOWN'],
      [{ districtId: school.districtId, schoolId: other.id }, 'SCHOOL_UNKNOWN'],
      [{ newDistrictName: `X ${unique()}`, schoolId: school.id }, 'SCHOOL_UNKNOWN'],
      [{ districtId: school.districtId }, 'VALIDATION_FAILED'],
      [{ schoolId: school.id }, 'VALIDATION_FAILED'],
      [{ districtId: school.districtId, newDistrictName: 'Both', schoolId: school.id }, 'VALIDATION_FAILED'],
      [{ districtId: school.districtId, schoolId: school.id, newSchoolName: 'Both' }, 'VALIDATION_FAILED'],
    ];
    for (const [values, code] of cases) {
      const res = await signUp(teacher(values));
      expect.soft(res.status, JSON.stringify(values)).toBe(400);
      expect.soft(res.json.ErrorCode, JSON.stringify(values)).toBe(code);
    }
  });
});

describe('student sign-up', () => {
  it('with a class code and an e-mail: enrolled in the class, a member of its school, confirms by link', async () => {
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    const body = student({ classCode: ` ${cls.joiningCode.toLowerCase()} ` });
    expect((await signUp(body)).json.ResponseData).toEqual({ status: 'verify_email' });
    const membership = await membershipOf(body.emailOrUsername);
    expect(membership).toMatchObject({ schoolId: school.id, role: 'student', status: 'active' });
    const enrolment = await db().selectFrom('enrolments').selectAll().where('studentId', '=', membership!.id).execute();
    expect(enrolment.map((e) => e.classId)).toEqual([cls.id]);
    const [mail] = await outbox(t.app, body.emailOrUsername);
    expect(mail!.subject).toBe('Confirma tu correo electrónico en High5');
    const signedIn = await confirmAndSignIn(body.emailOrUsername);
    expect(signedIn.json.ResponseData.me).toMatchObject({ role: 'student', language: 'es', classCount: 1 });
  });

  it('with a username: signed in at once', async () => {
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    const username = `Leo.${unique()}`;
    const res = await signUp(student({ classCode: cls.joiningCode, emailOrUsername: username }));
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.status).toBe('signed_in');
    expect(res.json.ResponseData.me).toMatchObject({
      username: username.toLowerCase(),
      email: null,
      role: 'student',
      classCount: 1,
      school: { id: school.id },
    });
    expect((await t.call('GET', '/v1/auth/me', { cookie: res.cookie! })).status).toBe(200);
    expect((await signIn(t, username.toUpperCase(), NEW_PASSWORD)).status).toBe(200);
    const taken = await signUp(student({ classCode: cls.joiningCode, emailOrUsername: username }));
    expect(taken.status).toBe(409);
    expect(taken.json.ErrorCode).toBe('CONFLICT');
  });

  it('refuses an unknown class code and a username with other characters', async () => {
    const unknown = await signUp(student({ classCode: 'NOPE42' }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.ErrorCode).toBe('CLASS_CODE_UNKNOWN');
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    for (const emailOrUsername of ['leo pérez', 'a/b', 'x'.repeat(65), 'no@domain']) {
      const res = await signUp(student({ classCode: cls.joiningCode, emailOrUsername }));
      expect.soft(res.status, emailOrUsername).toBe(400);
    }
  });
});

describe('taken e-mail addresses', () => {
  it('answers exactly like a new sign-up and tells the owner instead', async () => {
    const school = await buildSchool(t.app);
    const existing = await buildUser(t.app, { language: 'es', firstName: 'Marta' });
    const fresh = await signUp(teacher({ districtId: school.districtId, schoolId: school.id }));
    const taken = await signUp(
      teacher({ districtId: school.districtId, schoolId: school.id, email: existing.email!.toUpperCase(), password: 'Another-pass7!' }),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    const [mail] = await outbox(t.app, existing.email!);
    expect(mail!.subject).toBe('Alguien intentó registrarse en High5 con tu dirección');
    expect(mail!.bodyText).toContain('Hola Marta');
    expect(mail!.bodyText).toContain('https://high5.example.test/forgotpassword');
    // Nothing about the account changed.
    expect((await signIn(t, existing.email!, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(t, existing.email!, 'Another-pass7!')).status).toBe(401);
    const memberships = await db().selectFrom('schoolMemberships').select('schoolId').where('userId', '=', existing.id).execute();
    expect(memberships.map((m) => m.schoolId)).not.toContain(school.id);
  });

  it('when the address was never confirmed, the owner gets a fresh link for the existing account', async () => {
    const school = await buildSchool(t.app);
    const first = teacher({ districtId: school.districtId, schoolId: school.id });
    await signUp(first);
    const oldToken = await confirmationToken(t.app, first.email);
    const since = await lastOutboxId(t.app);
    await signUp({ ...first, password: 'Another-pass7!' });
    const newToken = await confirmationToken(t.app, first.email, since);
    expect(newToken).not.toBe(oldToken);
    expect((await t.call('POST', '/v1/auth/verify-email', { body: { token: oldToken } })).json.ErrorCode).toBe('CODE_INVALID');
    expect((await t.call('POST', '/v1/auth/verify-email', { body: { token: newToken } })).status).toBe(200);
    expect((await signIn(t, first.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('password rules at sign-up', () => {
  it('refuses weak and common passwords, and unticked terms', async () => {
    const school = await buildSchool(t.app);
    const base = { districtId: school.districtId, schoolId: school.id };
    const weak = await signUp(teacher({ ...base, password: 'short1!' }));
    expect(weak.status).toBe(400);
    expect(weak.json.issues).toContainEqual({ path: 'body.password', code: 'PASSWORD_TOO_WEAK' });
    const common = await signUp(teacher({ ...base, password: 'Password1!' }));
    expect(common.status).toBe(400);
    expect(common.json.ErrorCode).toBe('PASSWORD_TOO_COMMON');
    expect((await signUp(teacher({ ...base, password: 'Qwerty123!' }))).json.ErrorCode).toBe('PASSWORD_TOO_COMMON');
    expect((await signUp(teacher({ ...base, acceptedTerms: false }))).status).toBe(400);
  });

  it('refuses bad input in every field with 400, never 500', async () => {
    const school = await buildSchool(t.app);
    const good = teacher({ districtId: school.districtId, schoolId: school.id });
    for (const key of ['firstName', 'lastName', 'email', 'password', 'language', 'districtId', 'schoolId', 'role']) {
      for (const bad of BAD_TEXT) {
        const res = await signUp({ ...good, [key]: bad });
        expect.soft(res.status, `${key}=${JSON.stringify(bad)?.slice(0, 30)}`).toBe(400);
      }
    }
    const kid = student({ classCode: 'ABCDEF' });
    for (const key of ['emailOrUsername', 'classCode']) {
      for (const bad of BAD_TEXT) expect.soft((await signUp({ ...kid, [key]: bad })).status, key).toBe(400);
    }
    expect((await signUp(undefined)).status).toBe(400);
    expect((await signUp({ ...good, newSchoolName: 'x'.repeat(121), schoolId: undefined })).status).toBe(400);
  });
});

describe('auth.verifyEmail', () => {
  it('refuses unknown tokens; an expired link answers CODE_EXPIRED and e-mails a fresh one; a second click is fine', async () => {
    const school = await buildSchool(t.app);
    const body = teacher({ districtId: school.districtId, schoolId: school.id });
    await signUp(body);
    const token = await confirmationToken(t.app, body.email);
    expect((await t.call('POST', '/v1/auth/verify-email', { body: { token: 'A'.repeat(43) } })).json.ErrorCode).toBe('CODE_INVALID');
    t.clock.advance(24 * 3_600_000 + 1000);
    const since = await lastOutboxId(t.app);
    const expired = await t.call('POST', '/v1/auth/verify-email', { body: { token } });
    expect(expired.status).toBe(400);
    expect(expired.json.ErrorCode).toBe('CODE_EXPIRED');
    const fresh = await confirmationToken(t.app, body.email, since);
    expect(fresh).not.toBe(token);
    expect((await t.call('POST', '/v1/auth/verify-email', { body: { token: fresh } })).status).toBe(200);
    expect((await t.call('POST', '/v1/auth/verify-email', { body: { token: fresh } })).status).toBe(200);
    for (const bad of [...BAD_TEXT, 'short', 'x'.repeat(201)])
      expect.soft((await t.call('POST', '/v1/auth/verify-email', { body: { token: bad } })).status).toBe(400);
  });
});

describe('auth.setup', () => {
  async function userWithoutSchool(email: string | null = `g.${unique()}@gmail.example`) {
    const user = await db()
      .insertInto('users')
      .values({ email, googleSub: `sub-${unique()}`, firstName: 'Gina', emailVerifiedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: user.id, cookie: await sessionFor(t.app, user.id) };
  }

  it('makes a teacher of an existing school (pending unless whitelisted)', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await userWithoutSchool();
    const me = await t.call('GET', '/v1/auth/me', { cookie });
    expect(me.json.ResponseData).toMatchObject({ role: null, school: null, hasPassword: false });
    const res = await t.call('POST', '/v1/auth/setup', { cookie, body: { role: 'teacher', schoolId: school.id } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toMatchObject({ role: 'teacher', school: { id: school.id, status: 'pending' } });
    const again = await t.call('POST', '/v1/auth/setup', { cookie, body: { role: 'teacher', schoolId: school.id } });
    expect(again.status).toBe(409);
    const district = await buildDistrict(t.app, { whitelistingDomains: ['@District.Example'] });
    const white = await buildSchool(t.app, { districtId: district.id });
    const other = await userWithoutSchool(`w.${unique()}@district.example`);
    const active = await t.call('POST', '/v1/auth/setup', { cookie: other.cookie, body: { role: 'teacher', schoolId: white.id } });
    expect(active.json.ResponseData.school.status).toBe('active');
  });

  it('makes a student of a class by its code', async () => {
    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const cls = await buildClass(t.app, { schoolId: school.id, ownerId: owner.id });
    const { cookie } = await userWithoutSchool();
    expect((await t.call('POST', '/v1/auth/setup', { cookie, body: { role: 'student', classCode: 'ZZZZZZ' } })).json.ErrorCode).toBe('CLASS_CODE_UNKNOWN');
    const res = await t.call('POST', '/v1/auth/setup', { cookie, body: { role: 'student', classCode: cls.joiningCode.toLowerCase() } });
    expect(res.json.ResponseData).toMatchObject({ role: 'student', classCount: 1, school: { id: school.id, status: 'active' } });
  });

  it('refuses users who have a school, bad input and no session', async () => {
    const member = await buildUser(t.app);
    const school = await buildSchool(t.app);
    const cookie = await sessionFor(t.app, member.id);
    expect((await t.call('POST', '/v1/auth/setup', { cookie, body: { role: 'teacher', schoolId: school.id } })).status).toBe(409);
    const fresh = await userWithoutSchool();
    expect((await t.call('POST', '/v1/auth/setup', { cookie: fresh.cookie, body: { role: 'teacher', schoolId: crypto.randomUUID() } })).json.ErrorCode).toBe(
      'SCHOOL_UNKNOWN',
    );
    const bodies: unknown[] = [{}, { role: 'parent', schoolId: school.id }, { role: 'teacher' }, { role: 'student' }, { role: 'teacher', classCode: 'ABCDEF' }];
    for (const bad of BAD_TEXT) bodies.push({ role: 'teacher', schoolId: bad }, { role: 'student', classCode: bad });
    for (const body of bodies)
      expect
        .soft((await t.call('POST', '/v1/auth/setup', { cookie: fresh.cookie, body: body as object })).status, JSON.stringify(body)?.slice(0, 60))
        .toBe(400);
    expect((await t.call('POST', '/v1/auth/setup', { body: { role: 'teacher', schoolId: school.id } })).status).toBe(401);
  });
});
