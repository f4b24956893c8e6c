import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { auditOf, delivered, openAlertOf } from './test-helpers.js';

let t: TestApp;
let w: ClassroomWorld;
let alertId: string;
const c: Record<string, string> = {};

// Amy checked in yesterday (worried) and today (sad, "today"); Tina teaches her, Stan is her trusted
// adult, Cora the counsellor the school named, Ada an admin who neither teaches her nor received it.
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
  const db = t.app.services.db;
  await db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: w.staff.id }).execute();
  const cora = await buildUser(t.app, { schoolId: w.school.id, role: 'staff', firstName: 'Cora', lastName: 'Counsellor' });
  const superAdmin = await buildUser(t.app, { isSuperAdmin: true });
  const otherParent = await buildUser(t.app, { schoolId: w.school.id, role: 'parent' });
  expect((await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { counsellorIds: [cora.id] } })).status).toBe(200);
  await db
    .insertInto('moods')
    .values({
      userId: w.student.id,
      schoolId: w.school.id,
      schoolDate: '2026-10-14',
      mood: 'worried',
      lowEnjoyment: true,
      checkedInAt: new Date('2026-10-14T16:00:00Z'),
    })
    .execute();
  await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'persevere', emergencyPriority: 'today' } });
  alertId = (await openAlertOf(t.app, w.student.id))!.id;
  Object.assign(c, {
    ...w.cookies,
    cora: await sessionFor(t.app, cora.id),
    superAdmin: await sessionFor(t.app, superAdmin.id),
    otherParent: await sessionFor(t.app, otherParent.id),
  });
});
afterAll(() => t.close());

const range = 'dateRange=2026-10-01_2026-10-31';
const moodDates = async (cookie: string) => {
  const res = await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie });
  return res.status === 200 ? res.json.ResponseData.map((m: { date: string }) => m.date) : res.status;
};
const status = async (url: string, cookie: string) => (await t.call('GET', url, { cookie })).status;

describe('who may see moods and alerts (decision 0420), each cell through HTTP', () => {
  it.each([
    // viewer, mood history, alert history, the alert, the admins' report
    ['student', ['2026-10-15', '2026-10-14'], 403, 403, 403],
    ['parent', ['2026-10-15', '2026-10-14'], 403, 403, 403],
    ['otherParent', 403, 403, 403, 403],
    ['teacher', ['2026-10-15'], 200, 200, 403],
    ['staff', ['2026-10-15'], 200, 200, 403],
    ['cora', ['2026-10-15'], 200, 200, 403],
    ['substitute', 403, 403, 403, 403],
    ['student2', 403, 403, 403, 403],
    ['admin', 403, 403, 403, 200],
    ['pending', 403, 403, 403, 403],
    ['otherAdmin', 404, 404, 404, 200],
    ['superAdmin', 403, 403, 403, 403],
  ] as const)('%s', async (who, moods, history, alert, report) => {
    const cookie = c[who]!;
    expect(await moodDates(cookie)).toEqual(moods);
    expect(await status(`/v1/alerts/students/${w.student.id}`, cookie)).toBe(history);
    expect(await status(`/v1/alerts/${alertId}`, cookie)).toBe(alert);
    expect(await status('/v1/admin/alerts/report?dateRange=2026-10-01_2026-10-31', cookie)).toBe(report);
  });

  it('a school may keep moods from parents; the report never names a student', async () => {
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: c.admin!, body: { parentsSeeMoods: false } });
    expect(await moodDates(c.parent!)).toBe(403);
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: c.admin!, body: { parentsSeeMoods: true } });
    const report = await t.call('GET', '/v1/admin/alerts/report?dateRange=2026-10-01_2026-10-31', { cookie: c.admin! });
    expect(JSON.stringify(report.json.ResponseData)).not.toContain('Amy');
    // Staff reads are in the audit log with the reason.
    const reads = await auditOf(t.app, 'mood.read');
    expect(reads.map((r) => (r.details as { reason: string }).reason)).toEqual(expect.arrayContaining(['classTeacher', 'trustedAdult', 'alertRecipient']));
  });
});

describe('alert settings', () => {
  it("only the school's admins; named adults must be active teachers or staff of the school; bad input 400", async () => {
    expect((await t.call('GET', '/v1/admin/alerts/settings')).status).toBe(401);
    expect((await t.call('GET', '/v1/admin/alerts/settings', { cookie: c.teacher! })).status).toBe(403);
    const got = await t.call('GET', '/v1/admin/alerts/settings', { cookie: c.admin! });
    expect(got.json.ResponseData).toMatchObject({ escalationMinutes: 30, schoolDayStart: '08:00', schoolDays: [1, 2, 3, 4, 5], notifyAfterHours: false });
    for (const bad of [w.otherTeacher.id, w.student2.id, w.parent.id, w.pending.id]) {
      const res = await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: c.admin!, body: { escalationTiers: [[w.teacher.id, bad]] } });
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('ALERT_ADULT_NOT_ALLOWED');
    }
    for (const body of [
      { escalationMinutes: 2 },
      { schoolDayStart: '25:00' },
      { alertMoods: ['smile'] },
      { schoolDayStart: '16:00', schoolDayEnd: '08:00' },
      { surprise: true },
    ]) {
      expect((await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: c.admin!, body })).status).toBe(400);
    }
    expect((await auditOf(t.app, 'alerts.settings')).length).toBeGreaterThan(0);
  });
});

