import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

// A parent's "Mood history" (docs/decisions/0597): My students says which children's history the
// parent may read, and the history endpoint answers the same one rule (decision 0420).
let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
  await t.call('POST', '/v1/moods', { cookie: w.cookies.student, body: { mood: 'smile' } });
});
afterAll(() => t.close());

const range = 'dateRange=2026-09-16_2026-10-15';
const history = (studentId: string, cookie: string) => t.call('GET', `/v1/moods/students/${studentId}?${range}`, { cookie });
const shareMoods = (on: boolean) => t.call('PATCH', '/v1/admin/alerts/settings', { cookie: w.cookies.admin, body: { parentsSeeMoods: on } });
const flags = async (cookie: string) =>
  (await t.call('GET', '/v1/my-students', { cookie })).json.ResponseData.map((k: { id: string; canReadMoodHistory: boolean }) => [k.id, k.canReadMoodHistory]);

describe("a parent reads their child's mood history only when the school shares moods with families", () => {
  it('setting on: My students offers the history and the parent reads the range', async () => {
    expect((await shareMoods(true)).status).toBe(200);
    expect(await flags(w.cookies.parent)).toEqual([[w.student.id, true]]);
    const res = await history(w.student.id, w.cookies.parent);
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual([expect.objectContaining({ date: '2026-10-15', mood: 'smile' })]);
  });

  it('setting off: no history offered and 403', async () => {
    await shareMoods(false);
    try {
      expect(await flags(w.cookies.parent)).toEqual([[w.student.id, false]]);
      expect((await history(w.student.id, w.cookies.parent)).status).toBe(403);
    } finally {
      await shareMoods(true);
    }
  });

  it('not their child: 403; a student of another school: 404; a parent of another school: 404', async () => {
    expect((await history(w.student2.id, w.cookies.parent)).status).toBe(403);
    expect((await history(w.otherStudent.id, w.cookies.parent)).status).toBe(404);
    const otherParent = await buildUser(t.app, { schoolId: w.other.id, role: 'parent' });
    await linkParent(t.app, otherParent.id, w.otherStudent.id);
    const cookie = await sessionFor(t.app, otherParent.id);
    expect(await flags(cookie)).toEqual([[w.otherStudent.id, true]]);
    expect((await history(w.student.id, cookie)).status).toBe(404);
  });

  it("bad ranges are refused in the user's terms, not with a 500", async () => {
    const inverted = await t.call('GET', `/v1/moods/students/${w.student.id}?dateRange=2026-10-15_2026-10-01`, { cookie: w.cookies.parent });
    expect(inverted.status).toBe(400);
    const junk = await t.call('GET', `/v1/moods/students/${w.student.id}?dateRange=yesterday`, { cookie: w.cookies.parent });
    expect(junk.status).toBe(400);
  });
});
