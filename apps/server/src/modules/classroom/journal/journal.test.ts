import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());
const START = '2026-10-15T16:00:00Z';
afterEach(() => t.clock.set(START));

const q = 'dateRange=2026-10-06_2026-10-15';

describe('gratitude journal', () => {
  it('401 signed out; 400 for blank or too long text or a bad range', async () => {
    expect((await t.call('GET', `/v1/journal?${q}`)).status).toBe(401);
    expect((await t.call('POST', '/v1/journal', { body: { heading: 'a', description: 'b' } })).status).toBe(401);
    const cookie = w.cookies.student;
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: '  ', description: 'b' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'a' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'x'.repeat(121), description: 'b' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'a', description: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await t.call('GET', '/v1/journal', { cookie })).status).toBe(400);
    expect((await t.call('GET', '/v1/journal?dateRange=2026-10-15_2026-10-06', { cookie })).status).toBe(400);
  });

  it('writes, lists by date, edits and deletes an entry', async () => {
    const cookie = w.cookies.teacher;
    const created = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Sunny day', description: 'Grateful for <b>recess</b>' } });
    expect(created.status).toBe(200);
    const entry = created.json.ResponseData;
    expect(entry).toMatchObject({ heading: 'Sunny day', description: 'Grateful for <b>recess</b>', writtenAt: '2026-10-15T16:00:00.000Z' });
    expect((await t.call('GET', `/v1/journal?${q}`, { cookie })).json.ResponseData).toHaveLength(1);
    expect((await t.call('GET', '/v1/journal?dateRange=2026-10-16_2026-10-16', { cookie })).json.ResponseData).toHaveLength(0);
    t.clock.advance(60_000);
    const updated = await t.call('PUT', `/v1/journal/${entry.id}`, { cookie, body: { heading: 'Sunny day!', description: 'And friends' } });
    expect(updated.json.ResponseData).toMatchObject({
      id: entry.id,
      heading: 'Sunny day!',
      description: 'And friends',
      writtenAt: entry.writtenAt,
      updatedAt: '2026-10-15T16:01:00.000Z',
    });
    expect((await t.call('DELETE', `/v1/journal/${entry.id}`, { cookie })).status).toBe(200);
    expect((await t.call('GET', `/v1/journal?${q}`, { cookie })).json.ResponseData).toEqual([]);
    expect((await t.call('DELETE', `/v1/journal/${entry.id}`, { cookie })).status).toBe(404);
  });

  it('entries are private: another user cannot list, edit or delete them', async () => {
    const mine = await t.call('POST', '/v1/journal', { cookie: w.cookies.student, body: { heading: 'Mine', description: 'Private' } });
    const id = mine.json.ResponseData.id;
    for (const cookie of [w.cookies.admin, w.cookies.parent, w.cookies.otherAdmin]) {
      expect((await t.call('GET', `/v1/journal?${q}`, { cookie })).json.ResponseData.some((e: { id: string }) => e.id === id)).toBe(false);
      expect((await t.call('PUT', `/v1/journal/${id}`, { cookie, body: { heading: 'Hacked', description: 'x' } })).status).toBe(404);
      expect((await t.call('DELETE', `/v1/journal/${id}`, { cookie })).status).toBe(404);
    }
    const still = await t.call('GET', `/v1/journal?${q}`, { cookie: w.cookies.student });
    expect(still.json.ResponseData).toMatchObject([{ id, heading: 'Mine' }]);
  });

  it("dates are the school's (decision 0327): the same evening entry is on 15 October in Los Angeles, on the 16th in Tokyo", async () => {
    t.clock.set('2026-10-16T05:30:00Z'); // 22:30 on the 15th in Los Angeles, 14:30 on the 16th in Tokyo
    const tokyo = await buildSchool(t.app, { timeZone: 'Asia/Tokyo' });
    for (const [schoolId, day, otherDay] of [
      [w.school.id, '2026-10-15', '2026-10-16'],
      [tokyo.id, '2026-10-16', '2026-10-15'],
    ] as const) {
      const cookie = await sessionFor(t.app, (await buildUser(t.app, { schoolId, role: 'teacher' })).id);
      const created = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Late', description: 'Stars' } });
      expect(created.status).toBe(200);
      // A time zone sent by an old client is ignored: the school's calendar decides.
      for (const extra of ['', '&tz=Pacific/Kiritimati']) {
        expect((await t.call('GET', `/v1/journal?dateRange=${day}_${day}${extra}`, { cookie })).json.ResponseData).toMatchObject([
          { id: created.json.ResponseData.id },
        ]);
      }
      expect((await t.call('GET', `/v1/journal?dateRange=${otherDay}_${otherDay}`, { cookie })).json.ResponseData).toEqual([]);
    }
  });

  it('a super admin keeps a journal too, on UTC dates (no school)', async () => {
    t.clock.set('2026-10-16T05:30:00Z');
    const sa = await buildUser(t.app, { isSuperAdmin: true });
    const cookie = await sessionFor(t.app, sa.id);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Hi', description: 'There' } })).status).toBe(200);
    expect((await t.call('GET', '/v1/journal?dateRange=2026-10-16_2026-10-16', { cookie })).json.ResponseData).toHaveLength(1);
    expect((await t.call('GET', `/v1/journal?${q}`, { cookie })).json.ResponseData).toHaveLength(0);
  });
});
