import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool } from '../../../test/factories.js';
import { auditActions, parseBackup, populatedSchool, schoolWithAdmin, superAdmin, uploadBackup } from '../test-factories.js';
import { BACKUP_TABLES, NOT_BACKED_UP } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const download = async (id: string, cookie: string) => t.app.inject({ method: 'GET', url: `/v1/super/backups/${id}/file`, headers: { cookie } });
const storageKey = async (id: string) =>
  (await t.app.services.db.selectFrom('schoolBackups').select('storageKey').where('id', '=', id).executeTakeFirstOrThrow()).storageKey;

describe('backups', () => {
  it('every table is either backed up or left out on purpose', async () => {
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.app.services.db);
    const classified = new Set([...BACKUP_TABLES.map((b) => b.name), ...Object.keys(NOT_BACKED_UP)]);
    expect(tables.rows.map((r) => r.name).filter((name) => !classified.has(name))).toEqual([]);
  });

  it('answers 401 signed out and 403 for a school admin', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('POST', `/v1/super/schools/${school.id}/backups`, { body: {} })).status).toBe(401);
    expect((await t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie, body: {} })).status).toBe(403);
    expect((await t.call('GET', '/v1/super/backups', { cookie })).status).toBe(403);
    expect((await t.call('GET', `/v1/super/backups/${randomUUID()}/file`, { cookie })).status).toBe(403);
    expect((await t.call('DELETE', `/v1/super/backups/${randomUUID()}`, { cookie })).status).toBe(403);
    expect((await t.call('GET', '/v1/super/restores', { cookie })).status).toBe(403);
    expect((await t.call('GET', '/v1/super/restore-targets', { cookie })).status).toBe(403);
    expect((await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: randomUUID(), targetSchoolId: school.id } })).status).toBe(403);
  });

  it('when the school or the backup does not exist, it answers 404; a bad id or option answers 400', async () => {
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('POST', `/v1/super/schools/${randomUUID()}/backups`, { cookie, body: {} })).status).toBe(404);
    expect((await t.call('GET', `/v1/super/backups/${randomUUID()}/file`, { cookie })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/super/backups/${randomUUID()}`, { cookie })).status).toBe(404);
    expect((await t.call('GET', '/v1/super/backups/nope/file', { cookie })).status).toBe(400);
    const { school } = await schoolWithAdmin(t.app);
    expect((await t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie, body: { includeJournals: 'yes' } })).status).toBe(400);
  });

  it("streams every row of the school, without secrets, journals or another school's people, to a private gzip file", async () => {
    const p = await populatedSchool(t.app);
    const { user, cookie } = await superAdmin(t.app);
    const res = await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} });
    expect(res.status).toBe(200);
    const backup = res.json.ResponseData;
    expect(backup).toMatchObject({ schoolId: p.school.id, schoolName: p.school.name, includesJournals: false, restorable: true });
    // Readable by the server's own user only.
    const key = await storageKey(backup.id);
    expect(statSync(join(t.app.services.config.dataDir, 'objects', key)).mode & 0o077).toBe(0);

    const file = await download(backup.id, cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="high5-backup-.*\.ndjson\.gz"$/);
    expect(file.rawPayload.length).toBe(backup.sizeBytes);
    const { header, tables, trailer } = parseBackup(file.rawPayload);
    expect(header).toMatchObject({ format: 'high5-school-backup', version: 2, school: { id: p.school.id }, includesJournals: false });
    const rows = Object.values(tables).reduce((n, r) => n + r.length, 0);
    expect(trailer).toMatchObject({ end: true, rows });
    expect(backup.rowCount).toBe(rows);
    expect(tables.users!.map((u) => u.id)).toEqual(expect.arrayContaining([p.student.id, p.parent.id, p.twoSchools.id, p.admin.id]));
    expect(tables.users![0]).not.toHaveProperty('password_hash');
    expect(tables.users![0]).not.toHaveProperty('google_sub');
    expect(tables.journal_entries).toBeUndefined();
    expect(tables.recognitions).toEqual([expect.objectContaining({ comment: 'Bravo', school_date: '2026-10-10' })]);
    // Timestamps keep PostgreSQL's microseconds.
    expect(tables.moods![0]!.acknowledged_at).toMatch(/19:00:00\.123456/);
    expect(tables.parent_links).toEqual([
      { parent_id: p.parent.id, student_id: p.student.id, created_at: expect.any(String), confirmed_at: expect.any(String), confirmed_by: null },
    ]);
    expect(tables.trusted_adults).toHaveLength(1);
    const text = gunzipSync(file.rawPayload).toString('utf8');
    for (const outsider of [p.elsewhere.id, p.otherChild.id, p.otherAdult.id]) expect(text).not.toContain(outsider);

    const listed = await t.call('GET', `/v1/super/backups?schoolId=${p.school.id}`, { cookie });
    expect(listed.json.ResponseData).toEqual([backup]);
    const actions = (await auditActions(t.app, p.school.id)).filter((a) => a.actorId === user.id).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['school.backup', 'school.backup.download']));
  });

  it('holds the private journals only when the super admin asks for them', async () => {
    const p = await populatedSchool(t.app);
    const { cookie } = await superAdmin(t.app);
    const backup = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: { includeJournals: true } })).json.ResponseData;
    expect(backup.includesJournals).toBe(true);
    const { header, tables } = parseBackup((await download(backup.id, cookie)).rawPayload);
    expect(header.includesJournals).toBe(true);
    expect(tables.journal_entries).toEqual([expect.objectContaining({ heading: 'Dear diary' })]);
  });

  it('allows a few backups per school a day, then 429 BACKUP_LIMIT_REACHED until a day has passed', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    const take = () => t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie, body: {} });
    for (let i = 0; i < 3; i++) expect((await take()).status).toBe(200);
    const refused = await take();
    expect(refused.status).toBe(429);
    expect(refused.json.ErrorCode).toBe('BACKUP_LIMIT_REACHED');
    t.clock.advance(86_400_000 + 1000);
    const later = (await superAdmin(t.app)).cookie;
    expect((await t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie: later, body: {} })).status).toBe(200);
    t.clock.set('2026-10-15T16:00:00Z');
  });

  it('deletes a backup and its file; the retention deletes old ones by itself', async () => {
    const { school } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    const first = (await t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const firstKey = await storageKey(first.id);
    expect((await t.call('DELETE', `/v1/super/backups/${first.id}`, { cookie })).status).toBe(200);
    await t.app.services.jobs.runDue();
    expect(await t.app.services.storage.get(firstKey)).toBeNull();
    expect((await download(first.id, cookie)).statusCode).toBe(404);

    const second = (await t.call('POST', `/v1/super/schools/${school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const secondKey = await storageKey(second.id);
    t.clock.advance(31 * 86_400_000);
    await t.app.services.db.updateTable('jobSchedules').set({ nextRunAt: t.clock.now() }).where('name', '=', 'backups.sweep').execute();
    await t.app.services.jobs.runDue();
    await t.app.services.jobs.runDue();
    expect(await t.app.services.db.selectFrom('schoolBackups').select('id').where('id', '=', second.id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.services.storage.get(secondKey)).toBeNull();
    t.clock.set('2026-10-15T16:00:00Z');
  });
});

