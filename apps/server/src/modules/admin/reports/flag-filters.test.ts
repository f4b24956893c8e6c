import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { auditActions, member, schoolWithAdmin, superAdmin } from '../test-factories.js';

// Students filtered by IEP, 504, English learner and grade: admins only, every flag filter audited (docs/decisions/0601).
let t: TestApp;
const RANGE = '2026-10-06_2026-10-15';
let w: Awaited<ReturnType<typeof arrange>>;

async function arrange() {
  const { school, admin, cookie } = await schoolWithAdmin(t.app);
  const student = async (name: string, grade: number, flags: { iep?: boolean; plan504?: boolean; languageLevel?: string } = {}) => {
    const user = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: name, lastName: 'Pupil', grade });
    if (Object.keys(flags).length) await t.app.services.db.updateTable('schoolMemberships').set(flags).where('userId', '=', user.id).execute();
    return user;
  };
  const ann = await student('Ann', 5, { iep: true });
  const ben = await student('Ben', 5, { iep: true, languageLevel: 'L' });
  const cat = await student('Cat', 6, { plan504: true, languageLevel: 'LF' });
  const dan = await student('Dan', 6);
  const teacher = await member(t.app, school.id, { role: 'teacher' });
  await buildClass(t.app, { schoolId: school.id, ownerId: teacher.user.id, studentIds: [ann.id, ben.id, cat.id, dan.id] });
  const other = await schoolWithAdmin(t.app);
  const outsider = await buildUser(t.app, { schoolId: other.school.id, role: 'student', firstName: 'Out', lastName: 'Sider', grade: 5 });
  await t.app.services.db.updateTable('schoolMemberships').set({ iep: true, plan504: true, languageLevel: 'L' }).where('userId', '=', outsider.id).execute();
  const superCookie = (await superAdmin(t.app)).cookie;
  return { school, admin, cookie, teacher, ann, ben, cat, dan, superCookie };
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await arrange();
});
afterAll(() => t.close());

const names = (res: { json: { ResponseData: { rows: { name: string }[] } } }) => res.json.ResponseData.rows.map((r) => r.name.split(' ')[0]).sort();
const flagAudits = async () => (await auditActions(t.app, w.school.id)).filter((a) => a.action === 'students.flagFilter');

describe('the student list (roster)', () => {
  it("an admin's list filters by every flag named and by grade, and shows each student's flags", async () => {
    const iep = await t.call('GET', '/v1/roster/students?flags=iep', { cookie: w.cookie });
    expect(iep.status).toBe(200);
    expect(names(iep)).toEqual(['Ann', 'Ben']);
    expect(names(await t.call('GET', '/v1/roster/students?flags=iep,englishLearner', { cookie: w.cookie }))).toEqual(['Ben']);
    expect(names(await t.call('GET', '/v1/roster/students?flags=plan504', { cookie: w.cookie }))).toEqual(['Cat']);
    expect(names(await t.call('GET', '/v1/roster/students?grade=6', { cookie: w.cookie }))).toEqual(['Cat', 'Dan']);
    const all = (await t.call('GET', '/v1/roster/students', { cookie: w.cookie })).json.ResponseData.rows as { name: string; flags: unknown }[];
    expect(all.find((r) => r.name.startsWith('Ben'))!.flags).toEqual({ iep: true, plan504: false, englishLearner: true });
    expect(all.find((r) => r.name.startsWith('Cat'))!.flags).toEqual({ iep: false, plan504: true, englishLearner: false });
  });

  it("a teacher's list has no flags, filters by grade, and a flag filter is refused with 403 FLAG_FILTER_ADMIN_ONLY", async () => {
    const before = (await flagAudits()).length;
    const list = await t.call('GET', '/v1/roster/students?grade=5', { cookie: w.teacher.cookie });
    expect(names(list)).toEqual(['Ann', 'Ben']);
    expect(list.json.ResponseData.rows.every((r: object) => !('flags' in r))).toBe(true);
    const refused = await t.call('GET', '/v1/roster/students?flags=iep', { cookie: w.teacher.cookie });
    expect(refused).toMatchObject({ status: 403, json: { ErrorCode: 'FLAG_FILTER_ADMIN_ONLY' } });
    expect((await flagAudits()).length).toBe(before);
  });

  it('an unknown flag or grade is a 400', async () => {
    expect((await t.call('GET', '/v1/roster/students?flags=diagnosis', { cookie: w.cookie })).status).toBe(400);
    expect((await t.call('GET', '/v1/roster/students?grade=13', { cookie: w.cookie })).status).toBe(400);
  });
});

describe('the reports that list students', () => {
  it('the group and mood reports filter by flags and grade; another school never shows', async () => {
    const group = await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&flags=iep`, { cookie: w.cookie });
    expect(group.status).toBe(200);
    expect(names(group)).toEqual(['Ann', 'Ben']);
    const mood = await t.call('GET', `/v1/admin/reports/mood?role=student&range=${RANGE}&flags=englishLearner&grade=5`, { cookie: w.cookie });
    expect(names(mood)).toEqual(['Ben']);
    const superGroup = await t.call('GET', `/v1/super/schools/${w.school.id}/reports/group?role=student&range=${RANGE}&flags=plan504`, {
      cookie: w.superCookie,
    });
    expect(names(superGroup)).toEqual(['Cat']);
  });

  it('flags on a report of teachers are a 400', async () => {
    const res = await t.call('GET', `/v1/admin/reports/group?role=teacher&range=${RANGE}&flags=iep`, { cookie: w.cookie });
    expect(res).toMatchObject({ status: 400, json: { issues: [{ path: 'query.flags', code: 'students_only' }] } });
  });

  it("a teacher's class reports refuse flags (403) and take a grade", async () => {
    for (const path of ['recognition', 'mood']) {
      const refused = await t.call('GET', `/v1/class-reports/${path}?range=${RANGE}&flags=iep`, { cookie: w.teacher.cookie });
      expect(refused).toMatchObject({ status: 403, json: { ErrorCode: 'FLAG_FILTER_ADMIN_ONLY' } });
      expect(names(await t.call('GET', `/v1/class-reports/${path}?range=${RANGE}&grade=6`, { cookie: w.teacher.cookie }))).toEqual(['Cat', 'Dan']);
    }
  });

  it('every flag filter an admin uses is audited with the list and the filter, never a student', async () => {
    const before = (await flagAudits()).length;
    await t.call('GET', `/v1/admin/reports/group?role=student&range=${RANGE}&flags=iep,plan504&grade=5`, { cookie: w.cookie });
    const audits = await flagAudits();
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)).toMatchObject({ actorId: w.admin.id, targetId: w.school.id, details: { list: 'groupReport', flags: ['iep', 'plan504'], grade: 5 } });
    const logged = JSON.stringify(audits);
    for (const s of [w.ann, w.ben, w.cat, w.dan]) expect(logged).not.toContain(s.id);
    // Grade alone is no flag filter: not audited.
    await t.call('GET', '/v1/roster/students?grade=5', { cookie: w.cookie });
    expect((await flagAudits()).length).toBe(before + 1);
    expect((await flagAudits()).map((a) => (a.details as { list: string }).list)).toEqual(expect.arrayContaining(['roster', 'moodReport', 'groupReport']));
  });

  it('a school admin cannot read another school through the super admin path', async () => {
    expect(
      (
        await t.call('GET', `/v1/super/schools/${w.school.id}/reports/group?role=student&range=${RANGE}&flags=iep`, {
          cookie: await sessionFor(t.app, w.admin.id, w.school.id),
        })
      ).status,
    ).toBe(403);
  });
});
