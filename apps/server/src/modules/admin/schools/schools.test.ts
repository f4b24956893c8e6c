import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildDistrict, buildSchool } from '../../../test/factories.js';
import { auditActions, parseBackup, populatedSchool, schoolWithAdmin, superAdmin } from '../test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /super/schools', () => {
  it('answers 401 signed out and 403 for a school admin', async () => {
    expect((await t.call('GET', '/v1/super/schools')).status).toBe(401);
    expect((await t.call('GET', '/v1/super/schools', { cookie: (await schoolWithAdmin(t.app)).cookie })).status).toBe(403);
  });

  it('lists every school with its district', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('GET', '/v1/super/schools', { cookie });
    expect(res.json.ResponseData).toContainEqual(
      expect.objectContaining({ id: school.id, name: school.name, districtId: school.districtId, districtKind: 'free', paid: false }),
    );
  });
});

describe('POST /super/schools', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('POST', '/v1/super/schools', { body: { newDistrictName: 'X', name: 'Y' } })).status).toBe(401);
  });

  it('when a school admin adds one, it answers 403', async () => {
    const { cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('POST', '/v1/super/schools', { cookie, body: { newDistrictName: 'X', name: 'Y' } })).status).toBe(403);
  });

  it.each([
    ['no district', { name: 'Lincoln Elementary' }],
    ['both a district and a new district', { districtId: randomUUID(), newDistrictName: 'New', name: 'Lincoln' }],
    ['a blank school name', { newDistrictName: 'New', name: '   ' }],
    ['an unknown time zone', { newDistrictName: 'New', name: 'Lincoln', timeZone: 'Nowhere/Land' }],
  ])('when given %s, it answers 400', async (_label, body) => {
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('POST', '/v1/super/schools', { cookie, body })).status).toBe(400);
  });

  it('when the district does not exist, it answers 404', async () => {
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('POST', '/v1/super/schools', { cookie, body: { districtId: randomUUID(), name: 'Lincoln' } })).status).toBe(404);
  });

  it('adds a free school to an existing district, and to a new free district, recording both', async () => {
    const { user, cookie } = await superAdmin(t.app);
    const district = await buildDistrict(t.app, { name: 'Existing District' });
    const first = await t.call('POST', '/v1/super/schools', {
      cookie,
      body: { districtId: district.id, name: ' Lincoln Elementary ', timeZone: 'America/Chicago' },
    });
    expect(first.status).toBe(200);
    expect(first.json.ResponseData).toMatchObject({
      name: 'Lincoln Elementary',
      districtId: district.id,
      districtName: 'Existing District',
      timeZone: 'America/Chicago',
    });
    const second = await t.call('POST', '/v1/super/schools', { cookie, body: { newDistrictName: 'Brand New District', name: 'Grant Middle' } });
    expect(second.json.ResponseData).toMatchObject({
      name: 'Grant Middle',
      districtName: 'Brand New District',
      districtKind: 'free',
      paid: false,
      timeZone: 'America/Los_Angeles',
    });
    expect(await auditActions(t.app, first.json.ResponseData.id)).toContainEqual(expect.objectContaining({ action: 'school.add', actorId: user.id }));
    expect((await auditActions(t.app, null)).some((a) => a.action === 'district.add' && a.targetId === second.json.ResponseData.districtId)).toBe(true);
  });

  it('when the school exists in the district (any case), it answers 409 SCHOOL_EXISTS; a taken new district name answers 409 DISTRICT_EXISTS', async () => {
    const { cookie } = await superAdmin(t.app);
    const district = await buildDistrict(t.app, { name: 'Dup District' });
    await buildSchool(t.app, { districtId: district.id, name: 'Roosevelt High' });
    const school = await t.call('POST', '/v1/super/schools', { cookie, body: { districtId: district.id, name: 'roosevelt high' } });
    expect(school.status).toBe(409);
    expect(school.json.ErrorCode).toBe('SCHOOL_EXISTS');
    const dup = await t.call('POST', '/v1/super/schools', { cookie, body: { newDistrictName: 'dup district', name: 'Other' } });
    expect(dup.json.ErrorCode).toBe('DISTRICT_EXISTS');
  });
});