describe('parental consent', () => {
  it('without the consent a school requires, no mood meter; the parent gives or refuses it; who and when are kept', async () => {
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: c.admin!, body: { requireMoodConsent: true } });
    expect((await t.call('GET', '/v1/moods/settings', { cookie: c.student! })).json.ResponseData.checkInAllowed).toBe(false);
    const refused = await t.call('POST', '/v1/moods', { cookie: c.student!, body: { mood: 'smile' } });
    expect(refused.status).toBe(403);
    expect(refused.json.ErrorCode).toBe('MOOD_CONSENT_REQUIRED');
    // Adults are not asked.
    expect((await t.call('GET', '/v1/moods/settings', { cookie: c.teacher! })).json.ResponseData.checkInAllowed).toBe(true);

    const list = await t.call('GET', '/v1/family/mood-consents', { cookie: c.parent! });
    expect(list.json.ResponseData).toEqual([
      { studentId: w.student.id, studentName: 'Amy Student', required: true, status: 'pending', changedAt: null, changedBy: null, confirmed: true },
    ]);
    expect((await t.call('PUT', `/v1/family/mood-consents/${w.student.id}`, { cookie: c.otherParent!, body: { status: 'given' } })).status).toBe(403);
    expect((await t.call('PUT', `/v1/family/mood-consents/${w.student.id}`, { cookie: c.teacher!, body: { status: 'given' } })).status).toBe(403);
    expect((await t.call('PUT', `/v1/family/mood-consents/${w.otherStudent.id}`, { cookie: c.parent!, body: { status: 'given' } })).status).toBe(404);
    expect((await t.call('PUT', `/v1/family/mood-consents/${w.student.id}`, { cookie: c.parent!, body: { status: 'pending' } })).status).toBe(400);
    const given = await t.call('PUT', `/v1/family/mood-consents/${w.student.id}`, { cookie: c.parent!, body: { status: 'given' } });
    expect(given.json.ResponseData).toMatchObject({ status: 'given', changedBy: 'Paula Parent', changedAt: '2026-10-15T16:00:00.000Z' });
    expect((await t.call('POST', '/v1/moods', { cookie: c.student!, body: { mood: 'smile' } })).status).toBe(200);
    await t.call('PUT', `/v1/family/mood-consents/${w.student.id}`, { cookie: c.parent!, body: { status: 'refused' } });
    expect((await t.call('POST', '/v1/moods', { cookie: c.student!, body: { mood: 'smile' } })).status).toBe(403);
    expect((await auditOf(t.app, 'moodConsent.set')).map((a) => (a.details as { status: string }).status)).toEqual(['given', 'refused']);
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: c.admin!, body: { requireMoodConsent: false } });
  });
});

describe("the admins' alerts report", () => {
  it('open, escalated, median and worst minutes to the first acknowledgement, by week and class', async () => {
    // Amy's alert is answered after 10 minutes; Ben's (no class) escalates and waits.
    t.clock.advance(10 * 60_000);
    await t.call('POST', `/v1/alerts/${alertId}/actions`, { cookie: await sessionFor(t.app, w.teacher.id), body: { action: 'talked', close: true } });
    await t.call('POST', '/v1/moods', { cookie: await sessionFor(t.app, w.student2.id), body: { mood: 'weary', emergencyPriority: 'today' } });
    t.clock.advance(31 * 60_000);
    await delivered(t.app);
    const admin = await sessionFor(t.app, w.admin.id);
    expect((await t.call('GET', '/v1/admin/alerts/report?dateRange=2026-10-31_2026-10-01', { cookie: admin })).status).toBe(400);
    const res = await t.call('GET', '/v1/admin/alerts/report?dateRange=2026-10-01_2026-10-31', { cookie: admin });
    expect(res.json.ResponseData.total).toEqual({ alerts: 2, open: 1, escalated: 1, acknowledged: 1, medianAckMinutes: 10, worstAckMinutes: 10 });
    // The school's week counts each alert once (decision 0462).
    expect(res.json.ResponseData.weeks).toEqual([
      { week: '2026-10-12', alerts: 2, open: 1, escalated: 1, acknowledged: 1, medianAckMinutes: 10, worstAckMinutes: 10 },
    ]);
    expect(res.json.ResponseData.rows).toEqual([
      { week: '2026-10-12', className: '', alerts: 1, open: 1, escalated: 1, acknowledged: 0, medianAckMinutes: null, worstAckMinutes: null },
      { week: '2026-10-12', className: 'Math 5', alerts: 1, open: 0, escalated: 0, acknowledged: 1, medianAckMinutes: 10, worstAckMinutes: 10 },
    ]);
  });
});
