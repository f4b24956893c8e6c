import { randomUUID } from 'node:crypto';
import { adminEndpoints, superEditEndpoints, type Endpoint } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildSchool } from '../../test/factories.js';
import { member, schoolWithAdmin, superAdmin } from './test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const endpoints = [...Object.values(adminEndpoints), ...Object.values(superEditEndpoints)] as Endpoint[];
const url = (e: Endpoint) => `/v1${e.path.replace(':kind', 'high5').replace(/:[A-Za-z]+/g, () => randomUUID())}`;

describe('every admin endpoint checks who calls it before anything else', () => {
  it.each(endpoints.map((e) => [e.id, e] as const))('%s answers 401 without a session', async (_id, e) => {
    const res = await t.call(e.method, url(e), e.method === 'GET' ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(res.json.ErrorCode).toBe('UNAUTHENTICATED');
  });

  it.each(endpoints.filter((e) => e.access === 'schoolAdmin').map((e) => [e.id, e] as const))(
    '%s answers 403 to a teacher, staff member, parent or student without the admin flag',
    async (_id, e) => {
      const school = await buildSchool(t.app);
      for (const role of ['teacher', 'staff', 'parent', 'student'] as const) {
        const { cookie } = await member(t.app, school.id, { role });
        expect((await t.call(e.method, url(e), { cookie, ...(e.method === 'GET' ? {} : { body: {} }) })).status).toBe(403);
      }
      const { cookie } = await superAdmin(t.app);
      expect((await t.call(e.method, url(e), { cookie, ...(e.method === 'GET' ? {} : { body: {} }) })).status).toBe(403);
    },
  );

  it.each(endpoints.filter((e) => e.access === 'superAdmin').map((e) => [e.id, e] as const))('%s answers 403 to a school admin', async (_id, e) => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call(e.method, url(e), { cookie, ...(e.method === 'GET' ? {} : { body: {} }) })).status).toBe(403);
  });

  it.each(endpoints.filter((e) => Array.isArray(e.access)).map((e) => [e.id, e] as const))(
    '%s answers 403 to a student, a parent, staff without the flag and a pending teacher',
    async (_id, e) => {
      const school = await buildSchool(t.app);
      for (const values of [{ role: 'student' }, { role: 'parent' }, { role: 'staff' }, { role: 'teacher', status: 'pending' }] as const) {
        const { cookie } = await member(t.app, school.id, values);
        expect((await t.call(e.method, `${url(e)}?range=2026-10-01_2026-10-10`, { cookie })).status).toBe(403);
      }
      const { cookie } = await superAdmin(t.app);
      expect((await t.call(e.method, `${url(e)}?range=2026-10-01_2026-10-10`, { cookie })).status).toBe(403);
    },
  );
});
