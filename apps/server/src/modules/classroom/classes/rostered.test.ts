import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser, sessionFor } from '../../../test/factories.js';
import { schoolWithAdmin, superAdmin } from '../../admin/test-factories.js';
import type { RosterSnapshot } from '../../rostering/sources/types.js';
import { buildSisDistrict, drain, useMemorySource } from '../../rostering/test-support.js';

// A rostered class's students are the SIS's (docs/decisions/0600); a class made by hand in the same school is not.
let t: TestApp;
const source = useMemorySource();
const db = () => t.app.services.db;
const uid = Math.random().toString(36).slice(2, 8);
const person = (id: string, role: 'student' | 'teacher') => ({
  sourceId: id,
  role,
  schoolSourceIds: ['sch'],
  firstName: `F${id}`,
  lastName: `L${id}`,
  email: `${id}-${uid}@district.example`,
});
const snapshot: RosterSnapshot = {
  schools: [{ sourceId: 'sch', name: `Rostered ${uid}` }],
  people: [person('t1', 'teacher'), person('s0', 'student'), person('s1', 'student'), person('s2', 'student')],
  sections: [{ sourceId: 'sec1', schoolSourceId: 'sch', name: 'Math 1', teacherSourceIds: ['t1'], studentSourceIds: ['s0', 's1'] }],
};

let districtId: string;
let superCookie: string;
let school: { id: string };
let rostered: { id: string; joiningCode: string };
let handMade: string;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function sync() {
  const res = await t.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie: superCookie, body: {} });
  expect(res.status).toBe(200);
  await drain(t.app);
  return (await t.call('GET', `/v1/super/roster-runs/${res.json.ResponseData.id}`, { cookie: superCookie })).json.ResponseData;
}
const enrolled = async (classId: string) =>
  (await db().selectFrom('enrolments').select('studentId').where('classId', '=', classId).execute()).map((r) => r.studentId).sort();

beforeAll(async () => {
  t = await buildTestApp();
  districtId = (await buildSisDistrict(t.app)).id;
  superCookie = (await superAdmin(t.app)).cookie;
  source.full(snapshot);
  expect((await sync()).status).toBe('done');
  school = await db().selectFrom('schools').select('id').where('districtId', '=', districtId).executeTakeFirstOrThrow();
  for (const p of snapshot.people) {
    const user = await db().selectFrom('users').select('id').where('email', '=', p.email).executeTakeFirstOrThrow();
    ids[p.sourceId] = user.id;
    cookies[p.sourceId] = await sessionFor(t.app, user.id, school.id);
  }
  rostered = await db()
    .selectFrom('classes')
    .select(['id', 'joiningCode'])
    .where('schoolId', '=', school.id)
    .where('sourceId', '=', 'sec1')
    .executeTakeFirstOrThrow();
  const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
  cookies.admin = await sessionFor(t.app, admin.id, school.id);
  const made = await t.call('POST', '/v1/classes', { cookie: cookies.t1, body: { name: 'Club' } });
  handMade = made.json.ResponseData.id;
});
afterAll(() => t.close());

const invite = (classId: string, cookie: string) =>
  t.call('POST', `/v1/classes/${classId}/invitations`, { cookie, body: { students: [{ email: `new-${uid}@x.example`, firstName: 'N', lastName: 'New' }] } });