describe('DELETE /super/schools/:schoolId', () => {
  it('when signed out, it answers 401', async () => {
    expect((await t.call('DELETE', `/v1/super/schools/${randomUUID()}`, { body: { confirmName: 'x', backup: false } })).status).toBe(401);
  });

  it('when a school admin deletes their own school, it answers 403 and nothing is deleted', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('DELETE', `/v1/super/schools/${school.id}`, { cookie, body: { confirmName: school.name, backup: false } })).status).toBe(403);
    expect(await t.app.services.db.selectFrom('schools').select('id').where('id', '=', school.id).executeTakeFirst()).toBeDefined();
  });

  it('when the body is missing or the school is unknown, it answers 400 or 404', async () => {
    const { cookie } = await superAdmin(t.app);
    const { school } = await schoolWithAdmin(t.app);
    expect((await t.call('DELETE', `/v1/super/schools/${school.id}`, { cookie })).status).toBe(400);
    expect((await t.call('DELETE', `/v1/super/schools/${randomUUID()}`, { cookie, body: { confirmName: 'x', backup: false } })).status).toBe(404);
  });

  it("when the typed name is not the school's, it answers 400 SCHOOL_NAME_MISMATCH and nothing is deleted", async () => {
    const { cookie } = await superAdmin(t.app);
    const { school } = await schoolWithAdmin(t.app);
    const res = await t.call('DELETE', `/v1/super/schools/${school.id}`, { cookie, body: { confirmName: `${school.name} 2`, backup: true } });
    expect(res.status).toBe(400);
    expect(res.json.ErrorCode).toBe('SCHOOL_NAME_MISMATCH');
    expect(await t.app.services.db.selectFrom('schools').select('id').where('id', '=', school.id).executeTakeFirst()).toBeDefined();
    expect(await t.app.services.db.selectFrom('schoolBackups').select('id').where('schoolId', '=', school.id).executeTakeFirst()).toBeUndefined();
  });

  it('backs up, then deletes the school, its data and the accounts of nobody else, keeping the backup downloadable', async () => {
    const p = await populatedSchool(t.app);
    const { user, cookie } = await superAdmin(t.app);
    const earlier = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const earlierKey = (await t.app.services.db.selectFrom('schoolBackups').select('storageKey').where('id', '=', earlier.id).executeTakeFirstOrThrow())
      .storageKey;
    // A backup file uploaded to restore into the school, not yet restored (no file outlives the school).
    const uploadKey = `restores/${p.school.id}-pending.jsonl.gz`;
    await t.app.services.storage.put(uploadKey, Buffer.from('names of its people'), 'application/gzip');
    await t.app.services.db
      .insertInto('schoolRestores')
      .values({ targetSchoolId: p.school.id, sourceName: 'upload', storageKey: uploadKey, uploaded: true, status: 'failed', createdBy: user.id })
      .execute();
    const res = await t.call('DELETE', `/v1/super/schools/${p.school.id}`, { cookie, body: { confirmName: p.school.name.toUpperCase(), backup: true } });
    expect(res.status).toBe(200);
    const backup = res.json.ResponseData.backup;
    expect(backup).toMatchObject({ schoolName: p.school.name });
    const db = t.app.services.db;
    expect(await db.selectFrom('schools').select('id').where('id', '=', p.school.id).executeTakeFirst()).toBeUndefined();
    for (const table of ['schoolMemberships', 'classes', 'recognitions', 'moods', 'categories', 'schoolNotificationEmails'] as const) {
      expect(await db.selectFrom(table).select('schoolId').where('schoolId', '=', p.school.id).execute()).toEqual([]);
    }
    // Members of no other school are gone with their personal rows; the teacher of two schools stays.
    const left = await db.selectFrom('users').select('id').where('id', 'in', [p.student.id, p.parent.id, p.admin.id, p.twoSchools.id]).execute();
    expect(left.map((u) => u.id)).toEqual([p.twoSchools.id]);
    expect(await db.selectFrom('journalEntries').select('id').where('userId', '=', p.student.id).execute()).toEqual([]);
    expect(await db.selectFrom('schoolMemberships').select('schoolId').where('userId', '=', p.twoSchools.id).execute()).toEqual([{ schoolId: p.elsewhere.id }]);
    // Their files are removed once the deletion committed.
    await t.app.services.jobs.runDue();
    expect(await t.app.services.storage.get(p.photoKey)).toBeNull();
    expect(await t.app.services.storage.get(uploadKey)).toBeNull();
    // The backup taken now outlives the school until its retention ends; earlier ones go, files too.
    const file = await t.app.inject({ method: 'GET', url: `/v1/super/backups/${backup.id}/file`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(parseBackup(file.rawPayload).tables.moods).toHaveLength(1);
    const listed = (await t.call('GET', '/v1/super/backups', { cookie })).json.ResponseData;
    expect(listed).toContainEqual(
      expect.objectContaining({ id: backup.id, schoolId: null, expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString() }),
    );
    expect(listed.find((b: { id: string }) => b.id === earlier.id)).toBeUndefined();
    expect(await t.app.services.storage.get(earlierKey)).toBeNull();
    // Its audit rows, which name its people, go with it; the deletion itself is recorded.
    expect(
      await db.selectFrom('auditLog').select('id').where('action', '=', 'test.action').where('targetId', 'is', null).where('actorId', 'is', null).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('auditLog')
        .select('id')
        .where('details', '@>', JSON.stringify({ note: 'kept' }))
        .execute(),
    ).toEqual([]);
    expect(await auditActions(t.app, null)).toContainEqual(
      expect.objectContaining({
        action: 'school.delete',
        actorId: user.id,
        targetId: p.school.id,
        details: expect.objectContaining({ usersDeleted: 3, backupsDeleted: 1, backupId: backup.id }),
      }),
    );
  });

  it('deletes without a backup when not asked for one', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    const res = await t.call('DELETE', `/v1/super/schools/${school.id}`, { cookie, body: { confirmName: school.name, backup: false } });
    expect(res.json.ResponseData).toEqual({ backup: null });
    expect(await t.app.services.db.selectFrom('schoolBackups').select('id').where('schoolName', '=', school.name).execute()).toEqual([]);
  });
});
