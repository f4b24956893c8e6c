import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildUser } from '../../../test/factories.js';
import { schoolWithAdmin, superAdmin } from '../test-factories.js';

// A report's To may be today at the latest, in the school's time zone: a future To is refused by
// every report (decision 0582), as the filter form refuses it.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // 20:00 UTC on 10 October: still the 10th in Los Angeles, already the 11th in Kiritimati (UTC+14).
  t.clock.set(new Date('2026-10-10T20:00:00Z'));
});
afterAll(() => t.close());

describe("a report range ending after the school's today", () => {
  it("is refused with range_in_future by each report, and today in the school's zone is accepted", async () => {
    const la = await schoolWithAdmin(t.app, { timeZone: 'America/Los_Angeles' });
    const kiritimati = await schoolWithAdmin(t.app, { timeZone: 'Pacific/Kiritimati' });
    const student = await buildUser(t.app, { schoolId: la.school.id, role: 'student' });
    const { cookie: superCookie } = await superAdmin(t.app);
    const urls = (range: string) =>
      [
        [`/v1/admin/reports/group?role=student&range=${range}`, la.cookie],
        [`/v1/admin/reports/mood?role=student&range=${range}`, la.cookie],
        [`/v1/admin/reports/users/${student.id}?range=${range}`, la.cookie],
        [`/v1/class-reports/recognition?range=${range}`, la.cookie],
        [`/v1/class-reports/mood?range=${range}`, la.cookie],
        [`/v1/super/schools/${la.school.id}/reports/group?role=student&range=${range}`, superCookie],
      ] as const;
    for (const [url, cookie] of urls('2026-10-01_2026-10-11')) {
      const res = await t.call('GET', url, { cookie });
      expect([url, res.status, res.json.ErrorCode, res.json.issues]).toEqual([
        url,
        400,
        'VALIDATION_FAILED',
        [{ path: 'query.range', code: 'range_in_future' }],
      ]);
    }
    for (const [url, cookie] of urls('2026-10-01_2026-10-10')) expect([url, (await t.call('GET', url, { cookie })).status]).toEqual([url, 200]);
    // The 11th is already today in Kiritimati.
    expect((await t.call('GET', '/v1/admin/reports/group?role=student&range=2026-10-01_2026-10-11', { cookie: kiritimati.cookie })).status).toBe(200);
    expect((await t.call('GET', '/v1/admin/reports/group?role=student&range=2026-10-01_2026-10-12', { cookie: kiritimati.cookie })).status).toBe(400);
  });
});