describe('a rostered class', () => {
  it('is listed as rostered: its teacher may manage it but not change its students; the hand-made one may', async () => {
    const list = (await t.call('GET', '/v1/classes', { cookie: cookies.t1 })).json.ResponseData as {
      id: string;
      rostered: boolean;
      policies: Record<string, boolean>;
    }[];
    expect(list.find((c) => c.id === rostered.id)).toMatchObject({ rostered: true, policies: { canManage: true, canChangeStudents: false } });
    expect(list.find((c) => c.id === handMade)).toMatchObject({ rostered: false, policies: { canManage: true, canChangeStudents: true } });
  });

  it('refuses adding, removing, inviting and approving students, to its teacher and the school admin, with 409 CLASS_ROSTERED', async () => {
    for (const cookie of [cookies.t1!, cookies.admin!]) {
      const add = await t.call('POST', `/v1/classes/${rostered.id}/students`, { cookie, body: { studentIds: [ids.s2] } });
      expect(add).toMatchObject({ status: 409, json: { ErrorCode: 'CLASS_ROSTERED' } });
      const remove = await t.call('DELETE', `/v1/classes/${rostered.id}/students/${ids.s0}`, { cookie });
      expect(remove).toMatchObject({ status: 409, json: { ErrorCode: 'CLASS_ROSTERED' } });
      expect(await invite(rostered.id, cookie)).toMatchObject({ status: 409, json: { ErrorCode: 'CLASS_ROSTERED' } });
      const approve = await t.call('POST', `/v1/classes/${rostered.id}/requests/decision`, { cookie, body: { studentIds: [ids.s2], enroll: true } });
      expect(approve).toMatchObject({ status: 409, json: { ErrorCode: 'CLASS_ROSTERED' } });
    }
    expect(await enrolled(rostered.id)).toEqual([ids.s0, ids.s1].sort());
  });

  it('a request asked before the class was rostered can still be rejected', async () => {
    await db().insertInto('enrolmentRequests').values({ classId: rostered.id, studentId: ids.s2! }).execute();
    const reject = await t.call('POST', `/v1/classes/${rostered.id}/requests/decision`, { cookie: cookies.t1, body: { studentIds: [ids.s2], enroll: false } });
    expect(reject).toMatchObject({ status: 200, json: { ResponseData: { failedStudentIds: [] } } });
    expect(await enrolled(rostered.id)).not.toContain(ids.s2);
  });

  it('is not offered to join, refuses a join request (409) and its code signs nobody up (400 CLASS_ROSTERED)', async () => {
    const offered = (await t.call('GET', '/v1/student/classes?enrolled=false', { cookie: cookies.s2 })).json.ResponseData as { id: string }[];
    expect(offered.map((c) => c.id)).toEqual([handMade]);
    const ask = await t.call('POST', `/v1/student/classes/${rostered.id}/request`, { cookie: cookies.s2, body: {} });
    expect(ask).toMatchObject({ status: 409, json: { ErrorCode: 'CLASS_ROSTERED' } });
    const body = {
      role: 'student',
      firstName: 'Leo',
      lastName: 'Pérez',
      emailOrUsername: `leo-${uid}@x.example`,
      password: 'Sunny-day-42!',
      language: 'es',
      acceptedTerms: true,
      classCode: rostered.joiningCode,
    };
    const signUp = await t.call('POST', '/v1/auth/sign-up', { body });
    expect(signUp).toMatchObject({ status: 400, json: { ErrorCode: 'CLASS_ROSTERED', issues: [{ path: 'body.classCode', code: 'CLASS_ROSTERED' }] } });
  });

  it('another school still gets 404 for it', async () => {
    const other = await schoolWithAdmin(t.app);
    expect((await t.call('POST', `/v1/classes/${rostered.id}/students`, { cookie: other.cookie, body: { studentIds: [ids.s2] } })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/classes/${rostered.id}/students/${ids.s0}`, { cookie: other.cookie })).status).toBe(404);
    expect((await invite(rostered.id, other.cookie)).status).toBe(404);
  });

  it("the next sync finds nothing to undo: its students are the section's", async () => {
    const run = await sync();
    expect(run.status).toBe('done');
    expect(run.counts).toMatchObject({ enrolmentsAdded: 0, enrolmentsRemoved: 0, classesCreated: 0, classesUpdated: 0 });
    expect(await enrolled(rostered.id)).toEqual([ids.s0, ids.s1].sort());
  });
});

describe('a class made by hand in the same school', () => {
  it('still takes students added, asked for and removed', async () => {
    const add = await t.call('POST', `/v1/classes/${handMade}/students`, { cookie: cookies.t1, body: { studentIds: [ids.s0] } });
    expect(add).toMatchObject({ status: 200, json: { ResponseData: { enrolled: 1 } } });
    expect((await t.call('POST', `/v1/student/classes/${handMade}/request`, { cookie: cookies.s2, body: {} })).status).toBe(200);
    const approve = await t.call('POST', `/v1/classes/${handMade}/requests/decision`, { cookie: cookies.t1, body: { studentIds: [ids.s2], enroll: true } });
    expect(approve.status).toBe(200);
    expect((await t.call('DELETE', `/v1/classes/${handMade}/students/${ids.s0}`, { cookie: cookies.admin })).status).toBe(200);
    expect(await enrolled(handMade)).toEqual([ids.s2]);
  });

  it('is left alone by the sync', async () => {
    const run = await sync();
    expect(run.counts).toMatchObject({ enrolmentsAdded: 0, enrolmentsRemoved: 0 });
    expect(await enrolled(handMade)).toEqual([ids.s2]);
  });
});
