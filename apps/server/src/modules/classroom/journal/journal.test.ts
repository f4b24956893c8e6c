import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

const q = 'dateRange=2026-10-06_2026-10-15&tz=America/Los_Angeles';

describe('gratitude journal', () => {
  it('401 signed out; 400 for blank or too long text, a bad range or time zone', async () => {
    expect((await t.call('GET', `/v1/journal?${q}`)).status).toBe(401);
    expect((await t.call('POST', '/v1/journal', { body: { heading: 'a', description: 'b' } })).status).toBe(401);
    const cookie = w.cookies.student;
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: '  ', description: 'b' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'a' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'x'.repeat(121), description: 'b' } })).status).toBe(400);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'a', description: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await t.call('GET', '/v1/journal?dateRange=2026-10-06_2026-10-15&tz=Mars/Olympus', { cookie })).status).toBe(400);
    expect((await t.call('GET', '/v1/journal?dateRange=2026-10-06_2026-10-15', { cookie })).status).toBe(400);
  });

  it('writes, lists by date in the given time zone, edits and deletes an entry', async () => {
    const cookie = w.cookies.teacher;
    const created = await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Sunny day', description: 'Grateful for <b>recess</b>' } });
    expect(created.status).toBe(200);
    const entry = created.json.ResponseData;
    expect(entry).toMatchObject({ heading: 'Sunny day', description: 'Grateful for <b>recess</b>', writtenAt: '2026-10-15T16:00:00.000Z' });
    // 16:00Z is 10/15 in Los Angeles but 10/16 in Tokyo.
    expect((await t.call('GET', `/v1/journal?${q}`, { cookie })).json.ResponseData).toHaveLength(1);
    expect((await t.call('GET', '/v1/journal?dateRange=2026-10-06_2026-10-15&tz=Asia/Tokyo', { cookie })).json.ResponseData).toHaveLength(0);
    t.clock.advance(60_000);
    const updated = await t.call('PUT', `/v1/journal/${entry.id}`, { cookie, body: { heading: 'Sunny day!', description: 'And friends' } });
    expect(updated.json.ResponseData).toMatchObject({ id: entry.id, heading: 'Sunny day!', description: 'And friends', writtenAt: entry.writtenAt, updatedAt: '2026-10-15T16:01:00.000Z' });
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

  it('a super admin keeps a journal too', async () => {
    const sa = await buildUser(t.app, { isSuperAdmin: true });
    const cookie = await sessionFor(t.app, sa.id);
    expect((await t.call('POST', '/v1/journal', { cookie, body: { heading: 'Hi', description: 'There' } })).status).toBe(200);
    expect((await t.call('GET', `/v1/journal?${q}`, { cookie })).json.ResponseData).toHaveLength(1);
  });
});
