import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildClass, linkParent } from '../../test/factories.js';
import { member, schoolWithAdmin } from '../admin/test-factories.js';

// Someone a sync deactivated (the SIS no longer returns them) disappears from every list and
// recipient choice of the other areas; their history stays (docs/decisions/0484).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function world() {
  const { school, admin, cookie: adminCookie } = await schoolWithAdmin(t.app);
  const teacher = await member(t.app, school.id, { role: 'teacher' });
  const staff = await member(t.app, school.id, { role: 'staff' });
  const parent = await member(t.app, school.id, { role: 'parent' });
  const amy = (await member(t.app, school.id, { role: 'student', firstName: 'Amy', lastName: 'Stays' })).user;
  const ben = (await member(t.app, school.id, { role: 'student', firstName: 'Ben', lastName: 'Left' })).user;
  const cal = (await member(t.app, school.id, { role: 'student', firstName: 'Cal', lastName: 'Left' })).user;
  // A class the teacher made by hand: a sync never touches it, so Ben stays enrolled in it.
  const cls = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.user.id, name: 'Art club', studentIds: [amy.id, ben.id] });
  await linkParent(t.app, parent.user.id, amy.id);
  await linkParent(t.app, parent.user.id, ben.id);
  await t.app.services.db
    .updateTable('schoolMemberships')
    .set({ status: 'inactive' })
    .where('schoolId', '=', school.id)
    .where('userId', 'in', [ben.id, cal.id])
    .execute();
  return { school, admin, adminCookie, teacher, staff, parent, amy, ben, cal, cls };
}

const get = async (url: string, cookie: string) => {
  const res = await t.call('GET', url, { cookie });
  expect(res.status, url).toBe(200);
  return res.json.ResponseData;
};
const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();

describe('a member a sync deactivated', () => {
  it("is gone from a hand-made class's list, its seating chart and the class's add-student picker, and cannot be enrolled", async () => {
    const w = await world();
    const cookie = w.teacher.cookie;
    expect(ids(await get(`/v1/classes/${w.cls.id}/students`, cookie))).toEqual([w.amy.id]);
    expect(ids((await get(`/v1/classes/${w.cls.id}/seating`, cookie)).students)).toEqual([w.amy.id]);
    const candidates = await get(`/v1/classes/${w.cls.id}/student-candidates?search=Left`, cookie);
    expect(candidates).toEqual([]);
    const enrol = await t.call('POST', `/v1/classes/${w.cls.id}/students`, { cookie, body: { studentIds: [w.cal.id] } });
    expect(enrol.status).toBeGreaterThanOrEqual(400);
    expect(
      await t.app.services.db.selectFrom('enrolments').select('studentId').where('classId', '=', w.cls.id).where('studentId', '=', w.cal.id).executeTakeFirst(),
    ).toBeUndefined();
    // History stays: Ben's enrolment row is kept for reports.
    expect(
      await t.app.services.db.selectFrom('enrolments').select('studentId').where('classId', '=', w.cls.id).where('studentId', '=', w.ben.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it("is gone from the admin's family links, a parent's children and a staff member's student picker (feedback)", async () => {
    const w = await world();
    const links = (await get('/v1/admin/family-links', w.adminCookie)) as { studentId: string }[];
    expect(links.map((l) => l.studentId)).toEqual([w.amy.id]);
    expect(ids(await get('/v1/my-students', w.parent.cookie))).toEqual([w.amy.id]);
    expect(ids(await get('/v1/my-students?search=Left', w.staff.cookie))).toEqual([]);
    expect(ids(await get('/v1/my-students?search=Stays', w.staff.cookie))).toEqual([w.amy.id]);
  });

  it('is not offered as a High 5 recipient', async () => {
    const w = await world();
    const page = await get('/v1/recognition/recipients?role=student&limit=50', w.teacher.cookie);
    const shown = JSON.stringify(page);
    expect(shown).toContain(w.amy.id);
    expect(shown).not.toContain(w.ben.id);
    expect(shown).not.toContain(w.cal.id);
  });
});
