import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { auditOf, delivered, openAlertOf, recipientsOf } from './test-helpers.js';

let t: TestApp;
let w: ClassroomWorld;
beforeEach(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
  // Tina teaches Amy (Math 5); Stan is Amy's trusted adult and reads Spanish.
  await t.app.services.db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: w.staff.id }).execute();
  await t.app.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', w.staff.id).execute();
});
afterEach(() => t.close());

// The test clock starts at Thursday 2026-10-15T16:00Z: 09:00 in Los Angeles, in school hours (08:00-15:30).
const checkIn = (cookie: string, body: Record<string, unknown>) => t.call('POST', '/v1/moods', { cookie, body });
const MIN = 60_000;

describe('routing', () => {
  it('a "today" check-in reaches the trusted adults and class teachers at once, in app and by e-mail in each adult\'s language', async () => {
    const res = await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData.alert).toEqual({ raised: true, afterHoursMessage: null });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    expect(await recipientsOf(t.app, alert.id)).toEqual(
      expect.arrayContaining([
        { adultId: w.staff.id, tier: 0, reason: 'trustedAdult' },
        { adultId: w.teacher.id, tier: 0, reason: 'classTeacher' },
      ]),
    );
    expect(await recipientsOf(t.app, alert.id)).toHaveLength(2);
    const mail = await delivered(t.app);
    const toStan = mail.find((m) => m.recipient === w.staff.email)!;
    const toTina = mail.find((m) => m.recipient === w.teacher.email)!;
    expect(toStan.subject).toBe('High5: un estudiante pidió ayuda');
    expect(toStan.bodyText).toContain('Amy Student');
    expect(toStan.bodyText).toContain('se siente triste');
    expect(toTina.subject).toBe('High5: a student asked for help');
    expect(toTina.bodyText).toContain('feeling sad');
    expect(toTina.bodyText).toContain(t.app.services.config.publicUrl);
    // The badge of each adult shows it; an adult it did not reach sees nothing.
    const badge = await t.call('GET', '/v1/alerts', { cookie: w.cookies.teacher });
    expect(badge.json.ResponseData).toMatchObject({
      open: 1,
      items: [{ id: alert.id, studentName: 'Amy Student', latestMood: 'persevere', open: true, tier: 0 }],
    });
    expect((await t.call('GET', '/v1/alerts', { cookie: w.cookies.substitute })).json.ResponseData).toEqual({ open: 0, items: [] });
  });

  it('a second check-in adds to the open alert and never erases it; the chosen adult is told', async () => {
    await checkIn(w.cookies.student, { mood: 'weary', emergencyPriority: 'today' });
    t.clock.advance(MIN);
    const again = await checkIn(w.cookies.student, { mood: 'smile' });
    expect(again.json.ResponseData.alert).toEqual({ raised: false, afterHoursMessage: null });
    // The chart still glows: the unanswered "today" stays on today's check-in.
    const mine = await t.call('GET', '/v1/moods/mine', { cookie: w.cookies.student });
    expect(mine.json.ResponseData.todayEntry).toMatchObject({ mood: 'smile', emergencyPriority: 'today', acknowledged: false });
    // A third check-in asking for the substitute is refused (not a trusted adult); for Ada (made trusted) it adds her.
    expect((await checkIn(w.cookies.student, { mood: 'rage', emergencyPriority: 'today', talkTo: w.substitute.id })).json.ErrorCode).toBe(
      'TALK_TO_NOT_ALLOWED',
    );
    await t.app.services.db.insertInto('trustedAdults').values({ studentId: w.student.id, adultId: w.admin.id }).execute();
    t.clock.advance(MIN);
    await checkIn(w.cookies.student, { mood: 'rage', emergencyPriority: 'today', talkTo: w.admin.id });
    const alerts = await t.app.services.db.selectFrom('alerts').selectAll().where('studentId', '=', w.student.id).execute();
    expect(alerts).toHaveLength(1);
    const detail = await t.call('GET', `/v1/alerts/${alerts[0]!.id}`, { cookie: w.cookies.admin });
    expect(detail.status).toBe(200);
    expect(detail.json.ResponseData.checkIns.map((c: { mood: string }) => c.mood)).toEqual(['weary', 'rage']);
    expect(detail.json.ResponseData.askedForMe).toBe(true);
    expect(detail.json.ResponseData.recipients).toContainEqual(expect.objectContaining({ id: w.admin.id, reason: 'chosen' }));
  });

  it('"not today" and chosen feelings raise alerts only when the school says so; counsellors are told', async () => {
    expect((await checkIn(w.cookies.student, { mood: 'worried', emergencyPriority: 'not-today' })).json.ResponseData.alert.raised).toBe(false);
    const counsellor = await buildUser(t.app, { schoolId: w.school.id, role: 'staff', firstName: 'Cora', lastName: 'Counsellor' });
    const patch = await t.call('PATCH', '/v1/admin/alerts/settings', {
      cookie: w.cookies.admin,
      body: { alertOnNotToday: true, counsellorIds: [counsellor.id] },
    });
    expect(patch.status).toBe(200);
    expect((await checkIn(w.cookies.student2, { mood: 'worried', emergencyPriority: 'not-today' })).json.ResponseData.alert.raised).toBe(true);
    const alert = (await openAlertOf(t.app, w.student2.id))!;
    // Ben has no trusted adult and no class: the counsellor gets it.
    expect(await recipientsOf(t.app, alert.id)).toEqual([{ adultId: counsellor.id, tier: 0, reason: 'counsellor' }]);
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { alertOnNotToday: false, alertMoods: ['pensive'] } });
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student' });
    await t.app.services.db.updateTable('schools').set({ promptMoodmeter: false }).where('id', '=', w.school.id).execute();
    expect((await checkIn(await sessionFor(t.app, kid.id), { mood: 'pensive' })).json.ResponseData.alert.raised).toBe(true);
  });

  it('teachers, staff and parents checking in raise no alert', async () => {
    for (const cookie of [w.cookies.teacher, w.cookies.parent]) {
      const res = await checkIn(cookie, { mood: 'rage', emergencyPriority: 'today' });
      expect(res.json.ResponseData.alert).toBeNull();
    }
    expect(await t.app.services.db.selectFrom('alerts').select('id').execute()).toEqual([]);
  });
});

