import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClassroomWorld, type ClassroomWorld } from '../test-factories.js';

let t: TestApp;
let w: ClassroomWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassroomWorld(t.app);
});
afterAll(() => t.close());

describe('trusted adults', () => {
  it('401 signed out; 403 for anyone but a student', async () => {
    expect((await t.call('GET', '/v1/trusted-adults')).status).toBe(401);
    expect((await t.call('POST', '/v1/trusted-adults', { body: { adultIds: [w.teacher.id] } })).status).toBe(401);
    for (const cookie of [w.cookies.teacher, w.cookies.parent, w.cookies.staff]) {
      expect((await t.call('GET', '/v1/trusted-adults', { cookie })).status).toBe(403);
      expect((await t.call('GET', '/v1/trusted-adults/candidates', { cookie })).status).toBe(403);
      expect((await t.call('POST', '/v1/trusted-adults', { cookie, body: { adultIds: [w.teacher.id] } })).status).toBe(403);
      expect((await t.call('DELETE', `/v1/trusted-adults/${w.teacher.id}`, { cookie })).status).toBe(403);
    }
  });

  it("candidates are the active teachers and staff of the student's school", async () => {
    const res = await t.call('GET', '/v1/trusted-adults/candidates', { cookie: w.cookies.student });
    const ids = res.json.ResponseData.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([w.teacher.id, w.substitute.id, w.admin.id, w.staff.id]));
    for (const id of [w.pending.id, w.parent.id, w.student2.id, w.otherTeacher.id]) expect(ids).not.toContain(id);
    const staff = res.json.ResponseData.find((a: { id: string }) => a.id === w.staff.id);
    // A student gets no adult's e-mail, and cannot find one by searching addresses either.
    expect(staff).toEqual({ id: w.staff.id, name: 'Stan Staff', category: 'staff' });
    const search = await t.call('GET', '/v1/trusted-adults/candidates?search=stan', { cookie: w.cookies.student });
    expect(search.json.ResponseData.map((a: { id: string }) => a.id)).toEqual([w.staff.id]);
    const byAddress = await t.call('GET', `/v1/trusted-adults/candidates?search=${encodeURIComponent(w.staff.email!)}`, { cookie: w.cookies.student });
    expect(byAddress.json.ResponseData).toEqual([]);
    await t.call('POST', '/v1/trusted-adults', { cookie: w.cookies.student, body: { adultIds: [w.staff.id] } });
    const mine = await t.call('GET', '/v1/trusted-adults', { cookie: w.cookies.student });
    expect(JSON.stringify(mine.json.ResponseData)).not.toContain('@');
    await t.call('DELETE', `/v1/trusted-adults/${w.staff.id}`, { cookie: w.cookies.student });
  });

  it('adds and removes trusted adults; bad ids are refused as a whole', async () => {
    expect((await t.call('POST', '/v1/trusted-adults', { cookie: w.cookies.student, body: { adultIds: [] } })).status).toBe(400);
    expect((await t.call('POST', '/v1/trusted-adults', { cookie: w.cookies.student, body: { adultIds: ['x'] } })).status).toBe(400);
    for (const bad of [w.otherTeacher.id, w.parent.id, w.student2.id, w.pending.id, w.student.id]) {
      const res = await t.call('POST', '/v1/trusted-adults', { cookie: w.cookies.student, body: { adultIds: [w.teacher.id, bad] } });
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('TRUSTED_ADULT_NOT_ALLOWED');
    }
    expect((await t.call('GET', '/v1/trusted-adults', { cookie: w.cookies.student })).json.ResponseData).toEqual([]);

    const added = await t.call('POST', '/v1/trusted-adults', { cookie: w.cookies.student, body: { adultIds: [w.teacher.id, w.staff.id] } });
    expect(added.status).toBe(200);
    expect(added.json.ResponseData.map((a: { name: string; category: string }) => [a.name, a.category])).toEqual([
      ['Stan Staff', 'staff'],
      ['Tina Teacher', 'teacher'],
    ]);
    const candidates = await t.call('GET', '/v1/trusted-adults/candidates', { cookie: w.cookies.student });
    expect(candidates.json.ResponseData.map((a: { id: string }) => a.id)).not.toContain(w.teacher.id);
    // Another student's list is their own.
    expect((await t.call('GET', '/v1/trusted-adults', { cookie: w.cookies.student2 })).json.ResponseData).toEqual([]);

    const removed = await t.call('DELETE', `/v1/trusted-adults/${w.teacher.id}`, { cookie: w.cookies.student });
    expect(removed.json.ResponseData.map((a: { id: string }) => a.id)).toEqual([w.staff.id]);
    expect((await t.call('DELETE', `/v1/trusted-adults/${w.teacher.id}`, { cookie: w.cookies.student })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/trusted-adults/${w.staff.id}`, { cookie: w.cookies.student2 })).status).toBe(404);
    expect((await t.call('DELETE', '/v1/trusted-adults/nope', { cookie: w.cookies.student })).status).toBe(400);
  });
});
