import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

// The test clock starts at 2026-10-15T16:00Z: 09:00 on 10/15 in Los Angeles.
const setPrompt = (on: boolean) => t.app.services.db.updateTable('schools').set({ promptMoodmeter: on }).where('id', '=', w.school.id).execute();

describe('mood settings', () => {
  it('401 signed out, 403 for a super admin without a school', async () => {
    expect((await t.call('GET', '/v1/moods/settings')).status).toBe(401);
    const sa = await buildUser(t.app, { isSuperAdmin: true });
    expect((await t.call('GET', '/v1/moods/settings', { cookie: await sessionFor(t.app, sa.id) })).status).toBe(403);
  });

  it("gives the prompt flag and the messages in the user's language, else the other language's", async () => {
    await t.app.services.db
      .updateTable('schools')
      .set({
        moodmeterMessages: JSON.stringify({
          en: { message1: 'Talk to someone?', message2: 'We hear you.' },
          es: { message1: '¿Quieres hablar?', message2: '' },
        }),
      })
      .where('id', '=', w.school.id)
      .execute();
    const en = await t.call('GET', '/v1/moods/settings', { cookie: w.cookies.student });
    expect(en.json.ResponseData).toEqual({ prompt: true, message1: 'Talk to someone?', message2: 'We hear you.', checkInAllowed: true });
    const es = await buildUser(t.app, { schoolId: w.school.id, role: 'student', language: 'es' });
    const res = await t.call('GET', '/v1/moods/settings', { cookie: await sessionFor(t.app, es.id) });
    expect(res.json.ResponseData).toEqual({ prompt: true, message1: '¿Quieres hablar?', message2: 'We hear you.', checkInAllowed: true });
  });
});

describe('mood check-in', () => {
  it('401 signed out; 400 for an unknown mood or priority', async () => {
    expect((await t.call('POST', '/v1/moods', { body: { mood: 'smile' } })).status).toBe(401);
    expect((await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'confused' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'rage', emergencyPriority: 'later' } })).status).toBe(400);
  });

  it('a pleasant mood is stored with no emergency; a priority on it is refused', async () => {
    const bad = await t.call('POST', '/v1/moods', { cookie: w.cookies.student2, body: { mood: 'smile', emergencyPriority: 'today' } });
    expect(bad.status).toBe(400);
    expect(bad.json.ErrorCode).toBe('MOOD_PRIORITY_NOT_ALLOWED');
    const ok = await t.call('POST', '/v1/moods', { cookie: w.cookies.student2, body: { mood: 'smile' } });
    expect(ok.json.ResponseData).toMatchObject({ date: '2026-10-15', mood: 'smile', emergency: false, emergencyPriority: 'none', acknowledged: false });
  });

  it('with the prompt on, a low-energy mood needs not-today or today', async () => {
    await setPrompt(true);
    const missing = await t.call('POST', '/v1/moods', { cookie: w.cookies.student2, body: { mood: 'weary' } });
    expect(missing.status).toBe(400);
    expect(missing.json.ErrorCode).toBe('MOOD_PRIORITY_REQUIRED');
    const notToday = await t.call('POST', '/v1/moods', { cookie: w.cookies.student2, body: { mood: 'weary', emergencyPriority: 'not-today' } });
    expect(notToday.json.ResponseData).toMatchObject({ mood: 'weary', emergency: true, emergencyPriority: 'not-today' });
  });

  it('with the prompt off, a low-energy mood is stored with emergency false', async () => {
    await setPrompt(false);
    const res = await t.call('POST', '/v1/moods', { cookie: w.cookies.student2, body: { mood: 'rage', emergencyPriority: 'today' } });
    expect(res.json.ResponseData).toMatchObject({ mood: 'rage', emergency: false, emergencyPriority: 'none' });
    await setPrompt(true);
  });

  it('one check-in per school day: a second replaces the first and clears its acknowledgement', async () => {
    const s = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    const cookie = await sessionFor(t.app, s.id);
    await t.call('POST', '/v1/moods', { cookie, body: { mood: 'pensive', emergencyPriority: 'today' } });
    await t.app.services.db.updateTable('moods').set({ acknowledgedAt: t.clock.now() }).where('userId', '=', s.id).execute();
    await t.call('POST', '/v1/moods', { cookie, body: { mood: 'persevere', emergencyPriority: 'today' } });
    const rows = await t.app.services.db.selectFrom('moods').selectAll().where('userId', '=', s.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mood: 'persevere', acknowledgedAt: null, schoolDate: '2026-10-15' });
  });

  it("the school's time zone decides the day; yesterday and today come back as cards", async () => {
    const s = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    try {
      t.clock.set('2026-10-16T06:30:00Z'); // 23:30 on 10/15 in Los Angeles
      await t.call('POST', '/v1/moods', { cookie: await sessionFor(t.app, s.id), body: { mood: 'grinning' } });
      t.clock.set('2026-10-16T16:00:00Z'); // 09:00 on 10/16
      const cookie = await sessionFor(t.app, s.id);
      await t.call('POST', '/v1/moods', { cookie, body: { mood: 'sunglasses' } });
      const res = await t.call('GET', '/v1/moods/mine', { cookie });
      expect(res.json.ResponseData).toMatchObject({
        today: '2026-10-16',
        yesterday: '2026-10-15',
        todayEntry: { mood: 'sunglasses', date: '2026-10-16' },
        yesterdayEntry: { mood: 'grinning', date: '2026-10-15' },
      });
    } finally {
      t.clock.set('2026-10-15T16:00:00Z');
    }
  });

  it('parents, staff and teachers check in too', async () => {
    for (const cookie of [w.cookies.parent, w.cookies.staff, w.cookies.teacher]) {
      expect((await t.call('POST', '/v1/moods', { cookie, body: { mood: 'relieved' } })).status).toBe(200);
    }
  });
});

