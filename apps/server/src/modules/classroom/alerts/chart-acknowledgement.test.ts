import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';
import { auditOf, delivered, openAlertOf } from './test-helpers.js';

let t: TestApp;
let w: ClassroomWorld;
beforeEach(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterEach(() => t.close());

const MIN = 60_000;

// Decision 0460: the seating chart's older acknowledgement answers the open alert (who and when), keeping it open.
describe('the seating chart acknowledgement answers the alert', () => {
  it('records who and when in the trail, stops the escalation, and leaves the alert open', async () => {
    await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'persevere', emergencyPriority: 'today' } });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    expect(alert.nextStepAt).not.toBeNull();
    t.clock.advance(7 * MIN);
    const ack = await t.call('PUT', `/v1/moods/students/${w.student.id}/acknowledgement`, { cookie: w.cookies.teacher });
    expect(ack.status).toBe(200);
    expect(ack.json.ResponseData).toMatchObject({ acknowledged: true });

    const detail = await t.call('GET', `/v1/alerts/${alert.id}`, { cookie: w.cookies.teacher });
    expect(detail.json.ResponseData).toMatchObject({ open: true, firstAcknowledgedAt: t.clock.now().toISOString() });
    expect(detail.json.ResponseData.actions).toEqual([
      {
        id: expect.any(String),
        actor: { id: w.teacher.id, name: 'Tina Teacher' },
        at: t.clock.now().toISOString(),
        action: 'seenOnChart',
        note: '',
        closed: false,
        corrects: null,
        correctedBy: null,
      },
    ]);
    const row = (await openAlertOf(t.app, w.student.id))!;
    expect(row.nextStepAt).toBeNull();
    expect((await auditOf(t.app, 'alert.action')).map((a) => a.actorId)).toEqual([w.teacher.id]);

    // No escalation later: the tick finds nothing due.
    t.clock.advance(60 * MIN);
    await delivered(t.app);
    expect((await openAlertOf(t.app, w.student.id))!.escalatedAt).toBeNull();

    // A second acknowledgement has nothing left to acknowledge; the adult can still close the alert with an action.
    const cookie = await sessionFor(t.app, w.teacher.id, w.school.id);
    expect((await t.call('PUT', `/v1/moods/students/${w.student.id}/acknowledgement`, { cookie })).status).toBe(409);
    const closed = await t.call('POST', `/v1/alerts/${alert.id}/actions`, { cookie, body: { action: 'talked', close: true } });
    expect(closed.status).toBe(200);
    expect(closed.json.ResponseData.actions.map((a: { action: string }) => a.action)).toEqual(['seenOnChart', 'talked']);
  });

  it("the form cannot record the chart's entry: 400", async () => {
    await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'persevere', emergencyPriority: 'today' } });
    const alert = (await openAlertOf(t.app, w.student.id))!;
    const res = await t.call('POST', `/v1/alerts/${alert.id}/actions`, { cookie: w.cookies.teacher, body: { action: 'seenOnChart', close: false } });
    expect(res.status).toBe(400);
  });

  it('without an open alert (a "today" from before the alerts), the chart acknowledgement still works', async () => {
    await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'persevere', emergencyPriority: 'today' } });
    await t.app.services.db.deleteFrom('alerts').where('studentId', '=', w.student.id).execute();
    expect((await t.call('PUT', `/v1/moods/students/${w.student.id}/acknowledgement`, { cookie: w.cookies.teacher })).status).toBe(200);
  });
});
