import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildDistrict, buildSchool } from '../../../test/factories.js';
import { NEW_PASSWORD, resetLimits } from '../../auth/test-factories.js';
import { buildSisDistrict } from '../../rostering/test-support.js';
import { decryptCredentials } from '../../../lib/district-credentials.js';
import { auditActions, schoolWithAdmin, superAdmin } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const unique = () => randomUUID().slice(0, 8);

describe('PATCH /super/districts/:districtId', () => {
  it('answers 401 signed out, 403 to a school admin, 404 for an unknown district', async () => {
    const district = await buildDistrict(t.app);
    expect((await t.call('PATCH', `/v1/super/districts/${district.id}`, { body: { name: 'X' } })).status).toBe(401);
    expect((await t.call('PATCH', `/v1/super/districts/${district.id}`, { cookie: (await schoolWithAdmin(t.app)).cookie, body: { name: 'X' } })).status).toBe(
      403,
    );
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('PATCH', `/v1/super/districts/${randomUUID()}`, { cookie, body: { name: 'X' } })).status).toBe(404);
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a domain without a dot', { domains: ['localhost'] }],
    ['an e-mail address instead of a domain', { domains: ['ms.smith@school.example'] }],
    ['a domain with a space', { domains: ['my school.example'] }],
    ['an unknown field', { homepage: 'https://x.example' }],
    ['a base URL that is not http(s)', { baseUrl: 'ftp://x.example' }],
    ['a client key without its secret', { clientKey: 'key-only' }],
  ])('when given %s, it answers 400 with the field', async (_label, body) => {
    const district = await buildDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('PATCH', `/v1/super/districts/${district.id}`, { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it('renames the district and replaces its domains (lower-cased, "@" dropped, duplicates once), with an audit line of before and after', async () => {
    const district = await buildDistrict(t.app, { whitelistingDomains: ['old.example'] });
    const { user, cookie } = await superAdmin(t.app);
    const name = `Renamed ${unique()}`;
    const res = await t.call('PATCH', `/v1/super/districts/${district.id}`, {
      cookie,
      body: { name, domains: ['@Lincoln.K12.example', 'lincoln.k12.example', 'staff.example'] },
    });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ id: district.id, name, domains: ['lincoln.k12.example', 'staff.example'] });
    const list = await t.call('GET', '/v1/super/districts', { cookie });
    expect(list.json.ResponseData.find((d: { id: string }) => d.id === district.id)).toMatchObject({ name, domains: ['lincoln.k12.example', 'staff.example'] });
    const audit = (await auditActions(t.app, null)).find((a) => a.targetId === district.id && a.action === 'district.update')!;
    expect(audit).toMatchObject({
      actorId: user.id,
      details: { before: { name: district.name, domains: ['old.example'] }, after: { name, domains: ['lincoln.k12.example', 'staff.example'] } },
    });
  });

  it("changes an Aeries district's base URL and certificate (encrypted, never answered or audited) and clears its sync cursor", async () => {
    const district = await buildSisDistrict(t.app, { certificate: 'old-certificate-1234' });
    await t.app.services.db.updateTable('districts').set({ rosterCursor: '2026-11-01T10:00' }).where('id', '=', district.id).execute();
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('PATCH', `/v1/super/districts/${district.id}`, {
      cookie,
      body: { baseUrl: 'https://aeries.new.example/', certificate: 'new-certificate-5678' },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).not.toContain('new-certificate-5678');
    const row = await t.app.services.db
      .selectFrom('districts')
      .select(['baseUrl', 'credentialsEncrypted', 'rosterCursor'])
      .where('id', '=', district.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ baseUrl: 'https://aeries.new.example/', rosterCursor: null });
    expect(decryptCredentials(t.app.services.secret, district.id, row.credentialsEncrypted!)).toEqual({ certificate: 'new-certificate-5678' });
    const audits = await t.app.services.db.selectFrom('auditLog').select('details').where('targetId', '=', district.id).execute();
    expect(JSON.stringify(audits)).not.toMatch(/certificate-/);
  });

  it('refuses a Clever key on an Aeries district, and a base URL or credentials on a free one', async () => {
    const { cookie } = await superAdmin(t.app);
    const aeries = await buildSisDistrict(t.app);
    const wrong = await t.call('PATCH', `/v1/super/districts/${aeries.id}`, { cookie, body: { clientKey: 'k', clientSecret: 's' } });
    expect(wrong).toMatchObject({ status: 400, json: { ErrorCode: 'VALIDATION_FAILED' } });
    const free = await buildDistrict(t.app);
    for (const body of [{ baseUrl: 'https://x.example' }, { certificate: 'c' }]) {
      expect(await t.call('PATCH', `/v1/super/districts/${free.id}`, { cookie, body })).toMatchObject({ status: 400, json: { ErrorCode: 'ROSTER_NOT_SIS' } });
    }
  });

  it('the new domains decide sign-ups: a teacher on a listed domain is active at once, another waits for approval', async () => {
    await resetLimits(t.app);
    const district = await buildDistrict(t.app);
    const school = await buildSchool(t.app, { districtId: district.id });
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('PATCH', `/v1/super/districts/${district.id}`, { cookie, body: { domains: ['allowed.example'] } })).status).toBe(200);
    const statusOf = async (email: string) => {
      const body = {
        role: 'teacher',
        firstName: 'Ana',
        lastName: 'López',
        email,
        password: NEW_PASSWORD,
        language: 'en',
        acceptedTerms: true,
        districtId: district.id,
        schoolId: school.id,
      };
      expect((await t.call('POST', '/v1/auth/sign-up', { body })).status).toBe(200);
      await t.app.services.jobs.runDue();
      const row = await t.app.services.db
        .selectFrom('schoolMemberships as m')
        .innerJoin('users as u', 'u.id', 'm.userId')
        .select('m.status')
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow();
      return row.status;
    };
    expect(await statusOf(`ana.${unique()}@allowed.example`)).toBe('active');
    expect(await statusOf(`ana.${unique()}@elsewhere.example`)).toBe('pending');
  });

  it('when another district has the name (any case), it answers 409 DISTRICT_EXISTS; its own name in another case is fine', async () => {
    const taken = await buildDistrict(t.app, { name: `Taken ${unique()}` });
    const district = await buildDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('PATCH', `/v1/super/districts/${district.id}`, { cookie, body: { name: taken.name.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('DISTRICT_EXISTS');
    const same = await t.call('PATCH', `/v1/super/districts/${district.id}`, { cookie, body: { name: district.name.toUpperCase() } });
    expect(same.status).toBe(200);
  });
});

describe('DELETE /super/districts/:districtId', () => {
  it('answers 403 to a school admin and 404 for an unknown district', async () => {
    const district = await buildDistrict(t.app);
    expect((await t.call('DELETE', `/v1/super/districts/${district.id}`, { cookie: (await schoolWithAdmin(t.app)).cookie, body: {} })).status).toBe(403);
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('DELETE', `/v1/super/districts/${randomUUID()}`, { cookie, body: {} })).status).toBe(404);
  });

  it('when the district still has a school, it answers 409 DISTRICT_HAS_SCHOOLS and deletes nothing', async () => {
    const school = await buildSchool(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('DELETE', `/v1/super/districts/${school.districtId}`, { cookie, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('DISTRICT_HAS_SCHOOLS');
    expect(await t.app.services.db.selectFrom('schools').select('id').where('id', '=', school.id).executeTakeFirst()).toBeDefined();
  });

  it('deletes an empty district and writes an audit line', async () => {
    const district = await buildDistrict(t.app);
    const { user, cookie } = await superAdmin(t.app);
    const res = await t.call('DELETE', `/v1/super/districts/${district.id}`, { cookie, body: {} });
    expect(res.status).toBe(200);
    expect(await t.app.services.db.selectFrom('districts').select('id').where('id', '=', district.id).executeTakeFirst()).toBeUndefined();
    expect((await auditActions(t.app, null)).find((a) => a.targetId === district.id && a.action === 'district.delete')).toMatchObject({
      actorId: user.id,
      details: { name: district.name },
    });
  });
});

describe('PATCH /super/schools/:schoolId', () => {
  it('answers 401 signed out, 403 to a school admin, 404 for an unknown school', async () => {
    const school = await buildSchool(t.app);
    expect((await t.call('PATCH', `/v1/super/schools/${school.id}`, { body: { name: 'X' } })).status).toBe(401);
    expect((await t.call('PATCH', `/v1/super/schools/${school.id}`, { cookie: (await schoolWithAdmin(t.app)).cookie, body: { name: 'X' } })).status).toBe(403);
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('PATCH', `/v1/super/schools/${randomUUID()}`, { cookie, body: { name: 'X' } })).status).toBe(404);
  });

  it.each([
    ['a blank name', { name: ' ' }],
    ['an unknown time zone', { timeZone: 'Pacific Time' }],
    ['a district change (not supported)', { districtId: randomUUID() }],
  ])('when given %s, it answers 400', async (_label, body) => {
    const school = await buildSchool(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('PATCH', `/v1/super/schools/${school.id}`, { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it('renames the school and changes its time zone, audited in the school with before and after', async () => {
    const school = await buildSchool(t.app);
    const { user, cookie } = await superAdmin(t.app);
    const name = `Lincoln ${unique()}`;
    const res = await t.call('PATCH', `/v1/super/schools/${school.id}`, { cookie, body: { name, timeZone: 'America/New_York' } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({ id: school.id, name, districtId: school.districtId, timeZone: 'America/New_York' });
    const audit = (await auditActions(t.app, school.id)).find((a) => a.action === 'school.update')!;
    expect(audit).toMatchObject({
      actorId: user.id,
      details: { before: { name: school.name, timeZone: 'America/Los_Angeles' }, after: { name, timeZone: 'America/New_York' } },
    });
  });

  it('when another school of the district has the name, it answers 409 SCHOOL_EXISTS', async () => {
    const first = await buildSchool(t.app, { name: `Oak ${unique()}` });
    const second = await buildSchool(t.app, { districtId: first.districtId });
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('PATCH', `/v1/super/schools/${second.id}`, { cookie, body: { name: first.name.toLowerCase() } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('SCHOOL_EXISTS');
  });
});