describe('escalation and school hours', () => {
  it('an unacknowledged alert goes to the next tier after N school minutes, once however many workers tick', async () => {
    const counsellor = await buildUser(t.app, { schoolId: w.school.id, role: 'staff', language: 'es' });
    await t.call('PATCH', '/v1/admin/alerts/settings', {
      cookie: w.cookies.admin,
      body: { escalationTiers: [[counsellor.id], [w.admin.id]], escalationMinutes: 30 },
    });
    await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const before = (await delivered(t.app)).length;
    t.clock.advance(29 * MIN);
    expect(await delivered(t.app)).toHaveLength(before);
    t.clock.advance(1 * MIN);
    await Promise.all([t.app.services.jobs.runDue(), t.app.services.jobs.runDue()]);
    const mail = (await delivered(t.app)).slice(before);
    expect(mail).toEqual([
      expect.objectContaining({ recipient: counsellor.email, subject: 'High5: la petición de ayuda de un estudiante sigue sin respuesta' }),
    ]);
    expect((await openAlertOf(t.app, w.student.id))!).toMatchObject({ tier: 1, escalatedAt: new Date('2026-10-15T16:30:00Z') });
    t.clock.advance(30 * MIN);
    const next = (await delivered(t.app)).slice(before + 1);
    expect(next).toEqual([expect.objectContaining({ recipient: w.admin.email, subject: "High5: a student's request for help is still unanswered" })]);
    // The chain has no tier left: everyone it reached is reminded at each interval.
    t.clock.advance(30 * MIN);
    expect((await delivered(t.app)).slice(before + 2)).toHaveLength(4);
    expect((await openAlertOf(t.app, w.student.id))!).toMatchObject({ tier: 2, nextStepAt: new Date('2026-10-15T18:00:00Z') });
    expect(await auditOf(t.app, 'alert.escalated')).toHaveLength(2);
    expect(await auditOf(t.app, 'alert.reminded')).toHaveLength(1);
    expect(alert.id).toBeTruthy();
  });

  it('an acknowledgement stops the escalation; with no tiers named, the admins are the next tier', async () => {
    await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    t.clock.advance(31 * MIN);
    await delivered(t.app);
    expect(await recipientsOf(t.app, alert.id)).toContainEqual({ adultId: w.admin.id, tier: 1, reason: 'escalation' });
    // Sessions idle out after 30 minutes: sign in again.
    const ack = await t.call('POST', `/v1/alerts/${alert.id}/actions`, {
      cookie: await sessionFor(t.app, w.staff.id),
      body: { action: 'talked', close: false },
    });
    expect(ack.status).toBe(200);
    expect(ack.json.ResponseData).toMatchObject({ open: true, firstAcknowledgedAt: '2026-10-15T16:31:00.000Z' });
    expect((await openAlertOf(t.app, w.student.id))!.nextStepAt).toBeNull();
  });

  it('after school hours the student gets the after-hours message and the alert waits for the next school morning', async () => {
    t.clock.set('2026-10-16T01:00:00Z'); // Thursday 18:00 in Los Angeles
    const res = await checkIn(await sessionFor(t.app, w.student.id), { mood: 'persevere', emergencyPriority: 'today' });
    expect(res.json.ResponseData.alert.afterHoursMessage).toContain('988');
    const alert = (await openAlertOf(t.app, w.student.id))!;
    expect(alert.nextStepAt).toEqual(new Date('2026-10-16T15:00:00Z')); // Friday 08:00
    expect(await recipientsOf(t.app, alert.id)).toEqual([]);
    expect(await delivered(t.app)).toEqual([]);
    t.clock.set('2026-10-16T15:00:30Z');
    expect(await delivered(t.app)).toHaveLength(2);
    // The escalation counts school minutes from the morning's notice.
    expect((await openAlertOf(t.app, w.student.id))!.nextStepAt).toEqual(new Date('2026-10-16T15:30:30Z'));
    // In Spanish, the school's own message.
    await t.call('PATCH', '/v1/admin/alerts/settings', {
      cookie: await sessionFor(t.app, w.admin.id),
      body: { afterHoursMessage: { en: '', es: 'Llama al 988 o habla con tu familia.' } },
    });
    const kid = await buildUser(t.app, { schoolId: w.school.id, role: 'student', language: 'es' });
    t.clock.set('2026-10-17T18:00:00Z'); // Saturday
    const es = await checkIn(await sessionFor(t.app, kid.id), { mood: 'rage', emergencyPriority: 'today' });
    expect(es.json.ResponseData.alert.afterHoursMessage).toBe('Llama al 988 o habla con tu familia.');
    expect((await openAlertOf(t.app, kid.id))!.nextStepAt).toEqual(new Date('2026-10-19T15:00:00Z')); // Monday 08:00
  });

  it('a school that chose to notify after hours notifies at once', async () => {
    await t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { notifyAfterHours: true } });
    t.clock.set('2026-10-16T01:00:00Z');
    const res = await checkIn(await sessionFor(t.app, w.student.id), { mood: 'persevere', emergencyPriority: 'today' });
    expect(res.json.ResponseData.alert.afterHoursMessage).toContain('988');
    expect(await recipientsOf(t.app, (await openAlertOf(t.app, w.student.id))!.id)).toHaveLength(2);
  });
});

