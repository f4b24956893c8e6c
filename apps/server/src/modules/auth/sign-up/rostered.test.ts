import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildDistrict, buildSchool, buildUser, TEST_PASSWORD } from '../../../test/factories.js';
import { buildInvitedUser, NEW_PASSWORD, outbox, resetLimits, signIn } from '../test-factories.js';

// A teacher whose school rostered them signs up with that address (decision 0536).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://high5.example.test' });
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t.app));

let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
const db = () => t.app.services.db;
const TYPED = 'Typed-at-signup-9!';

/** A teacher a sync made: no password, address never confirmed, a rostered membership. */
async function rosteredTeacher(status: 'active' | 'inactive' = 'active') {
  const district = await buildDistrict(t.app, { paid: true });
  const school = await buildSchool(t.app, { districtId: district.id, name: `Roster High ${unique()}` });
  const user = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Rosa', email: `rosa.${unique()}@district.example` });
  await db().updateTable('users').set({ passwordHash: null, emailVerifiedAt: null }).where('id', '=', user.id).execute();
  await db().updateTable('schoolMemberships').set({ rostered: true, status }).where('userId', '=', user.id).execute();
  return { school, user, email: user.email! };
}

const signUp = async (values: Record<string, unknown>) => {
  const body = { role: 'teacher', firstName: 'Rosa', lastName: 'Típica', password: TYPED, language: 'en', acceptedTerms: true, ...values };
  const res = await t.call('POST', '/v1/auth/sign-up', { body });
  await t.app.services.jobs.runDue();
  return res;
};
const linkToken = (body: string) => /\/reset-link#([A-Za-z0-9_-]+)/.exec(body)?.[1];

describe('signing up with the address of a rostered account', () => {
  it('mails a link to choose the password; after it, the teacher signs in to the rostered account (the typed password was never kept)', async () => {
    const r = await rosteredTeacher();
    const res = await signUp({ email: r.email, districtId: r.school.districtId, schoolId: r.school.id });
    expect(res.json.ResponseData).toEqual({ status: 'verify_email' });
    const [mail] = await outbox(t.app, r.email);
    expect(mail!.subject).toBe('Choose your High5 password');
    expect(mail!.bodyText).toContain(r.school.name);
    expect(mail!.bodyText).not.toContain('verify-email');
    const token = linkToken(mail!.bodyText)!;
    expect(token).toBeTruthy();
    // Someone who only typed the address cannot sign in with what they typed.
    expect((await signIn(t, r.email, TYPED)).status).toBe(401);

    expect((await t.call('POST', '/v1/auth/reset-link', { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
    const signedIn = await signIn(t, r.email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.ResponseData.me.id).toBe(r.user.id);
    expect((await signIn(t, r.email, TYPED)).status).toBe(401);
    const account = await db().selectFrom('users').select(['emailVerifiedAt']).where('id', '=', r.user.id).executeTakeFirstOrThrow();
    expect(account.emailVerifiedAt).not.toBeNull();
    // Still one account, in its rostered school.
    expect(await db().selectFrom('users').select('id').where('email', '=', r.email).execute()).toHaveLength(1);
    const memberships = await db().selectFrom('schoolMemberships').select(['schoolId', 'status', 'rostered']).where('userId', '=', r.user.id).execute();
    expect(memberships).toEqual([{ schoolId: r.school.id, status: 'active', rostered: true }]);
  });

  it('answers exactly as a new sign-up does; signing up for another school names the school that has the account', async () => {
    const r = await rosteredTeacher();
    const other = await buildSchool(t.app);
    const fresh = await signUp({ email: `new.${unique()}@x.example`, districtId: other.districtId, schoolId: other.id });
    const taken = await signUp({ email: r.email.toUpperCase(), districtId: other.districtId, schoolId: other.id, language: 'es' });
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    const [mail] = await outbox(t.app, r.email);
    expect(mail!.subject).toBe('Elige tu contraseña de High5');
    expect(mail!.bodyText).toContain(r.school.name);
    const memberships = await db().selectFrom('schoolMemberships').select('schoolId').where('userId', '=', r.user.id).execute();
    expect(memberships.map((m) => m.schoolId)).toEqual([r.school.id]);
  });

  it('an invited account that never chose its password gets the same link; its temporary password keeps working until the link is used', async () => {
    const school = await buildSchool(t.app);
    const invited = await buildInvitedUser(t.app, {
      schoolId: school.id,
      role: 'staff',
      email: `inv.${unique()}@x.example`,
      tempPassword: 'Temp-pass-123!',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await signUp({ email: invited.email, districtId: school.districtId, schoolId: school.id });
    const [mail] = await outbox(t.app, invited.email!);
    expect(linkToken(mail!.bodyText)).toBeTruthy();
  });

  it('an account every school has deactivated gets no link, and the registered owner still gets the usual notice', async () => {
    const gone = await rosteredTeacher('inactive');
    await signUp({ email: gone.email, districtId: gone.school.districtId, schoolId: gone.school.id });
    expect(await outbox(t.app, gone.email)).toHaveLength(0);

    const school = await buildSchool(t.app);
    const owner = await buildUser(t.app, { schoolId: school.id });
    await signUp({ email: owner.email, districtId: school.districtId, schoolId: school.id });
    const [mail] = await outbox(t.app, owner.email!);
    expect(mail!.subject).toBe('Someone tried to sign up to High5 with your address');
    expect((await signIn(t, owner.email!, TEST_PASSWORD)).status).toBe(200);
  });
});
