import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, TEST_PASSWORD } from '../../../test/factories.js';
import { BAD_TEXT, buildInvitedUser, lastOutboxId, outbox, resetLimits } from '../test-factories.js';
import { DEVICE_COOKIE } from '../throttle/service.js';
import { MAX_OPEN_SIGN_IN_LINKS, SIGN_IN_LINK_MINUTES } from './service.js';

// A teacher kept out of a new browser: a pupil on the school network keeps the
// teacher's right password answering 429; an e-mailed one-time link lets the owner in.

const SCHOOL_NAT = '203.0.113.9';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetLimits(t.app));

const requestLink = (login: string) => t.call('POST', '/v1/auth/sign-in-link', { body: { login }, remoteAddress: SCHOOL_NAT });
const useLink = (token: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/v1/auth/sign-in-link/use', { body: { token }, remoteAddress: SCHOOL_NAT, headers });
const fromNat = (login: string, password: string, device?: string) =>
  t.call('POST', '/v1/auth/sign-in', { body: { login, password }, remoteAddress: SCHOOL_NAT, headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {} });

/** The tokens of the sign-in links e-mailed to `to` after message `since`, newest first. */
async function linksTo(to: string, since: number) {
  const mails = await outbox(t.app, to, { since });
  return mails.map((m) => {
    const token = /\/sign-in-link#([A-Za-z0-9_-]{43})\b/.exec(m.bodyText)?.[1];
    if (!token) throw new Error(`no sign-in link in: ${m.bodyText}`);
    return { token, mail: m };
  });
}
async function oneLink(to: string, since: number) {
  const [link] = await linksTo(to, since);
  return link!;
}
const deviceOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((c) => new RegExp(`^${DEVICE_COOKIE}=([^;]+)`).exec(c)?.[1])
    .find(Boolean);

describe('a teacher held at 429 by a pupil signs in with an e-mailed link', () => {
  it("the link signs this browser in once; from then on the pupil's failures no longer hold it back", async () => {
    const teacher = await buildUser(t.app, { role: 'teacher', firstName: 'Tess', language: 'es' });
    // The pupil fails on the teacher's account from the school's address until it waits.
    for (let i = 0; i < 12; i++) await fromNat(teacher.email!, 'Wrong-pass1!');
    const held = await fromNat(teacher.email!, TEST_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.json.ErrorCode).toBe('SIGNIN_THROTTLED');

    const since = await lastOutboxId(t.app);
    const asked = await requestLink(` ${teacher.email!.toUpperCase()} `);
    expect(asked.status).toBe(200);
    expect(asked.json).toEqual({ ErrorCode: 'err_0', ResponseData: {}, body: '' });
    const { token, mail } = await oneLink(teacher.email!, since);
    expect(mail.subject).toBe('Tu enlace para iniciar sesión en High5');
    expect(mail.bodyText).toContain('Hola Tess');
    expect(mail.bodyText).toContain(`${SIGN_IN_LINK_MINUTES} minutos`);

    const used = await useLink(token);
    expect(used.status).toBe(200);
    expect(used.json.ResponseData).toMatchObject({ status: 'signed_in', me: { id: teacher.id } });
    expect((await t.call('GET', '/v1/auth/me', { cookie: used.cookie! })).json.ResponseData.id).toBe(teacher.id);
    // Single use.
    const again = await useLink(token);
    expect(again.status).toBe(400);
    expect(again.json.ErrorCode).toBe('CODE_INVALID');

    // This browser is now a known device: the pupil keeps failing, the teacher's password still works here.
    const device = deviceOf(used);
    expect(device).toBeTruthy();
    for (let i = 0; i < 6; i++) await fromNat(teacher.email!, 'Wrong-pass1!');
    expect((await fromNat(teacher.email!, TEST_PASSWORD)).status).toBe(429);
    expect((await fromNat(teacher.email!, TEST_PASSWORD, device)).status).toBe(200);
  });

  it('answers the same for an unknown address and a username, and sends nothing to an account without a confirmed e-mail', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const unconfirmed = await buildUser(t.app, { role: 'teacher' });
    await t.app.services.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', unconfirmed.id).execute();
    const since = await lastOutboxId(t.app);
    const known = await requestLink(teacher.email!);
    for (const login of ['nobody-here@example.test', 'no.such.user', unconfirmed.email!]) {
      const res = await requestLink(login);
      expect(res.status).toBe(known.status);
      expect(res.json).toEqual(known.json);
    }
    expect(await linksTo(teacher.email!, since)).toHaveLength(1);
    expect(await outbox(t.app, 'nobody-here@example.test', { since })).toEqual([]);
    expect(await outbox(t.app, unconfirmed.email!, { since })).toEqual([]);
  });

  it('expires after 15 minutes', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const since = await lastOutboxId(t.app);
    await requestLink(teacher.email!);
    const { token } = await oneLink(teacher.email!, since);
    t.clock.advance(SIGN_IN_LINK_MINUTES * 60_000 + 1000);
    const res = await useLink(token);
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('CODE_EXPIRED');
  });

  it('holds at most 3 usable links per account: asking for more sends nothing, a newer link does not cancel an older one, and using one spends the others', async () => {
    const teacher = await buildUser(t.app, { role: 'teacher' });
    const since = await lastOutboxId(t.app);
    for (let i = 0; i < MAX_OPEN_SIGN_IN_LINKS + 2; i++) expect((await requestLink(teacher.email!)).status).toBe(200);
    const links = await linksTo(teacher.email!, since);
    expect(links).toHaveLength(MAX_OPEN_SIGN_IN_LINKS);
    const oldest = links.at(-1)!;
    expect((await useLink(oldest.token)).status).toBe(200);
    expect((await useLink(links[0]!.token)).json.ErrorCode).toBe('CODE_INVALID');
    // Spent links free the places: the next request sends again.
    const later = await lastOutboxId(t.app);
    await requestLink(teacher.email!);
    expect(await linksTo(teacher.email!, later)).toHaveLength(1);
  });

  it("does not skip the new-password challenge, an expired temporary password or a pending teacher's restrictions", async () => {
    const invited = await buildInvitedUser(t.app, { role: 'parent', tempPassword: 'Temp-pass9!', expiresAt: new Date(t.clock.now().getTime() + 86_400_000) });
    // An invited account's address received its temporary password: it is the owner's.
    await t.app.services.db.updateTable('users').set({ emailVerifiedAt: t.clock.now() }).where('id', '=', invited.id).execute();
    let since = await lastOutboxId(t.app);
    await requestLink(invited.email!);
    const challenged = await useLink((await oneLink(invited.email!, since)).token);
    expect(challenged.json.ResponseData).toEqual({ status: 'new_password_required' });
    const blocked = await t.call('GET', '/v1/profile', { cookie: challenged.cookie! });
    expect(blocked.status).toBe(403);
    expect(blocked.json.ErrorCode).toBe('PASSWORD_CHANGE_REQUIRED');

    const expired = await buildInvitedUser(t.app, { role: 'parent', tempPassword: 'Temp-pass9!', expiresAt: new Date(t.clock.now().getTime() - 1000) });
    since = await lastOutboxId(t.app);
    await requestLink(expired.email!);
    const refused = await useLink((await oneLink(expired.email!, since)).token);
    expect(refused.status).toBe(403);
    expect(refused.json.ErrorCode).toBe('TEMP_PASSWORD_EXPIRED');

    const school = await buildSchool(t.app);
    const pending = await buildUser(t.app, { schoolId: school.id, role: 'teacher', status: 'pending' });
    since = await lastOutboxId(t.app);
    await requestLink(pending.email!);
    const signedIn = await useLink((await oneLink(pending.email!, since)).token);
    expect(signedIn.json.ResponseData.me.school).toMatchObject({ id: school.id, status: 'pending' });
    const restricted = await t.call('GET', '/v1/recognition/recipients?role=student', { cookie: signedIn.cookie! });
    expect(restricted.status).toBe(403);
    expect(restricted.json.ErrorCode).toBe('ACCOUNT_PENDING_APPROVAL');
  });

  it('limits requests per address with RATE_LIMITED and Retry-After; bad input is 400, never 500', async () => {
    t.app.services.rateLimits.override('writes.auth.requestSignInLink', { max: 2, perSeconds: 3600 });
    try {
      expect((await requestLink('a@example.test')).status).toBe(200);
      expect((await requestLink('b@example.test')).status).toBe(200);
      const res = await requestLink('c@example.test');
      expect(res.status).toBe(429);
      expect(res.json.ErrorCode).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    } finally {
      t.app.services.rateLimits.override('writes.auth.requestSignInLink');
    }
    for (const bad of BAD_TEXT) {
      await resetLimits(t.app);
      expect.soft((await t.call('POST', '/v1/auth/sign-in-link', { body: { login: bad } })).status).toBe(400);
      expect.soft((await t.call('POST', '/v1/auth/sign-in-link/use', { body: { token: bad } })).status).toBe(400);
    }
    expect((await useLink('x'.repeat(43))).json.ErrorCode).toBe('CODE_INVALID');
  });
});
