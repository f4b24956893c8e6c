import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { auditActions, member, outbox, schoolWithAdmin } from '../test-factories.js';

// Addresses listed before confirmation existed, or never confirmed: the report reaches nobody, and
// every screen and record says so (docs/decisions/0590).
let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

/** Addresses as listed before migration 0100: no link was ever sent, none confirmed. */
async function legacyAddresses(schoolId: string, emails: string[]) {
  await t.app.services.db
    .insertInto('schoolNotificationEmails')
    .values(emails.map((email) => ({ schoolId, email })))
    .execute();
}

const linkOf = (text: string) => /\/v1\/notification-emails\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];

describe('unconfirmed notification addresses', () => {
  it('the configuration shows each address as confirmed or waiting, with when its link was sent', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await legacyAddresses(school.id, ['old@example.test']);
    t.clock.set('2026-10-15T16:00:00Z');
    expect(
      (await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['new@example.test', 'sure@example.test'] } })).status,
    ).toBe(200);
    const sure = (await outbox(t.app)).find((m) => m.recipient === 'sure@example.test')!;
    expect((await t.call('GET', linkOf(sure.bodyText)!)).status).toBe(200);

    const config = await t.call('GET', '/v1/admin/configuration', { cookie });
    expect(config.json.ResponseData.notificationEmails).toEqual(['new@example.test', 'old@example.test', 'sure@example.test']);
    expect(config.json.ResponseData.notificationEmailStates).toEqual([
      { email: 'new@example.test', confirmedAt: null, linkSentAt: '2026-10-15T16:00:00.000Z' },
      { email: 'old@example.test', confirmedAt: null, linkSentAt: null },
      { email: 'sure@example.test', confirmedAt: expect.any(String), linkSentAt: '2026-10-15T16:00:00.000Z' },
    ]);
  });

  it('"Generate" with only unconfirmed addresses answers NOTIFICATION_EMAILS_UNCONFIRMED, sends and records nothing', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await legacyAddresses(school.id, ['a@example.test', 'b@example.test']);
    const res = await t.call('POST', '/v1/admin/mood-report/send', { cookie });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('NOTIFICATION_EMAILS_UNCONFIRMED');
    expect(await outbox(t.app)).toEqual([]);
    expect((await auditActions(t.app, school.id)).map((a) => a.action)).not.toContain('moodReport.send');
  });

  it('the daily job holds the report, records why once a day, and sends it once an address confirms', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await legacyAddresses(school.id, ['a@example.test', 'b@example.test']);
    t.clock.set('2026-10-15T15:00:00Z');
    expect((await t.call('PATCH', '/v1/admin/configuration', { cookie, body: { triggerTime: '08:00' } })).status).toBe(200);
    t.clock.set('2026-10-15T16:00:00Z');
    expect(await outbox(t.app)).toEqual([]);
    t.clock.advance(60_000);
    expect(await outbox(t.app)).toEqual([]);

    const config = (await t.call('GET', '/v1/admin/configuration', { cookie })).json.ResponseData;
    expect(config.lastMoodReportSentOn).toBeNull();
    expect(config.moodReportHeldOn).toBe('2026-10-15');
    const held = (await auditActions(t.app, school.id)).filter((a) => a.action === 'moodReport.held');
    expect(held).toHaveLength(1);
    expect(held[0]!.details).toMatchObject({ reason: 'unconfirmed' });

    // The admin sends the link again; once it is opened, the day's report goes out.
    t.clock.advance(60_000);
    const resent = await t.call('POST', '/v1/admin/configuration/notification-emails/confirmation', { cookie, body: { email: 'a@example.test' } });
    expect(resent.status).toBe(200);
    const [link] = await outbox(t.app);
    expect(link!.recipient).toBe('a@example.test');
    expect((await t.call('GET', linkOf(link!.bodyText)!)).status).toBe(200);
    t.clock.advance(60_000);
    const mail = await outbox(t.app);
    expect(mail.slice(1).map((m) => m.recipient)).toEqual(['a@example.test']);
    const after = (await t.call('GET', '/v1/admin/configuration', { cookie })).json.ResponseData;
    expect(after.lastMoodReportSentOn).toBe(config.moodReportHeldOn);
    expect(after.moodReportHeldOn).toBeNull();
  });
});

describe('POST /admin/configuration/notification-emails/confirmation', () => {
  const path = '/v1/admin/configuration/notification-emails/confirmation';

  it('signed out 401, a teacher 403, a bad body 400', async () => {
    const { school } = await schoolWithAdmin(t.app);
    expect((await t.call('POST', path, { body: { email: 'a@example.test' } })).status).toBe(401);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call('POST', path, { cookie, body: { email: 'a@example.test' } })).status).toBe(403);
    const admin = await schoolWithAdmin(t.app);
    expect((await t.call('POST', path, { cookie: admin.cookie, body: {} })).status).toBe(400);
    expect((await t.call('POST', path, { cookie: admin.cookie, body: { email: 'a@example.test', extra: 1 } })).status).toBe(400);
  });

  it('sends a new link (the old one stops working), audited, then throttles that address for 10 minutes', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    t.clock.set('2026-10-15T16:00:00Z');
    expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['a@example.test'] } })).status).toBe(200);
    const first = linkOf((await outbox(t.app))[0]!.bodyText)!;

    const soon = await t.call('POST', path, { cookie, body: { email: 'a@example.test' } });
    expect(soon.status).toBe(429);
    expect(soon.json.ErrorCode).toBe('CONFIRMATION_SENT_RECENTLY');
    expect(Number(soon.headers['retry-after'])).toBe(600);
    expect(await outbox(t.app)).toHaveLength(1);

    t.clock.advance(600_000);
    const res = await t.call('POST', path, { cookie, body: { email: ' A@Example.test ' } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ email: 'a@example.test', confirmedAt: null, linkSentAt: '2026-10-15T16:10:00.000Z' });
    const mail = await outbox(t.app);
    expect(mail).toHaveLength(2);
    const second = linkOf(mail[1]!.bodyText)!;
    expect(second).not.toBe(first);
    expect((await t.call('GET', first)).status).toBe(404);
    expect((await t.call('GET', second)).status).toBe(200);
    expect(await auditActions(t.app, school.id)).toContainEqual(
      expect.objectContaining({ action: 'configuration.notificationConfirmationResent', actorId: admin.id }),
    );

    // Confirmed: nothing more to send.
    t.clock.advance(600_000);
    const done = await t.call('POST', path, { cookie, body: { email: 'a@example.test' } });
    expect(done.status).toBe(409);
    expect(done.json.ErrorCode).toBe('NOTIFICATION_EMAIL_CONFIRMED');
  });

  it("an address not on this school's list is 404, whether or not another school lists it", async () => {
    const mine = await schoolWithAdmin(t.app);
    const other = await schoolWithAdmin(t.app);
    await legacyAddresses(other.school.id, ['theirs@example.test']);
    const theirs = await t.call('POST', path, { cookie: mine.cookie, body: { email: 'theirs@example.test' } });
    const nobody = await t.call('POST', path, { cookie: mine.cookie, body: { email: 'nobody@example.test' } });
    expect(theirs.status).toBe(404);
    expect(nobody.status).toBe(404);
    expect(theirs.json).toEqual(nobody.json);
    expect(await outbox(t.app)).toEqual([]);
    const row = await t.app.services.db
      .selectFrom('schoolNotificationEmails')
      .select(['confirmTokenHash', 'confirmSentAt'])
      .where('email', '=', 'theirs@example.test')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ confirmTokenHash: null, confirmSentAt: null });
  });
});
