import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { sessionFor } from '../../../test/factories.js';
import { TestClock } from '../../../services/clock.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { delivered, openAlertOf } from './test-helpers.js';

// Every request of an alert is answered wherever an adult answers, a renewed "today" is
// told again, the chain never ends quietly, the trail can be corrected, an alert reopened.
let t: TestApp;
let w: ClassroomWorld;
afterEach(() => t.close());

const MIN = 60_000;
const checkIn = (cookie: string, body: Record<string, unknown>) => t.call('POST', '/v1/moods', { cookie, body });
const act = (alertId: string, cookie: string, body: Record<string, unknown>) => t.call('POST', `/v1/alerts/${alertId}/actions`, { cookie, body });

/** A clock that moves on a few milliseconds at each reading, as the real one does between two statements. */
class TickingClock extends TestClock {
  override now() {
    this.advance(3);
    return super.now();
  }
}

async function world(ticking = false) {
  // Thursday 2026-10-15 09:00 in Los Angeles, in school hours (08:00-15:30).
  const clock = ticking ? new TickingClock(new Date('2026-10-15T16:00:00Z')) : undefined;
  t = await buildTestApp({}, clock ? { clock } : {});
  w = await buildClassroomWorld(t.app);
  await t.app.services.db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: w.staff.id }).execute();
}

const seenByStudent = async () => (await t.call('GET', '/v1/moods/mine', { cookie: w.cookies.student })).json.ResponseData.todayEntry.acknowledged;
const chartGlows = async () => {
  const res = await t.call('GET', `/v1/classes/${w.cls.id}/moods`, { cookie: await sessionFor(t.app, w.teacher.id) });
  const mood = (res.json.ResponseData as { studentId: string; emergency: boolean; acknowledged: boolean }[]).find((m) => m.studentId === w.student.id)!;
  return mood.emergency && !mood.acknowledged;
};

