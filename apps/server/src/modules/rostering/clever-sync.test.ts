import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCleverFake, type CleverFake } from '../../test/fakes/clever-server.js';
import { loadSampleDistrict } from '../../test/fakes/sample-district.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { superAdmin } from '../admin/test-factories.js';
import { buildSisDistrict, drain } from './test-support.js';

// The whole path with the real Clever driver against the local Clever fake (sample district):
// token by client credentials, paged reads, then the engine; a second run with no change changes nothing.
let t: TestApp;
let fake: CleverFake;
beforeAll(async () => {
  t = await buildTestApp();
  fake = await startCleverFake();
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

describe('a Clever district', () => {
  it('a wrong client secret fails the connection test and the run with roster_auth_failed, and the secret never shows', async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, clever: { clientKey: fake.clientId, clientSecret: 'wrong-clever-secret' } });
    const { cookie } = await superAdmin(t.app);
    const test = await t.call('POST', `/v1/super/districts/${district.id}/roster/test-connection`, { cookie, body: {} });
    expect(test.json.ResponseData).toEqual({ ok: false, description: null, errorCode: 'roster_auth_failed', warnings: [] });
    const run = await sync(district.id, cookie);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'roster_auth_failed' });
    expect(JSON.stringify(run)).not.toContain('wrong-clever-secret');
  });

  it('the connection test says which API version the district is read with, and that v3.0 shares no 504 plans', async () => {
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, clever: { clientKey: fake.clientId, clientSecret: fake.clientSecret } });
    const { cookie } = await superAdmin(t.app);
    const test = async () => (await t.call('POST', `/v1/super/districts/${district.id}/roster/test-connection`, { cookie, body: {} })).json.ResponseData;
    expect(await test()).toEqual({ ok: true, description: 'Clever: Clever Sandbox District (sample) (API v3.1)', errorCode: null, warnings: [] });
    fake.pinnedTo = '3.0';
    try {
      expect(await test()).toEqual({
        ok: true,
        description: 'Clever: Clever Sandbox District (sample) (API v3.0)',
        errorCode: null,
        warnings: [{ code: 'clever_v30', values: {} }],
      });
    } finally {
      fake.pinnedTo = null;
    }
  });

  it('fills the 3 sample schools from the Clever fake, and an unchanged second run changes nothing', { timeout: 600_000 }, async () => {
    const sample = loadSampleDistrict();
    const district = await buildSisDistrict(t.app, { baseUrl: fake.baseUrl, clever: { clientKey: fake.clientId, clientSecret: fake.clientSecret } });
    const { cookie } = await superAdmin(t.app);
    const test = await t.call('POST', `/v1/super/districts/${district.id}/roster/test-connection`, { cookie, body: {} });
    expect(test.json.ResponseData).toMatchObject({ ok: true, errorCode: null });
    expect(test.json.ResponseData.description).toMatch(/^Clever: /);

    const first = await sync(district.id, cookie);
    expect(first).toMatchObject({ status: 'done', errorCode: null });
    expect(first.counts.schoolsCreated).toBe(3);
    const db = t.app.services.db;
    const schools = await db.selectFrom('schools').select(['id', 'name']).where('districtId', '=', district.id).execute();
    expect(schools.map((s) => s.name).sort()).toEqual(sample.schools.map((s) => s.name).sort());
    const members = await db
      .selectFrom('schoolMemberships as m')
      .innerJoin('schools as s', 's.id', 'm.schoolId')
      .select(['m.role', 'm.languageLevel', 'm.status'])
      .where('s.districtId', '=', district.id)
      .execute();
    const students = members.filter((m) => m.role === 'student');
    expect(students).toHaveLength(sample.students.length);
    expect(members.filter((m) => m.role === 'teacher').length).toBeGreaterThanOrEqual(new Set(sample.teachers.map((x) => x.id)).size);
    // English learners come from the v3.0 student data.
    expect(students.filter((s) => s.languageLevel === 'L')).toHaveLength(sample.students.filter((s) => s.ell).length);
    const classes = await db
      .selectFrom('classes as c')
      .innerJoin('schools as s', 's.id', 'c.schoolId')
      .select('c.id')
      .where('s.districtId', '=', district.id)
      .execute();
    expect(classes.length).toBeGreaterThan(300);

    const second = await sync(district.id, cookie);
    expect(second).toMatchObject({ status: 'done', errorCode: null, errorDetail: null });
    const c = second.counts;
    expect([
      c.schoolsCreated,
      c.created,
      c.updated,
      c.deactivated,
      c.reactivated,
      c.classesCreated,
      c.classesUpdated,
      c.enrolmentsAdded,
      c.enrolmentsRemoved,
    ]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
