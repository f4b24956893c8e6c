import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildDistrict } from '../../../test/factories.js';
import { auditActions, schoolWithAdmin, superAdmin } from '../test-factories.js';
import { decryptCredentials, encryptCredentials } from '../../../lib/district-credentials.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const aeries = { kind: 'aeries', name: 'Riverside Unified', baseUrl: 'https://aeries.riverside.example.test/api', certificate: 'cert-123456-SECRET' };
const clever = {
  kind: 'clever',
  name: 'Hill Valley',
  baseUrl: 'https://clever.example.test',
  testMode: false,
  clientKey: 'ck_live_KEY',
  clientSecret: 'cs_live_SECRET',
};

describe('credential encryption', () => {
  it('round-trips, differs every time, and refuses another district or a changed byte', () => {
    const secret = 'a'.repeat(64);
    const a = encryptCredentials(secret, 'd1', { certificate: 'x' });
    const b = encryptCredentials(secret, 'd1', { certificate: 'x' });
    expect(a).not.toEqual(b);
    expect(a).not.toContain('x"');
    expect(decryptCredentials(secret, 'd1', a)).toEqual({ certificate: 'x' });
    expect(() => decryptCredentials(secret, 'd2', a)).toThrow();
    expect(() => decryptCredentials('b'.repeat(64), 'd1', a)).toThrow();
    const parts = a.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptCredentials(secret, 'd1', [...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
  });
});

describe('POST /super/districts', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('POST', '/v1/super/districts', { body: aeries })).status).toBe(401);
  });

  it('when a school admin adds one, it answers 403', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('POST', '/v1/super/districts', { cookie, body: aeries })).status).toBe(403);
  });

  it.each([
    ['no district name', { ...aeries, name: ' ' }],
    ['no base URL', { ...aeries, baseUrl: '' }],
    ['a base URL that is not http(s)', { ...aeries, baseUrl: 'ftp://aeries.example.test' }],
    ['no certificate for Aeries', { ...aeries, certificate: '' }],
    ['no client secret for Clever', { ...clever, clientSecret: '' }],
    ['a free district (added with a school instead)', { kind: 'free', name: 'Free' }],
  ])('when given %s, it answers 400', async (_label, body) => {
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('POST', '/v1/super/districts', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
  });

  it('adds an Aeries district in test mode by default, stores the certificate encrypted and never returns it', async () => {
    const { user, cookie } = await superAdmin(t.app);
    const res = await t.call('POST', '/v1/super/districts', { cookie, body: aeries });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({
      id: expect.any(String),
      name: 'Riverside Unified',
      kind: 'aeries',
      paid: true,
      testMode: true,
      baseUrl: aeries.baseUrl,
      hasCredentials: true,
      schoolCount: 0,
      domains: [],
    });
    expect(JSON.stringify(res.json)).not.toContain('cert-123456');
    const row = await t.app.services.db.selectFrom('districts').selectAll().where('id', '=', res.json.ResponseData.id).executeTakeFirstOrThrow();
    expect(row.credentialsEncrypted).toMatch(/^v1\./);
    expect(row.credentialsEncrypted).not.toContain('cert-123456');
    expect(decryptCredentials(t.app.services.secret, row.id, row.credentialsEncrypted!)).toEqual({ certificate: 'cert-123456-SECRET' });
    const audit = (await auditActions(t.app, null)).find((a) => a.targetId === row.id)!;
    expect(audit).toMatchObject({ action: 'district.add', actorId: user.id });
    expect(JSON.stringify(audit.details)).not.toContain('SECRET');
    const list = await t.call('GET', '/v1/super/districts', { cookie });
    expect(JSON.stringify(list.json)).not.toContain('SECRET');
  });

  it('adds a Clever district with test mode off and both keys encrypted', async () => {
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('POST', '/v1/super/districts', { cookie, body: clever });
    expect(res.json.ResponseData).toMatchObject({ kind: 'clever', testMode: false, paid: true });
    const row = await t.app.services.db.selectFrom('districts').selectAll().where('id', '=', res.json.ResponseData.id).executeTakeFirstOrThrow();
    expect(decryptCredentials(t.app.services.secret, row.id, row.credentialsEncrypted!)).toEqual({ clientKey: 'ck_live_KEY', clientSecret: 'cs_live_SECRET' });
  });

  it('when a district has the name already (any case), it answers 409 DISTRICT_EXISTS', async () => {
    const { cookie } = await superAdmin(t.app);
    await buildDistrict(t.app, { name: 'Sunnydale' });
    const res = await t.call('POST', '/v1/super/districts', { cookie, body: { ...aeries, name: 'SUNNYDALE' } });
    expect(res.status).toBe(409);
    expect(res.json.ErrorCode).toBe('DISTRICT_EXISTS');
  });
});

describe('GET /super/districts', () => {
  it('answers 401 signed out and 403 for a school admin', async () => {
    expect((await t.call('GET', '/v1/super/districts')).status).toBe(401);
    expect((await t.call('GET', '/v1/super/districts', { cookie: (await schoolWithAdmin(t.app)).cookie })).status).toBe(403);
  });

  it('lists districts by name with their school counts', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('GET', '/v1/super/districts', { cookie });
    const row = res.json.ResponseData.find((d: { id: string }) => d.id === school.districtId);
    expect(row).toMatchObject({ kind: 'free', paid: false, hasCredentials: false, schoolCount: 1 });
  });
});
