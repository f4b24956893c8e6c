import { randomBytes } from 'node:crypto';
import { rosteringEndpoints } from '@high5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSisDistrict, oneRosterZip } from '../modules/rostering/test-support.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildSchool, buildUser, sessionFor } from './factories.js';
import { buildWorld, describeMatrix, type CellContext, type Row, type World } from './matrix.js';

// District rostering: the super admin's endpoints name any district; a school admin uploads for their own school.
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const anyDistrict = () => true;
/** An Aeries district whose SIS refuses connections at once (nothing listens on port 9). */
const sisDistrict = async () => ({ params: { districtId: (await buildSisDistrict(t.app, { baseUrl: 'http://127.0.0.1:9' })).id } });
async function runOf(c: CellContext, status: 'done' | 'held') {
  const row = await t.app.services.db
    .insertInto('rosterRuns')
    .values({ districtId: c.s.districtId, origin: 'sync', schoolId: null, createdBy: null, readKey: null, status, createdAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { params: { runId: row.id } };
}
function zipUpload() {
  const boundary = `matrix${randomBytes(3).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="roster"; filename="roster.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    oneRosterZip({}),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw: { payload, contentType: `multipart/form-data; boundary=${boundary}` } };
}

const rows: Record<string, Row> = {
  'rostering.rosterRuns': { allow: anyDistrict },
  'rostering.rosterRun': { allow: anyDistrict, request: (c) => runOf(c, 'done') },
  'rostering.rosterSyncNow': { allow: anyDistrict, request: sisDistrict },
  'rostering.rosterTestConnection': { allow: anyDistrict, request: sisDistrict },
  'rostering.rosterApprove': { allow: anyDistrict, request: (c) => runOf(c, 'held') },
  'rostering.rosterDiscard': { allow: anyDistrict, request: (c) => runOf(c, 'held') },
  'rostering.rosterSettings': { allow: anyDistrict, request: () => ({ body: { testMode: true } }) },
  'rostering.rosterUpload': { allow: anyDistrict, request: zipUpload },
  'rostering.schoolRosterUpload': { allow: 'self', request: zipUpload },
  'rostering.schoolRosterRuns': { allow: 'self' },
};

describeMatrix(
  'the authorization matrix of district rostering',
  () => ({ t, w }),
  Object.fromEntries(Object.values(rosteringEndpoints).map((e) => [e.id, e])),
  rows,
);

// The founders anyone can become (a self-made school's admin, a founder whose school waits
// for approval) are active admins: they upload for their own school, and nothing of the super admin's.
describe('the rostering endpoints as a founder', () => {
  it("a self-made school's admin and an unapproved founder may upload and list their own school's runs only", { timeout: 120_000 }, async () => {
    const db = t.app.services.db;
    const selfMade = await buildSchool(t.app);
    const unapproved = await buildSchool(t.app, { districtId: w.A.districtId });
    await db.updateTable('schools').set({ approved: false }).where('id', '=', unapproved.id).execute();
    const failures: string[] = [];
    for (const [name, school] of [
      ['self-made school admin', selfMade],
      ['unapproved founder', unapproved],
    ] as const) {
      const founder = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
      const cookie = await sessionFor(t.app, founder.id, school.id);
      for (const endpoint of Object.values(rosteringEndpoints)) {
        await t.app.services.rateLimits.reset();
        const row = rows[endpoint.id]!;
        const c: CellContext = { t, w, side: 'A', s: w.A, caller: 'admin', me: founder.id };
        const req = row.request ? await row.request(c) : {};
        const path = `/v1${endpoint.path.replace(/:(\w+)/g, (_m, key: string) => req.params?.[key] ?? (key === 'districtId' ? school.districtId : ''))}`;
        const res = await t.call(endpoint.method, path, {
          cookie,
          ...(req.raw
            ? { body: req.raw.payload, headers: { 'content-type': req.raw.contentType } }
            : endpoint.method === 'GET'
              ? {}
              : { body: req.body ?? {} }),
        });
        const allowed = endpoint.access === 'schoolAdmin';
        const ok = allowed ? res.status === 200 : res.status === 403;
        if (!ok) failures.push(`${endpoint.id} as ${name}: ${res.status} ${res.json.ErrorCode}`);
        if (allowed && endpoint.id === 'rostering.schoolRosterUpload') {
          const run = await db.selectFrom('rosterRuns').select(['schoolId', 'districtId']).where('id', '=', res.json.ResponseData.id).executeTakeFirstOrThrow();
          if (run.schoolId !== school.id || run.districtId !== school.districtId) failures.push(`${name}: the upload's run is not for their school`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
