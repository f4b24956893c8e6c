import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser } from '../../../test/factories.js';
import { auditActions, checkIn, member, outbox, schoolWithAdmin } from '../test-factories.js';
import { Jobs } from '../../../services/jobs.js';
import { MOOD_REPORT_TICK, runMoodReportTick } from './service.js';

let t: TestApp;

const ticks = () => t.app.services.db.selectFrom('jobs').select(['id', 'runAt']).where('kind', '=', MOOD_REPORT_TICK).orderBy('id').execute();

/**
 * Opens the confirmation link of each new address straight from the queued e-mails, and drops
 * those (running the jobs would also run the day's report before the addresses confirmed).
 */
async function confirmAll() {
  const queued = await t.app.services.db.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', 'mail.send').where('doneAt', 'is', null).execute();
  for (const job of queued) {
    const text = String((job.payload as { text?: string }).text ?? '');
    const path = /\/v1\/notification-emails\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!path) continue;
    expect((await t.call('GET', path)).status).toBe(200);
    await t.app.services.db.deleteFrom('jobs').where('id', '=', job.id).execute();
  }
}

async function configure(cookie: string, body: Record<string, unknown>, emails: string[], confirm = true) {
  expect((await t.call('PATCH', '/v1/admin/configuration', { cookie, body })).status).toBe(200);
  expect((await t.call('PUT', '/v1/admin/configuration/notification-emails', { cookie, body: { add: emails } })).status).toBe(200);
  if (confirm) await confirmAll();
}