describe('restores', () => {
  it('offers as targets only the schools that hold nothing and have no restore under way', async () => {
    const p = await populatedSchool(t.app);
    const { cookie } = await superAdmin(t.app);
    const backup = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const empty = await buildSchool(t.app);
    const taken = await buildSchool(t.app);
    const targets = async () =>
      new Set(((await t.call('GET', '/v1/super/restore-targets', { cookie })).json.ResponseData as { id: string }[]).map((s) => s.id));
    const before = await targets();
    expect([before.has(empty.id), before.has(taken.id), before.has(p.school.id), before.has(p.elsewhere.id)]).toEqual([true, true, false, false]);
    const res = await t.call('GET', '/v1/super/restore-targets', { cookie });
    expect((res.json.ResponseData as { id: string }[]).find((s) => s.id === empty.id)).toMatchObject({
      id: empty.id,
      name: empty.name,
      approved: expect.any(Boolean),
    });
    // A queued restore takes its school off the list; each offered school is one the restore accepts.
    expect((await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: backup.id, targetSchoolId: taken.id } })).status).toBe(200);
    const after = await targets();
    expect([after.has(empty.id), after.has(taken.id)]).toEqual([true, false]);
    expect((await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: backup.id, targetSchoolId: taken.id } })).json.ErrorCode).toBe(
      'SCHOOL_NOT_EMPTY',
    );
  });

  it('refuses a school that is not empty, an unknown backup and a version 1 backup', async () => {
    const p = await populatedSchool(t.app);
    const { user, cookie } = await superAdmin(t.app);
    const backup = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const busy = await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: backup.id, targetSchoolId: p.elsewhere.id } });
    expect(busy.status).toBe(409);
    expect(busy.json.ErrorCode).toBe('SCHOOL_NOT_EMPTY');
    const empty = await buildSchool(t.app);
    expect((await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: randomUUID(), targetSchoolId: empty.id } })).status).toBe(404);
    expect((await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: backup.id, targetSchoolId: randomUUID() } })).status).toBe(404);
    const old = await t.app.services.db
      .insertInto('schoolBackups')
      .values({
        schoolId: p.school.id,
        schoolName: 'Old',
        districtName: 'D',
        storageKey: 'backups/old.json',
        sizeBytes: 2,
        rowCount: 0,
        createdBy: user.id,
        expiresAt: new Date('2027-01-01'),
        formatVersion: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const v1 = await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: old.id, targetSchoolId: empty.id } });
    expect(v1.status).toBe(400);
    expect(v1.json.ErrorCode).toBe('BACKUP_FORMAT_UNSUPPORTED');
  });

  it('when the school is still here, the restore fails with RESTORE_CONFLICT and writes nothing', async () => {
    const p = await populatedSchool(t.app);
    const { cookie } = await superAdmin(t.app);
    const backup = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const empty = await buildSchool(t.app);
    const started = await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: backup.id, targetSchoolId: empty.id } });
    expect(started.json).toMatchObject({ ErrorCode: 'err_0' });
    expect(started.json.ResponseData).toMatchObject({ status: 'queued', targetSchoolId: empty.id, sourceName: p.school.name });
    await t.app.services.jobs.runDue();
    const done = await t.call('GET', `/v1/super/restores/${started.json.ResponseData.id}`, { cookie });
    expect(done.json.ResponseData).toMatchObject({ status: 'failed', errorCode: 'RESTORE_CONFLICT' });
    expect(await t.app.services.db.selectFrom('schoolMemberships').select('userId').where('schoolId', '=', empty.id).execute()).toEqual([]);
  });

  it('an uploaded file that is not a whole backup fails with BACKUP_FILE_DAMAGED', async () => {
    const { cookie } = await superAdmin(t.app);
    const empty = await buildSchool(t.app);
    const header = JSON.stringify({
      format: 'high5-school-backup',
      version: 2,
      createdAt: '',
      school: { id: randomUUID(), name: 'X', district: 'Y' },
      includesJournals: false,
      builtinCategories: [],
    });
    const cut = gzipSync(`${header}\n{"t":"users","r":{"id":"${randomUUID()}"}}\n`);
    const res = await uploadBackup(t.app, cookie, empty.id, cut);
    expect(res.statusCode).toBe(200);
    await t.app.services.jobs.runDue();
    const restore = (await t.call('GET', `/v1/super/restores/${res.json().ResponseData.id}`, { cookie })).json.ResponseData;
    expect(restore).toMatchObject({ status: 'failed', errorCode: 'BACKUP_FILE_DAMAGED', targetSchoolId: empty.id });
    const notGzip = await uploadBackup(t.app, cookie, (await buildSchool(t.app)).id, Buffer.from('hello'));
    await t.app.services.jobs.runDue();
    expect((await t.call('GET', `/v1/super/restores/${notGzip.json().ResponseData.id}`, { cookie })).json.ResponseData.errorCode).toBe('BACKUP_FILE_DAMAGED');
  });
});