describe('an answer reaches the child and the chart', () => {
  it('when an adult answers a first check-in from the bell, the child sees it and the chart stops glowing (real clock ticking between statements)', async () => {
    await world(true);
    await checkIn(w.cookies.student, { mood: 'weary', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    expect(await chartGlows()).toBe(true);
    const res = await act(alert.id, w.cookies.staff, { action: 'talked', close: false });
    expect(res.status).toBe(200);
    expect(await seenByStudent()).toBe(true);
    expect(await chartGlows()).toBe(false);
  });

  it('when an adult answers and closes from the student details, every check-in of the alert is answered', async () => {
    await world(true);
    await checkIn(w.cookies.student, { mood: 'weary', emergencyPriority: 'today' });
    t.clock.advance(MIN);
    await checkIn(w.cookies.student, { mood: 'pensive', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const res = await act(alert.id, w.cookies.teacher, { action: 'contactedFamily', note: '', close: true });
    expect(res.json.ResponseData.open).toBe(false);
    expect(await seenByStudent()).toBe(true);
    expect(await chartGlows()).toBe(false);
  });
});

describe('a renewed "today"', () => {
  it('when the student asks again after an answer, the adults are told again, the bell shows it unanswered and the escalation restarts', async () => {
    await world();
    await checkIn(w.cookies.student, { mood: 'weary', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    t.clock.advance(10 * MIN);
    await act(alert.id, w.cookies.teacher, { action: 'talked', close: false });
    const before = (await delivered(t.app)).length;
    t.clock.advance(15 * MIN);
    await checkIn(w.cookies.student, { mood: 'pensive', emergencyPriority: 'today' });
    const again = (await delivered(t.app)).slice(before);
    expect(again.map((m) => m.recipient).sort()).toEqual([w.staff.email, w.teacher.email].sort());
    expect(again[0]!.subject).toBe('High5: a student asked for help');
    const bell = await t.call('GET', '/v1/alerts', { cookie: await sessionFor(t.app, w.teacher.id) });
    expect(bell.json.ResponseData.items[0]).toMatchObject({ id: alert.id, unanswered: true, latestMood: 'pensive' });
    expect(await seenByStudent()).toBe(false);
    // Nobody answers the new request: the admins hear after 30 school minutes.
    t.clock.advance(30 * MIN);
    const escalated = (await delivered(t.app)).slice(before + 2);
    expect(escalated.map((m) => m.recipient)).toEqual([w.admin.email]);
  });

  it('when an unanswered alert is from an earlier school day, a new "today" is told again; the same day, it adds without a second notice', async () => {
    await world();
    await checkIn(w.cookies.student, { mood: 'weary', emergencyPriority: 'today' });
    t.clock.advance(5 * MIN);
    await checkIn(w.cookies.student, { mood: 'weary', emergencyPriority: 'today' });
    const sameDay = (await delivered(t.app)).length;
    expect(sameDay).toBe(2);
    t.clock.set('2026-10-16T16:00:00Z'); // Friday 09:00
    const cookie = await sessionFor(t.app, w.student.id);
    const before = (await delivered(t.app)).length;
    await checkIn(cookie, { mood: 'weary', emergencyPriority: 'today' });
    expect(
      (await delivered(t.app))
        .slice(before)
        .filter((m) => m.subject === 'High5: a student asked for help')
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([w.staff.email, w.teacher.email].sort());
  });
});

describe('the escalation chain never ends quietly', () => {
  it('when a tier had the first notice it is still told "still unanswered", and after the last tier everyone is reminded at each interval until an answer', async () => {
    await world();
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { escalationTiers: [[w.teacher.id]], escalationMinutes: 30 } });
    await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const first = (await delivered(t.app)).length;
    t.clock.advance(30 * MIN);
    const tier1 = (await delivered(t.app)).slice(first);
    expect(tier1.map((m) => [m.recipient, m.subject])).toEqual([[w.teacher.email, "High5: a student's request for help is still unanswered"]]);
    t.clock.advance(30 * MIN);
    const reminder = (await delivered(t.app)).slice(first + 1);
    expect(reminder.map((m) => m.recipient).sort()).toEqual([w.staff.email, w.teacher.email].sort());
    t.clock.advance(30 * MIN);
    expect((await delivered(t.app)).slice(first + 3)).toHaveLength(2);
    // After school the reminders wait for the morning; an answer ends them.
    await act(alert.id, await sessionFor(t.app, w.staff.id), { action: 'talked', close: false });
    t.clock.advance(24 * 60 * MIN);
    expect((await delivered(t.app)).slice(first + 5)).toEqual([]);
  });
});

describe('the trail is corrected, an alert reopened', () => {
  it('when an adult corrects their entry and reopens the closed alert, both are in the trail and the alert waits for an answer again', async () => {
    await world();
    await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const closed = await act(alert.id, w.cookies.teacher, { action: 'talked', close: true });
    const entry = closed.json.ResponseData.actions[0].id as string;
    const url = `/v1/alerts/${alert.id}/actions/${entry}/correction`;
    expect((await t.call('POST', url, { body: { action: 'other', note: 'x' } })).status).toBe(401);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'seenOnChart' } })).status).toBe(400);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'other' } })).status).toBe(400);
    expect((await t.call('POST', url, { cookie: w.cookies.staff, body: { action: 'other', note: 'x' } })).json.ErrorCode).toBe('ALERT_ENTRY_NOT_YOURS');
    expect((await t.call('POST', url, { cookie: w.cookies.otherAdmin, body: { action: 'other', note: 'x' } })).status).toBe(404);
    t.clock.advance(MIN);
    const corrected = await t.call('POST', url, {
      cookie: w.cookies.teacher,
      body: { action: 'other', note: 'Clicked by mistake: I have not talked with her yet' },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.json.ResponseData.actions).toEqual([
      expect.objectContaining({ id: entry, action: 'talked', closed: true, correctedBy: expect.any(String), corrects: null }),
      expect.objectContaining({ action: 'other', corrects: entry, correctedBy: null, note: 'Clicked by mistake: I have not talked with her yet' }),
    ]);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'talked' } })).json.ErrorCode).toBe('ALERT_ENTRY_CORRECTED');

    t.clock.advance(MIN);
    const reopen = `/v1/alerts/${alert.id}/reopen`;
    const reopened = await t.call('POST', reopen, { cookie: w.cookies.teacher, body: { note: 'Closed by mistake' } });
    expect(reopened.status).toBe(200);
    expect(reopened.json.ResponseData).toMatchObject({ open: true, unanswered: true, closedAt: null });
    expect(reopened.json.ResponseData.actions.at(-1)).toMatchObject({ action: 'reopened', note: 'Closed by mistake', actor: { id: w.teacher.id } });
    expect((await t.call('POST', reopen, { cookie: w.cookies.teacher, body: {} })).json.ErrorCode).toBe('ALERT_NOT_CLOSED');
    // The escalation restarts: the admins hear in 30 school minutes.
    const before = (await delivered(t.app)).length;
    t.clock.advance(30 * MIN);
    expect((await delivered(t.app)).slice(before).map((m) => m.recipient)).toEqual([w.admin.email]);
  });

  it('when the student has another open alert, the old one is not reopened', async () => {
    await world();
    await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    await act(alert.id, w.cookies.teacher, { action: 'talked', close: true });
    await checkIn(w.cookies.student, { mood: 'rage', emergencyPriority: 'today' });
    const res = await t.call('POST', `/v1/alerts/${alert.id}/reopen`, { cookie: w.cookies.teacher, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('ALERT_ANOTHER_OPEN');
  });
});

describe('after hours', () => {
  it('when the first notice waits for school hours, the adults it will reach see it in the bell, marked waiting; wider hours release it', async () => {
    await world();
    t.clock.set('2026-10-16T01:00:00Z'); // Thursday 18:00 in Los Angeles
    await checkIn(await sessionFor(t.app, w.student.id), { mood: 'weary', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const bell = await t.call('GET', '/v1/alerts', { cookie: await sessionFor(t.app, w.staff.id) });
    expect(bell.json.ResponseData).toMatchObject({ open: 1, items: [{ id: alert.id, waitingUntil: '2026-10-16T15:00:00.000Z', unanswered: true }] });
    // Not an adult it will reach.
    const substitute = await sessionFor(t.app, w.substitute.id);
    expect((await t.call('GET', '/v1/alerts', { cookie: substitute })).json.ResponseData.items).toEqual([]);
    expect((await t.call('GET', `/v1/alerts/${alert.id}`, { cookie: substitute })).status).toBe(403);
    expect((await t.call('GET', `/v1/alerts/${alert.id}`, { cookie: await sessionFor(t.app, w.staff.id) })).status).toBe(200);
    // The admin widens the school hours to 20:00: the notice goes out at the next tick.
    expect(await delivered(t.app)).toEqual([]);
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: await sessionFor(t.app, w.admin.id), body: { schoolDayEnd: '20:00' } });
    t.clock.advance(MIN);
    expect((await delivered(t.app)).map((m) => m.recipient).sort()).toEqual([w.staff.email, w.teacher.email].sort());
    const after = await t.call('GET', '/v1/alerts', { cookie: await sessionFor(t.app, w.staff.id) });
    expect(after.json.ResponseData.items[0]).toMatchObject({ id: alert.id, waitingUntil: null, tier: 0 });
  });
});