describe('the daily mood meter report', () => {
  // Each test gets its own app: the daily job looks at every school, and the clock moves.
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it('the tick runs once a minute, however many workers poll', async () => {
    // A second server's worker on the same database.
    const other = new Jobs(t.app.services.db, t.clock);
    other.register(MOOD_REPORT_TICK, () => runMoodReportTick(t.app.services).then(() => {}));
    other.schedule({ name: MOOD_REPORT_TICK, kind: MOOD_REPORT_TICK, everyMinutes: 1 });
    await Promise.all([t.app.services.jobs.runDue(), other.runDue(), t.app.services.jobs.runDue(), other.runDue()]);
    expect(await ticks()).toHaveLength(1);
    await Promise.all([t.app.services.jobs.runDue(), other.runDue()]);
    expect(await ticks()).toHaveLength(1);
    t.clock.advance(60_000);
    await Promise.all([other.runDue(), t.app.services.jobs.runDue()]);
    const runs = await ticks();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.runAt.getTime()).toBe(new Date('2026-10-15T16:01:00Z').getTime());
  });

  it("sends the report only to addresses that confirmed, after a link e-mailed in the admin's language", async () => {
    const { cookie, admin } = await schoolWithAdmin(t.app, { timeZone: 'America/Los_Angeles' });
    await t.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', admin.id).execute();
    t.clock.set('2026-10-15T15:00:00Z'); // 08:00 in Los Angeles: before the trigger time
    await configure(cookie, { triggerTime: '08:30' }, ['typo@example.test', 'counselor@example.test'], false);
    const links = await outbox(t.app);
    expect(links.map((m) => m.recipient).sort()).toEqual(['counselor@example.test', 'typo@example.test']);
    expect(links[0]!.subject).toBe('Confirma esta dirección para los informes del medidor de ánimo de High5');
    const link = /\/v1\/notification-emails\/confirm\?token=[A-Za-z0-9_-]+/.exec(links.find((m) => m.recipient === 'counselor@example.test')!.bodyText)![0];
    const page = await t.call('GET', link);
    expect(page.status).toBe(200);
    expect((await t.call('GET', link)).status).toBe(404); // once
    expect((await t.call('GET', '/v1/notification-emails/confirm?token=made-up-token-made-up-token')).status).toBe(404);

    t.clock.set('2026-10-15T15:31:00Z'); // 08:31
    const reports = (await outbox(t.app)).slice(links.length);
    expect(reports.map((m) => m.recipient)).toEqual(['counselor@example.test']);
  });

  it('sends each school its report once a day after its trigger time, in its own time zone', async () => {
    // 2026-10-15T16:00Z is 09:00 in Los Angeles and 12:00 in New York.
    const west = await schoolWithAdmin(t.app, { timeZone: 'America/Los_Angeles' });
    const east = await schoolWithAdmin(t.app, { timeZone: 'America/New_York' });
    await configure(west.cookie, { triggerTime: '10:30' }, ['west@example.test']);
    await configure(east.cookie, { triggerTime: '11:00' }, ['east@example.test']);

    let mail = await outbox(t.app);
    expect(mail.map((m) => m.recipient)).toEqual(['east@example.test']);

    t.clock.set('2026-10-15T17:29:00Z'); // 10:29 in Los Angeles
    mail = await outbox(t.app);
    expect(mail.map((m) => m.recipient)).toEqual(['east@example.test']);

    t.clock.set('2026-10-15T17:31:00Z'); // 10:31
    mail = await outbox(t.app);
    expect(mail.map((m) => m.recipient)).toEqual(['east@example.test', 'west@example.test']);

    t.clock.set('2026-10-15T23:00:00Z');
    expect(await outbox(t.app)).toHaveLength(2);

    // The next school day, each again after its own trigger time.
    t.clock.set('2026-10-16T15:30:00Z'); // 11:30 in New York, 08:30 in Los Angeles
    expect((await outbox(t.app)).map((m) => m.recipient)).toEqual(['east@example.test', 'west@example.test', 'east@example.test']);
    const school = await t.app.services.db.selectFrom('schools').select('lastMoodReportSentOn').where('id', '=', east.school.id).executeTakeFirstOrThrow();
    expect(school.lastMoodReportSentOn).toBe('2026-10-16');
    expect((await auditActions(t.app, east.school.id)).filter((a) => a.action === 'moodReport.daily')).toHaveLength(2);
  });

  it("lists students' low-enjoyment and emergency check-ins of yesterday and today, in the reader's language", async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await buildUser(t.app, { role: 'teacher', email: 'consejera@example.test', language: 'es' });
    await configure(cookie, { triggerTime: '08:00' }, ['consejera@example.test', 'nurse@example.test']);
    const ana = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Ana', lastName: 'Lopez' });
    const ben = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Ben', lastName: 'Ng' });
    const carl = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Carl', lastName: 'Old' });
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Tess', lastName: 'Teacher' });
    const otherSchool = await buildSchool(t.app);
    const stranger = await buildUser(t.app, { schoolId: otherSchool.id, role: 'student', firstName: 'Stan', lastName: 'Stranger' });
    await checkIn(t.app, { userId: ana.id, schoolId: school.id, date: '2026-10-15', mood: 'persevere', emergency: true, priority: 'today' });
    await checkIn(t.app, { userId: ana.id, schoolId: school.id, date: '2026-10-14', mood: 'worried' });
    await checkIn(t.app, { userId: ben.id, schoolId: school.id, date: '2026-10-15', mood: 'grinning' });
    await checkIn(t.app, { userId: carl.id, schoolId: school.id, date: '2026-10-13', mood: 'weary' });
    await checkIn(t.app, { userId: teacher.id, schoolId: school.id, date: '2026-10-15', mood: 'rage' });
    await checkIn(t.app, { userId: stranger.id, schoolId: otherSchool.id, date: '2026-10-15', mood: 'rage' });

    const mail = await outbox(t.app);
    const english = mail.find((m) => m.recipient === 'nurse@example.test')!;
    expect(english.subject).toBe('High5 mood meter report');
    expect(english.bodyText).toContain(`Mood meter report for ${school.name}`);
    expect(english.bodyText).toContain('from 10/14/2026 to 10/15/2026');
    expect(english.bodyText).toContain(': 2');
    expect(english.bodyText).toContain('10/15/2026  Lopez, Ana: Sad (wants to talk today)');
    expect(english.bodyText).toContain('10/14/2026  Lopez, Ana: Worried');
    for (const absent of ['Ben', 'Carl', 'Tess', 'Stan']) expect(english.bodyText).not.toContain(absent);
    const spanish = mail.find((m) => m.recipient === 'consejera@example.test')!;
    expect(spanish.subject).toContain('Informe del medidor de ánimo');
    expect(spanish.bodyText).toContain('14/10/2026');
    expect(spanish.bodyText).toContain('15/10/2026  Lopez, Ana: Triste (quiere hablar hoy)');
  });

  it('names a pleasant feeling that asked to talk in words, not as a catalog key', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await buildUser(t.app, { role: 'teacher', email: 'lector@example.test', language: 'es' });
    await configure(cookie, { triggerTime: '08:00' }, ['reader@example.test', 'lector@example.test']);
    const ana = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Ana', lastName: 'Lopez' });
    await checkIn(t.app, { userId: ana.id, schoolId: school.id, date: '2026-10-15', mood: 'grinning', emergency: true, priority: 'today' });
    const mail = await outbox(t.app);
    expect(mail.find((m) => m.recipient === 'reader@example.test')!.bodyText).toContain('Lopez, Ana: Happy (wants to talk today)');
    expect(mail.find((m) => m.recipient === 'lector@example.test')!.bodyText).toContain('Lopez, Ana: Feliz (quiere hablar hoy)');
    for (const m of mail) expect(m.bodyText).not.toContain('moods.');
  });

  it('when nothing concerning was checked in, the report says so', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    await configure(cookie, { triggerTime: '08:00' }, ['quiet@example.test']);
    const [mail] = await outbox(t.app);
    expect(mail!.bodyText).toContain('No low-enjoyment or emergency check-ins.');
  });

  it('a school without addresses is not marked as sent', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('PATCH', '/v1/admin/configuration', { cookie, body: { triggerTime: '08:00' } })).status).toBe(200);
    expect(await outbox(t.app)).toEqual([]);
    const row = await t.app.services.db.selectFrom('schools').select('lastMoodReportSentOn').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(row.lastMoodReportSentOn).toBeNull();
  });
});

