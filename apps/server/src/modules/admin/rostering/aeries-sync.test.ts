import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAeriesFake, type AeriesFake } from '../../../test/fakes/aeries-server.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { superAdmin } from '../test-factories.js';
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

describe('an Aeries district', () => {
  // Before the big read: a request right after a whole-district read was seen to fail as roster_unreachable (see the issue 9 report).
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
  });

});