describe("reading a student's moods", () => {
  const range = 'dateRange=2026-10-01_2026-10-31';

  it("401, 400 on a bad or too long range, 404 for another school's student", async () => {
    expect((await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`)).status).toBe(401);
    expect((await t.call('GET', `/v1/moods/students/${w.student.id}?dateRange=2026-10-31_2026-10-01`, { cookie: w.cookies.teacher })).status).toBe(400);
    const long = await t.call('GET', `/v1/moods/students/${w.student.id}?dateRange=2025-01-01_2026-10-31`, { cookie: w.cookies.teacher });
    expect(long.json.ErrorCode).toBe('DATE_RANGE_TOO_LONG');
    expect((await t.call('GET', `/v1/moods/students/${w.otherStudent.id}?${range}`, { cookie: w.cookies.teacher })).status).toBe(404);
    expect((await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie: w.cookies.otherAdmin })).status).toBe(404);
  });

  it('the student, their parent, their teacher and a trusted adult read; an admin who does not teach them and others get 403 (decision 0420)', async () => {
    await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'worried', emergencyPriority: 'not-today' } });
    const trusted = await buildUser(t.app, { schoolId: w.school.id, role: 'staff' });
    await t.app.services.db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: trusted.id }).execute();
    const otherParent = await buildUser(t.app, { schoolId: w.school.id, role: 'parent' });
    const allowed = [w.cookies.student, w.cookies.parent, w.cookies.teacher, await sessionFor(t.app, trusted.id)];
    for (const cookie of allowed) {
      const res = await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.json.ResponseData).toEqual([expect.objectContaining({ date: '2026-10-15', mood: 'worried', emergencyPriority: 'not-today' })]);
    }
    for (const cookie of [
      w.cookies.admin,
      w.cookies.student2,
      w.cookies.substitute,
      w.cookies.staff,
      await sessionFor(t.app, otherParent.id),
      w.cookies.pending,
    ]) {
      expect((await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie })).status).toBe(403);
    }
  });

  it("staff reads are audited; the student's and the parent's are not", async () => {
    const before = await t.app.services.db.selectFrom('auditLog').selectAll().where('action', '=', 'mood.read').where('targetId', '=', w.student.id).execute();
    await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie: w.cookies.teacher });
    await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie: w.cookies.parent });
    await t.call('GET', `/v1/moods/students/${w.student.id}?${range}`, { cookie: w.cookies.student });
    const after = await t.app.services.db.selectFrom('auditLog').selectAll().where('action', '=', 'mood.read').where('targetId', '=', w.student.id).execute();
    expect(after.length - before.length).toBe(1);
    expect(after[after.length - 1]).toMatchObject({ actorId: w.teacher.id, schoolId: w.school.id, targetType: 'student' });
  });
});

describe('emergency acknowledgement', () => {
  it("only a teacher of one of the student's classes or an admin; audited; only once", async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await buildClass(t.app, { schoolId: w.school.id, ownerId: w.teacher.id, studentIds: [kid.id] });
    const url = `/v1/moods/students/${kid.id}/acknowledgement`;
    expect((await t.call('PUT', url, { body: {} })).status).toBe(401);
    expect((await t.call('PUT', url, { cookie: w.cookies.student, body: {} })).status).toBe(403);
    expect((await t.call('PUT', url, { cookie: w.cookies.parent, body: {} })).status).toBe(403);
    const none = await t.call('PUT', url, { cookie: w.cookies.teacher, body: {} });
    expect(none.status).toBe(409);
    expect(none.json.ErrorCode).toBe('NO_EMERGENCY_TO_ACKNOWLEDGE');

    await t.call('POST', '/v1/moods', { cookie: await sessionFor(t.app, kid.id), body: { mood: 'disappointed', emergencyPriority: 'today' } });
    expect((await t.call('PUT', url, { cookie: w.cookies.substitute, body: {} })).status).toBe(403);
    expect((await t.call('PUT', url, { cookie: w.cookies.otherAdmin, body: {} })).status).toBe(404);
    expect((await t.call('PUT', `/v1/moods/students/nope/acknowledgement`, { cookie: w.cookies.teacher, body: {} })).status).toBe(400);
    const ok = await t.call('PUT', url, { cookie: w.cookies.teacher, body: {} });
    expect(ok.status).toBe(200);
    expect(ok.json.ResponseData).toMatchObject({ studentId: kid.id, mood: 'disappointed', emergency: true, emergencyPriority: 'today', acknowledged: true });
    expect((await t.call('PUT', url, { cookie: w.cookies.admin, body: {} })).status).toBe(409);
    // The student sees on their mood meter that an adult saw today's check-in.
    const mine = await t.call('GET', '/v1/moods/mine', { cookie: await sessionFor(t.app, kid.id) });
    expect(mine.json.ResponseData.todayEntry).toMatchObject({ mood: 'disappointed', emergencyPriority: 'today', acknowledged: true });
    const audit = await t.app.services.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'mood.emergency_acknowledged')
      .where('targetId', '=', kid.id)
      .execute();
    expect(audit).toMatchObject([{ actorId: w.teacher.id, schoolId: w.school.id }]);
  });

  it('an admin who does not teach the student may acknowledge', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await t.call('POST', '/v1/moods', { cookie: await sessionFor(t.app, kid.id), body: { mood: 'rage', emergencyPriority: 'today' } });
    expect((await t.call('PUT', `/v1/moods/students/${kid.id}/acknowledgement`, { cookie: w.cookies.admin, body: {} })).status).toBe(200);
  });

  it('"not-today" is not an emergency to acknowledge', async () => {
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await t.call('POST', '/v1/moods', { cookie: await sessionFor(t.app, kid.id), body: { mood: 'rage', emergencyPriority: 'not-today' } });
    expect((await t.call('PUT', `/v1/moods/students/${kid.id}/acknowledgement`, { cookie: w.cookies.admin, body: {} })).status).toBe(409);
  });
});
