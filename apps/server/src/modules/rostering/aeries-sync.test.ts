import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAeriesFake, type AeriesFake } from '../../test/fakes/aeries-server.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { superAdmin } from '../admin/test-factories.js';
import { buildSisDistrict, drain } from './test-support.js';

// The whole path with the real Aeries driver against the local Aeries fake (sample district).
let t: TestApp;
let fake: AeriesFake;
beforeAll(async () => {
  t = await buildTestApp();
  fake = await startAeriesFake();
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

async function sync(districtId: string, cookie: string) {
  const res = await t.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie, body: {} });
  expect(res.status).toBe(200);
  await drain(t.app);
  return (await t.call('GET', `/v1/super/roster-runs/${res.json.ResponseData.id}`, { cookie })).json.ResponseData;
}

describe("the district editor's connection test", () => {
  const test = async (districtId: string, cookie: string) => {
    const res = await t.call('POST', `/v1/super/districts/${districtId}/roster/test-connection`, { cookie, body: {} });
    expect(res.status).toBe(200);
    return res.json.ResponseData;
  };
  it('with the right certificate, describes the district from systeminfo and the schools', async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, certificate: fake.certificate });
    const { cookie } = await superAdmin(t.app);
    expect(await test(district.id, cookie)).toEqual({ ok: true, description: 'Aeries 10.25.5.6, 2015-2016, 3 schools', errorCode: null, warnings: [] });
    expect(fake.requests.some((r) => r.startsWith('GET /api/v5/systeminfo'))).toBe(true);
  });
  it('with a wrong certificate, answers roster_auth_failed and never shows the certificate', async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, certificate: 'wrong-certificate-value' });
    const { cookie } = await superAdmin(t.app);
    const answer = await test(district.id, cookie);
    expect(answer).toEqual({ ok: false, description: null, errorCode: 'roster_auth_failed', warnings: [] });
  });
  it('when nothing answers at the base URL, answers roster_unreachable', async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: 'http://127.0.0.1:9', certificate: fake.certificate });
    const { cookie } = await superAdmin(t.app);
    expect(await test(district.id, cookie)).toMatchObject({ ok: false, errorCode: 'roster_unreachable' });
  });
  it('a free district has no SIS to test: 400 ROSTER_NOT_SIS', async () => {
    const { cookie } = await superAdmin(t.app);
    const free = await t.app.services.db
      .insertInto('districts')
      .values({ name: `Free ${Date.now()}`, kind: 'free', paid: false, testMode: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.call('POST', `/v1/super/districts/${free.id}/roster/test-connection`, { cookie, body: {} });
    expect(res).toMatchObject({ status: 400, json: { ErrorCode: 'ROSTER_NOT_SIS' } });
  });
});

describe('an Aeries district', () => {
  // Before the big read: a request right after a whole-district read was seen to fail as roster_unreachable.
  it('a wrong certificate fails the run with roster_auth_failed, and the certificate never shows', async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, certificate: 'wrong-certificate-value' });
    const { cookie } = await superAdmin(t.app);
    const run = await sync(district.id, cookie);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'roster_auth_failed' });
    expect(JSON.stringify(run)).not.toContain('wrong-certificate-value');
  });
  it('fills its schools from the Aeries fake, with English-learner flags', { timeout: 600_000 }, async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, certificate: fake.certificate });
    const { cookie } = await superAdmin(t.app);
    const first = await sync(district.id, cookie);
    expect(first.status).toBe('done');
    expect(first.counts.schoolsCreated).toBe(3);
    const students = await t.app.services.db
      .selectFrom('schoolMemberships as m')
      .innerJoin('schools as s', 's.id', 'm.schoolId')
      .select(['m.languageLevel'])
      .where('s.districtId', '=', district.id)
      .where('m.role', '=', 'student')
      .execute();
    expect(students.length).toBeGreaterThanOrEqual(1004);
    expect(students.some((s) => s.languageLevel === 'L')).toBe(true);
    // Classes are named as Aeries names sections (course - period - teacher); a teacher's two
    // same-named sections differ by section number, never by the sync's internal id.
    const classes = await t.app.services.db
      .selectFrom('classes as c')
      .innerJoin('schools as s', 's.id', 'c.schoolId')
      .select(['c.name', 'c.ownerId'])
      .where('s.districtId', '=', district.id)
      .execute();
    const guidance = classes.filter((c) => c.name.startsWith('Group Guidance - 0 - '));
    expect(guidance.length).toBeGreaterThanOrEqual(6);
    expect(new Set(classes.map((c) => `${c.ownerId}|${c.name}`)).size).toBe(classes.length);
    expect(classes.filter((c) => / \(\d+-\d+\)$/.test(c.name))).toEqual([]);
    expect(classes.some((c) => / - 0 - [A-Z]\. .+ \(\d+\)$/.test(c.name))).toBe(true);
  });
});
