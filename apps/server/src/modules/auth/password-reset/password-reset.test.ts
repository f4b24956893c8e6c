import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { BAD_TEXT, buildInvitedUser, NEW_PASSWORD, signIn, resetLimits } from '../test-factories.js';

let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => resetLimits(t.app));

const forgot = (email: string) => t.call('POST', '/v1/auth/forgot-password', { body: { email } });
const reset = (email: string, code: string, newPassword = NEW_PASSWORD) => t.call('POST', '/v1/auth/reset-password', { body: { email, code, newPassword } });

/** Requests a code and reads it from the real SMTP server. */
async function requestCode(email: string) {
  expect((await forgot(email)).status).toBe(200);
  await t.app.services.jobs.runDue();
  const mail = await smtp.next(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return { code, mail };
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('forgot password', () => {
  it("e-mails a 6-digit code in the user's language; the code sets the password and ends every session", async () => {
    const user = await buildUser(t.app, { language: 'es', firstName: 'Sofía' });
    const session = await sessionFor(t.app, user.id);
    const { code, mail } = await requestCode(`  ${user.email!.toUpperCase()} `);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Tu código de verificación de High5');
    expect(mail.text).toContain('Hola Sofía');
    expect(mail.text).toContain('60 minutos');
    const res = await reset(user.email!, code);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ErrorCode: 'err_0', ResponseData: {}, body: '' });
    expect((await t.call('GET', '/v1/auth/me', { cookie: session })).status).toBe(401);
    expect((await signIn(t, user.email!, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(t, user.email!, NEW_PASSWORD)).status).toBe(200);
    // Single use.
    const again = await reset(user.email!, code, 'Other-Harbor-43!');
    expect(again.status).toBe(400);
    expect(again.json.ErrorCode).toBe('CODE_INVALID');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const user = await buildUser(t.app);
    const known = await forgot(user.email!);
    const unknown = await forgot('nobody-here@example.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    await t.app.services.jobs.runDue();
    await smtp.next(user.email!);
    expect(smtp.to('nobody-here@example.test')).toEqual([]);
  });

  it('sends nothing to an account every school has deactivated, answering the same', async () => {
    const user = await buildUser(t.app);
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'inactive' }).where('userId', '=', user.id).execute();
    const res = await forgot(user.email!);
    expect(res.status).toBe(200);
    await t.app.services.jobs.runDue();
    // A second address's code arrives after the job ran: by then nothing went to the deactivated one.
    const other = await buildUser(t.app);
    await requestCode(other.email!);
    expect(smtp.to(user.email!)).toEqual([]);
  });

  it('kills the code at the fifth wrong entry', async () => {
    const user = await buildUser(t.app);
    const { code } = await requestCode(user.email!);
    for (let i = 0; i < 5; i++) {
      const res = await reset(user.email!, otherCode(code));
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('CODE_INVALID');
    }
    expect((await reset(user.email!, code)).json.ErrorCode).toBe('CODE_INVALID');
    expect((await signIn(t, user.email!, TEST_PASSWORD)).status).toBe(200);
  });

  it('survives four wrong entries', async () => {
    const user = await buildUser(t.app);
    const { code } = await requestCode(user.email!);
    for (let i = 0; i < 4; i++) expect((await reset(user.email!, otherCode(code))).status).toBe(400);
    expect((await reset(user.email!, code)).status).toBe(200);
  });

  it('expires after 60 minutes', async () => {
    const user = await buildUser(t.app);
    const { code } = await requestCode(user.email!);
    t.clock.advance(60 * 60_000 + 1000);
    const res = await reset(user.email!, code);
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('CODE_EXPIRED');
  });

  it('works until the end of the 60 minutes', async () => {
    const user = await buildUser(t.app);
    const { code } = await requestCode(user.email!);
    t.clock.advance(59 * 60_000);
    expect((await reset(user.email!, code)).status).toBe(200);
  });

  it('a new request cancels the older code', async () => {
    const user = await buildUser(t.app);
    const first = await requestCode(user.email!);
    const second = await requestCode(user.email!);
    if (first.code !== second.code) expect((await reset(user.email!, first.code)).json.ErrorCode).toBe('CODE_INVALID');
    expect((await reset(user.email!, second.code)).status).toBe(200);
  });

  it('sends at most 5 codes an hour to an account; further requests answer the same and send nothing', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 7; i++) expect((await forgot(user.email!)).json).toEqual({ ErrorCode: 'err_0', ResponseData: {}, body: '' });
    await t.app.services.jobs.runDue();
    for (let i = 0; i < 5; i++) await smtp.next(user.email!);
    await expect(smtp.next(user.email!, 300)).rejects.toThrow(/no mail/);
    t.clock.advance(61 * 60_000);
    await requestCode(user.email!);
  });

  it('clears the new-password challenge and confirms the address', async () => {
    const user = await buildInvitedUser(t.app, { tempPassword: 'Temp-pass9!', expiresAt: new Date(t.clock.now().getTime() - 1000) });
    const { code } = await requestCode(user.email!);
    expect((await reset(user.email!, code)).status).toBe(200);
    const res = await signIn(t, user.email!, NEW_PASSWORD);
    expect(res.json.ResponseData).toMatchObject({ status: 'signed_in', me: { mustChangePassword: false } });
  });

  it('refuses weak and common new passwords without using up the code', async () => {
    const user = await buildUser(t.app);
    const { code } = await requestCode(user.email!);
    expect((await reset(user.email!, code, 'weak')).status).toBe(400);
    const common = await reset(user.email!, code, 'Password1!');
    expect(common.json.ErrorCode).toBe('PASSWORD_TOO_COMMON');
    expect((await reset(user.email!, code)).status).toBe(200);
  });

  it('limits requests per address with RATE_LIMITED and Retry-After', async () => {
    t.app.services.rateLimits.override('writes.auth.forgotPassword', { max: 2, perSeconds: 3600 });
    try {
      expect((await forgot('a@example.test')).status).toBe(200);
      expect((await forgot('b@example.test')).status).toBe(200);
      const res = await forgot('c@example.test');
      expect(res.status).toBe(429);
      expect(res.json.ErrorCode).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    } finally {
      t.app.services.rateLimits.override('writes.auth.forgotPassword');
    }
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const email of [...BAD_TEXT, 'not-an-email', `${'x'.repeat(250)}@example.test`]) {
      expect.soft((await t.call('POST', '/v1/auth/forgot-password', { body: { email } })).status).toBe(400);
    }
    const good = { email: 'a@example.test', code: '123456', newPassword: NEW_PASSWORD };
    for (const bad of [...BAD_TEXT, '12345', '1234567', 'abcdef']) {
      // Malformed requests count against the address's 30 code entries too: start each round afresh.
      await resetLimits(t.app);
      expect.soft((await t.call('POST', '/v1/auth/reset-password', { body: { ...good, code: bad } })).status).toBe(400);
      expect.soft((await t.call('POST', '/v1/auth/reset-password', { body: { ...good, newPassword: bad } })).status).toBe(400);
      expect.soft((await t.call('POST', '/v1/auth/reset-password', { body: { ...good, email: bad } })).status).toBe(400);
    }
    expect((await t.call('POST', '/v1/auth/reset-password', { body: good })).json.ErrorCode).toBe('CODE_INVALID');
  });
});
