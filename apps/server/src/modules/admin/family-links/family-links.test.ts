import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.app.services.db;

async function world() {
  const school = await buildSchool(t.app);
  const other = await buildSchool(t.app);
  const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
  const student = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Ana', lastName: 'Kid' });
  const sibling = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Bo', lastName: 'Kid' });
  const parent = await buildUser(t.app, { schoolId: school.id, role: 'parent', firstName: 'Pat', lastName: 'Kid' });
  await linkParent(t.app, parent.id, student.id);
  await linkParent(t.app, parent.id, sibling.id);
  // A teacher elsewhere, asked by the student and not yet answering.
  const asked = await buildUser(t.app, { schoolId: other.id, role: 'teacher', firstName: 'Quinn', lastName: 'Asked' });
  await db().insertInto('parentLinkRequests').values({ schoolId: school.id, parentId: asked.id, studentId: student.id }).execute();
  // Another school's link is never listed here.
  const otherKid = await buildUser(t.app, { schoolId: other.id, role: 'student' });
  const otherParent = await buildUser(t.app, { schoolId: other.id, role: 'parent' });
  await linkParent(t.app, otherParent.id, otherKid.id);
  return { school, other, admin, student, sibling, parent, asked, otherKid, otherParent, cookie: await sessionFor(t.app, admin.id) };
}

describe('admin family links', () => {
  it('when signed out 401; for a teacher without the admin flag, a parent or a student 403', async () => {
    const w = await world();
    expect((await t.call('GET', '/v1/admin/family-links')).status).toBe(401);
    const teacher = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher' });
    for (const id of [teacher.id, w.parent.id, w.student.id]) {
      const cookie = await sessionFor(t.app, id);
      expect((await t.call('GET', '/v1/admin/family-links', { cookie })).status).toBe(403);
      expect((await t.call('DELETE', `/v1/admin/family-links/${w.parent.id}/${w.student.id}`, { cookie, body: {} })).status).toBe(403);
    }
  });

  it("lists the school's links and waiting requests, never another school's", async () => {
    const w = await world();
    const res = await t.call('GET', '/v1/admin/family-links', { cookie: w.cookie });
    expect(res.status).toBe(200);
    const rows = res.json.ResponseData as { parentId: string; studentId: string; status: string; parentName: string; studentName: string }[];
    expect(rows.map((r) => [r.parentName, r.studentName, r.status])).toEqual([
      ['Pat Kid', 'Ana Kid', 'linked'],
      ['Quinn Asked', 'Ana Kid', 'requested'],
      ['Pat Kid', 'Bo Kid', 'linked'],
    ]);
    expect(rows.map((r) => r.parentId)).not.toContain(w.otherParent.id);
  });

  it('removes a link; the parent keeps the school while another child is here, and loses it with the last', async () => {
    const w = await world();
    const membership = () =>
      db().selectFrom('schoolMemberships').select('role').where('userId', '=', w.parent.id).where('schoolId', '=', w.school.id).executeTakeFirst();
    const first = await t.call('DELETE', `/v1/admin/family-links/${w.parent.id}/${w.student.id}`, { cookie: w.cookie, body: {} });
    expect(first.status).toBe(200);
    expect(first.json.ResponseData.filter((r: { parentId: string }) => r.parentId === w.parent.id)).toHaveLength(1);
    expect(await membership()).toEqual({ role: 'parent' });
    await t.call('DELETE', `/v1/admin/family-links/${w.parent.id}/${w.sibling.id}`, { cookie: w.cookie, body: {} });
    expect(await membership()).toBeUndefined();
    expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', w.parent.id).execute()).toEqual([]);
    // The parent now sees nothing of the school.
    const parentCookie = await sessionFor(t.app, w.parent.id);
    expect((await t.call('GET', '/v1/recognition/recipients?role=parent', { cookie: parentCookie })).status).toBe(403);
  });

  it("removes a waiting request; another school's link or an unknown pair is 404", async () => {
    const w = await world();
    expect((await t.call('DELETE', `/v1/admin/family-links/${w.asked.id}/${w.student.id}`, { cookie: w.cookie, body: {} })).status).toBe(200);
    expect(await db().selectFrom('parentLinkRequests').selectAll().where('parentId', '=', w.asked.id).execute()).toEqual([]);
    expect((await t.call('DELETE', `/v1/admin/family-links/${w.otherParent.id}/${w.otherKid.id}`, { cookie: w.cookie, body: {} })).status).toBe(404);
    expect(await db().selectFrom('parentLinks').selectAll().where('parentId', '=', w.otherParent.id).execute()).toHaveLength(1);
    expect((await t.call('DELETE', `/v1/admin/family-links/${w.parent.id}/not-a-uuid`, { cookie: w.cookie, body: {} })).status).toBe(400);
  });
});