describe('acknowledgement', () => {
  it('records who, when and what; closes; refuses bad input and strangers; audits every view and action', async () => {
    await checkIn(w.cookies.student, { mood: 'persevere', emergencyPriority: 'today' });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const url = `/v1/alerts/${alert.id}/actions`;
    expect((await t.call('POST', url, { body: { action: 'talked', close: true } })).status).toBe(401);
    expect((await t.call('POST', url, { cookie: w.cookies.student, body: { action: 'talked', close: true } })).status).toBe(403);
    expect((await t.call('POST', url, { cookie: w.cookies.substitute, body: { action: 'talked', close: true } })).status).toBe(403);
    expect((await t.call('POST', url, { cookie: w.cookies.otherAdmin, body: { action: 'talked', close: true } })).status).toBe(404);
    const noNote = await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'other', close: false } });
    expect(noNote.status).toBe(400);
    expect((await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'hugged', close: false } })).status).toBe(400);
    t.clock.advance(7 * MIN);
    const first = await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'contactedFamily', note: 'Called mum', close: false } });
    expect(first.json.ResponseData.actions).toEqual([
      {
        id: expect.any(String),
        actor: { id: w.teacher.id, name: 'Tina Teacher' },
        at: '2026-10-15T16:07:00.000Z',
        action: 'contactedFamily',
        note: 'Called mum',
        closed: false,
        corrects: null,
        correctedBy: null,
      },
    ]);
    // The chart's glowing emoji stops.
    expect((await t.call('GET', '/v1/moods/mine', { cookie: w.cookies.student })).json.ResponseData.todayEntry.acknowledged).toBe(true);
    const closed = await t.call('POST', url, { cookie: w.cookies.staff, body: { action: 'talked', close: true } });
    expect(closed.json.ResponseData).toMatchObject({ open: false, firstAcknowledgedAt: '2026-10-15T16:07:00.000Z', closedAt: '2026-10-15T16:07:00.000Z' });
    const again = await t.call('POST', url, { cookie: w.cookies.teacher, body: { action: 'talked', close: true } });
    expect(again.status).toBe(409);
    expect(again.json.ErrorCode).toBe('ALERT_CLOSED');
    await t.call('GET', `/v1/alerts/${alert.id}`, { cookie: w.cookies.teacher });
    expect((await auditOf(t.app, 'alert.action')).map((a) => a.actorId)).toEqual([w.teacher.id, w.staff.id]);
    expect((await auditOf(t.app, 'alert.read')).map((a) => a.actorId)).toEqual([w.teacher.id]);
    // A new "today" after the close opens a new alert.
    await checkIn(w.cookies.student, { mood: 'rage', emergencyPriority: 'today' });
    expect((await openAlertOf(t.app, w.student.id))!.id).not.toBe(alert.id);
    const history = await t.call('GET', `/v1/alerts/students/${w.student.id}`, { cookie: w.cookies.teacher });
    expect(history.json.ResponseData.map((a: { open: boolean }) => a.open)).toEqual([true, false]);
    expect((await auditOf(t.app, 'alert.history')).map((a) => a.actorId)).toEqual([w.teacher.id]);
  });

  it('a student in a class the adult does not teach, in another school: 404; an unknown id: 404; a bad id: 400', async () => {
    expect((await t.call('GET', '/v1/alerts/00000000-0000-4000-8000-000000000000', { cookie: w.cookies.teacher })).status).toBe(404);
    expect((await t.call('GET', '/v1/alerts/nope', { cookie: w.cookies.teacher })).status).toBe(400);
    expect((await t.call('GET', `/v1/alerts/students/${w.otherStudent.id}`, { cookie: w.cookies.teacher })).status).toBe(404);
    expect((await t.call('GET', '/v1/alerts', { cookie: w.cookies.pending })).status).toBe(403);
    expect((await t.call('GET', '/v1/alerts')).status).toBe(401);
  });
});