describe('POST /admin/mood-report/send', () => {
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('when signed out, it answers 401', async () => {
    expect((await t.call('POST', '/v1/admin/mood-report/send')).status).toBe(401);
  });

  it('when a teacher without the admin flag asks, it answers 403', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await member(t.app, school.id, { role: 'teacher' });
    expect((await t.call('POST', '/v1/admin/mood-report/send', { cookie })).status).toBe(403);
  });

  it('when the body carries anything, it answers 400', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('POST', '/v1/admin/mood-report/send', { cookie, body: { to: 'x@example.test' } })).status).toBe(400);
  });

  it('when no address is configured, it answers 400 NO_NOTIFICATION_EMAILS', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    const res = await t.call('POST', '/v1/admin/mood-report/send', { cookie });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('NO_NOTIFICATION_EMAILS');
  });

  it('sends the report now to every address and records it, leaving the daily schedule alone', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    await configure(cookie, { triggerTime: '23:00' }, ['a@example.test', 'b@example.test']);
    const res = await t.call('POST', '/v1/admin/mood-report/send', { cookie });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ recipients: 2 });
    expect((await outbox(t.app)).map((m) => m.recipient).sort()).toEqual(['a@example.test', 'b@example.test']);
    expect(await auditActions(t.app, school.id)).toContainEqual(expect.objectContaining({ action: 'moodReport.send', actorId: admin.id }));
    // The daily report is not affected.
    const row = await t.app.services.db.selectFrom('schools').select('lastMoodReportSentOn').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(row.lastMoodReportSentOn).toBeNull();
  });
});
