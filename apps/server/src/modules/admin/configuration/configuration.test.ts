import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool } from '../../../test/factories.js';
import { auditActions, member, schoolWithAdmin } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /admin/configuration', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('GET', '/v1/admin/configuration')).status).toBe(401);
  });

  it('when the caller is staff without the admin flag, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'staff' });
    expect((await t.call('GET', '/v1/admin/configuration', { cookie })).status).toBe(403);
  });

  it("answers the current school's defaults", async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('GET', '/v1/admin/configuration', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({
      schoolName: school.name,
      timeZone: 'America/Los_Angeles',
      triggerTime: '07:00',
      notificationEmails: [],
      notificationEmailStates: [],
      high5Vibes: true,
      high5NotifyEmail: false,
      promptMoodmeter: true,
      moodmeterMessages: { en: { message1: '', message2: '' }, es: { message1: '', message2: '' } },
      urls: { programIep: '', program504: '', language: '', studentDocument: '' },
      lastMoodReportSentOn: null,
      moodReportHeldOn: null,
      paid: false,
      notYetDays: 10,
    });
  });
});

describe('PATCH /admin/configuration', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('PATCH', '/v1/admin/configuration', { body: { high5Vibes: false } })).status).toBe(401);
  });

  it('when a non-admin teacher changes a setting, it answers 403 and nothing changes', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call('PATCH', '/v1/admin/configuration', { cookie, body: { high5Vibes: false } })).status).toBe(403);
    const row = await t.app.services.db.selectFrom('schools').select('high5Vibes').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(row.high5Vibes).toBe(true);
  });

  it.each([
    ['an empty body', {}],
    ['a 12-hour time', { triggerTime: '7:00 PM' }],
    ['an hour past 23', { triggerTime: '24:00' }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
    ['a javascript: URL', { urls: { programIep: 'javascript:alert(1)', program504: '', language: '', studentDocument: '' } }],
    ['a relative URL', { urls: { programIep: '/iep', program504: '', language: '', studentDocument: '' } }],
    ['a message over 300 characters', { moodmeterMessages: { en: { message1: 'x'.repeat(301), message2: '' }, es: { message1: '', message2: '' } } }],
    ['an unknown setting', { dailyGiveLimit: 3 }],
  ])('when the body has %s, it answers 400', async (_label, body) => {
    const { cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('PATCH', '/v1/admin/configuration', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it('saves switches, trigger time and time zone, URLs and messages of the current school only, and records each change', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const other = await buildSchool(t.app);
    const steps = [
      { high5Vibes: false, high5NotifyEmail: true },
      { triggerTime: '15:45', timeZone: 'America/New_York' },
      { promptMoodmeter: false },
      {
        urls: {
          programIep: 'https://iep.example.test/plan',
          program504: 'http://504.example.test',
          language: '',
          studentDocument: ' https://docs.example.test ',
        },
      },
      { moodmeterMessages: { en: { message1: 'How are you?', message2: '' }, es: { message1: '', message2: 'Estamos aquí' } } },
    ];
    let last;
    for (const body of steps) {
      last = await t.call('PATCH', '/v1/admin/configuration', { cookie, body });
      expect(last.status).toBe(200);
    }
    expect(last!.json.ResponseData).toMatchObject({
      high5Vibes: false,
      high5NotifyEmail: true,
      triggerTime: '15:45',
      timeZone: 'America/New_York',
      promptMoodmeter: false,
      urls: { programIep: 'https://iep.example.test/plan', program504: 'http://504.example.test', language: '', studentDocument: 'https://docs.example.test' },
      // A message missing in one language is copied from the other.
      moodmeterMessages: { en: { message1: 'How are you?', message2: 'Estamos aquí' }, es: { message1: 'How are you?', message2: 'Estamos aquí' } },
    });
    const untouched = await t.app.services.db.selectFrom('schools').select(['high5Vibes', 'triggerTime']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ high5Vibes: true, triggerTime: '07:00:00' });
    const audits = (await auditActions(t.app, school.id)).filter((a) => a.action === 'configuration.update');
    expect(audits).toHaveLength(steps.length);
    expect(audits[0]).toMatchObject({ actorId: admin.id, details: { high5Vibes: false, high5NotifyEmail: true } });
  });

  it('clearing a URL stores nothing for it', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const urls = { programIep: 'https://a.example.test', program504: '', language: '', studentDocument: '' };
    await t.call('PATCH', '/v1/admin/configuration', { cookie, body: { urls } });
    const res = await t.call('PATCH', '/v1/admin/configuration', { cookie, body: { urls: { ...urls, programIep: '' } } });
    expect(res.json.ResponseData.urls.programIep).toBe('');
  });
});

describe('PUT /admin/configuration/notification-emails', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { body: { add: ['a@example.test'] } })).status).toBe(401);
  });

  it('when a non-admin calls it, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['a@example.test'] } })).status).toBe(403);
  });

  it('when an address is not an e-mail, or nothing changes, it answers 400', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['nope'] } })).status).toBe(400);
    expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: {} })).status).toBe(400);
  });

  it('adds (lower case, once) and removes addresses, and records it', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    let res = await t.call('PUT', '/v1/admin/configuration/notification-emails', {
      cookie,
      body: { add: ['Counselor@Example.test', 'nurse@example.test', 'counselor@example.test'] },
    });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual(['counselor@example.test', 'nurse@example.test']);
    res = await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { remove: ['NURSE@example.test'] } });
    expect(res.json.ResponseData).toEqual(['counselor@example.test']);
    expect((await auditActions(t.app, school.id)).filter((a) => a.action === 'configuration.notificationEmails')).toHaveLength(2);
  });

  it('when an address is already on the list (any case), it answers 409 NOTIFICATION_EMAIL_EXISTS and changes nothing', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['counselor@example.test'] } });
    const res = await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['Counselor@Example.test', 'new@example.test'] } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('NOTIFICATION_EMAIL_EXISTS');
    expect((await t.call('GET', '/v1/admin/configuration', { cookie })).json.ResponseData.notificationEmails).toEqual(['counselor@example.test']);
    expect((await auditActions(t.app, school.id)).filter((a) => a.action === 'configuration.notificationEmails')).toHaveLength(1);
  });

  it('when more than 20 addresses would be configured, it answers 400 TOO_MANY_NOTIFICATION_EMAILS and keeps the list', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const twenty = Array.from({ length: 20 }, (_, i) => `n${i}@example.test`);
    expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: twenty } })).status).toBe(200);
    const res = await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: ['one-more@example.test'] } });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('TOO_MANY_NOTIFICATION_EMAILS');
    expect((await t.call('GET', '/v1/admin/configuration', { cookie })).json.ResponseData.notificationEmails).toHaveLength(20);
  });

  it("an admin of another school does not see or change this school's list", async () => {
    const first = await schoolWithAdmin(t.app);
    const second = await schoolWithAdmin(t.app);
    await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie: first.cookie, body: { add: ['first@example.test'] } });
    await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie: second.cookie, body: { remove: ['first@example.test'] } });
    expect((await t.call('GET', '/v1/admin/configuration', { cookie: first.cookie })).json.ResponseData.notificationEmails).toEqual(['first@example.test']);
    expect((await t.call('GET', '/v1/admin/configuration', { cookie: second.cookie })).json.ResponseData.notificationEmails).toEqual([]);
  });
});
