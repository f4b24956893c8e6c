import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { parseBackup, populatedSchool, superAdmin, uploadBackup } from '../test-factories.js';
import { BACKUP_TABLES } from './tables.js';

// A school backed up, deleted and restored comes back row for row; nothing else moves.
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  [t, other] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(() => Promise.all([t.close(), other.close()]));

type BackupFile = ReturnType<typeof parseBackup>;

/** The file's rows as comparable strings: the school's id, and ids a restore gives anew, taken out. */
function comparable(file: BackupFile) {
  const schoolId = (file.header.school as { id: string }).id;
  const { tables } = file;
  const recognitionKey = new Map((tables.recognitions ?? []).map((r) => [r.id, JSON.stringify({ ...r, id: null, school_id: null })]));
  const out: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(tables)) {
    out[table] = rows
      .map((row) => {
        const copy: Record<string, unknown> = { ...row };
        if (copy.school_id === schoolId) copy.school_id = 'SCHOOL';
        if (table === 'schools') for (const c of ['id', 'name', 'district_id', 'created_at']) delete copy[c];
        if (['recognitions', 'moods', 'audit_log'].includes(table)) delete copy.id;
        if ('recognition_id' in copy) copy.recognition_id = recognitionKey.get(copy.recognition_id);
        return JSON.stringify(copy);
      })
      .sort();
  }
  return out;
}

/** A fingerprint of every school table's rows outside school `schoolId` (and of accounts not in `people`). */
async function outside(app: TestApp['app'], schoolId: string, people: string[]) {
  const prints: Record<string, string> = {};
  for (const table of BACKUP_TABLES) {
    const condition = table.name === 'users' ? sql`t.id = any(${people}::uuid[])` : table.where(schoolId);
    const row = await sql<{ n: number; print: string | null }>`
      select count(*)::int as n, md5(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text)) as print
      from ${sql.table(table.name)} t where not (${condition})`.execute(app.services.db);
    prints[table.name] = `${row.rows[0]!.n}:${row.rows[0]!.print}`;
  }
  return prints;
}

async function finish(app: TestApp['app'], cookie: string, restoreId: string) {
  const seen: number[] = [];
  for (let i = 0; i < 20; i++) {
    await app.services.jobs.runDue();
    const restore = (await app.inject({ method: 'GET', url: `/v1/super/restores/${restoreId}`, headers: { cookie } })).json().ResponseData;
    seen.push(restore.rowsDone);
    if (restore.status === 'done' || restore.status === 'failed') return restore;
  }
  throw new Error(`restore did not finish: ${seen.join(', ')}`);
}

describe('a school backed up, deleted and restored', () => {
  it('comes back row for row into an empty school of the same High5, and nothing of another school is touched', async () => {
    const p = await populatedSchool(t.app);
    const neighbour = await populatedSchool(t.app);
    const { cookie } = await superAdmin(t.app);
    const deleted = await t.call('DELETE', `/v1/super/schools/${p.school.id}`, {
      cookie,
      body: { confirmName: p.school.name, backup: true, includeJournals: true },
    });
    expect(deleted.status).toBe(200);
    const backup = deleted.json.ResponseData.backup;
    await t.app.services.jobs.runDue(); // the deleted school's photo goes
    expect(await t.app.services.storage.get(p.photoKey)).toBeNull();
    const original = parseBackup((await t.app.inject({ method: 'GET', url: `/v1/super/backups/${backup.id}/file`, headers: { cookie } })).rawPayload);

    const slot = (await t.call('POST', '/v1/super/schools', { cookie, body: { districtId: p.school.districtId, name: 'Restored School' } })).json.ResponseData;
    const restoredPeople = (original.tables.users ?? []).map((u) => String(u.id));
    const before = await outside(t.app, slot.id, restoredPeople);

    const started = await t.call('POST', '/v1/super/restores', { cookie, body: { backupId: backup.id, targetSchoolId: slot.id } });
    expect(started.status).toBe(200);
    const restore = await finish(t.app, cookie, started.json.ResponseData.id);
    expect(restore).toMatchObject({ status: 'done', errorCode: null, targetSchoolName: 'Restored School' });
    expect(restore.rowsDone).toBe(restore.rowsTotal);
    expect(restore.rowsTotal).toBe(backup.rowCount + original.trailer.files);

    expect(await outside(t.app, slot.id, restoredPeople)).toEqual(before);
    expect(await t.app.services.storage.get(p.photoKey)).toEqual(Buffer.from('photo'));

    const again = (await t.call('POST', `/v1/super/schools/${slot.id}/backups`, { cookie, body: { includeJournals: true } })).json.ResponseData;
    const restored = parseBackup((await t.app.inject({ method: 'GET', url: `/v1/super/backups/${again.id}/file`, headers: { cookie } })).rawPayload);
    const want = comparable(original);
    const got = comparable(restored);
    const { audit_log: wantAudit, ...wantRest } = want;
    const { audit_log: gotAudit, ...gotRest } = got;
    expect(Object.keys(wantRest).length).toBeGreaterThanOrEqual(20);
    expect(gotRest).toEqual(wantRest);
    expect(restored.files).toEqual(original.files);
    expect(Object.keys(original.files)).toEqual([p.photoKey]);
    // The audit trail comes back too, with the slot's own lines (added, restore started and done).
    expect(gotAudit).toEqual(expect.arrayContaining(wantAudit!));
    expect(
      gotAudit!
        .filter((line) => !wantAudit!.includes(line))
        .map((line) => JSON.parse(line).action)
        .sort(),
    ).toEqual(['school.add', 'school.restore', 'school.restore.start']);
    // No password hash travels: restored accounts set a new password by reset.
    const student = await t.app.services.db.selectFrom('users').select(['passwordHash', 'email']).where('id', '=', p.student.id).executeTakeFirstOrThrow();
    expect(student.passwordHash).toBeNull();
    expect(neighbour.school.id).not.toBe(slot.id);
  });

  it('comes back into another High5 from the downloaded file, mapped to its own categories, and its people can reset their passwords', async () => {
    const p = await populatedSchool(t.app);
    const { user, cookie } = await superAdmin(t.app);
    await t.app.services.db.insertInto('auditLog').values({ actorId: user.id, schoolId: p.school.id, action: 'test.super' }).execute();
    const backup = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const bytes = (await t.app.inject({ method: 'GET', url: `/v1/super/backups/${backup.id}/file`, headers: { cookie } })).rawPayload;
    const original = parseBackup(bytes);

    const admin2 = await superAdmin(other.app);
    const slot = (await other.call('POST', '/v1/super/schools', { cookie: admin2.cookie, body: { newDistrictName: 'Elsewhere Unified', name: 'Lincoln' } }))
      .json.ResponseData;
    const uploaded = await uploadBackup(other.app, admin2.cookie, slot.id, bytes);
    expect(uploaded.statusCode).toBe(200);
    const restore = await finish(other.app, admin2.cookie, uploaded.json().ResponseData.id);
    expect(restore).toMatchObject({ status: 'done', sourceName: 'school.ndjson.gz' });

    const again = await other.call('POST', `/v1/super/schools/${slot.id}/backups`, { cookie: admin2.cookie, body: {} });
    const restored = parseBackup(
      (await other.app.inject({ method: 'GET', url: `/v1/super/backups/${again.json.ResponseData.id}/file`, headers: { cookie: admin2.cookie } })).rawPayload,
    );
    for (const [table, rows] of Object.entries(original.tables)) {
      expect.soft(restored.tables[table]?.length ?? 0, table).toBe(table === 'audit_log' ? rows.length + 3 : rows.length);
    }
    // The built-in category of the High 5 is this High5's own.
    const kindness = await other.app.services.db.selectFrom('categories').select('id').where('key', '=', 'kindness').executeTakeFirstOrThrow();
    expect(restored.tables.recognition_categories).toEqual([expect.objectContaining({ category_id: kindness.id })]);
    // The super admin of the first High5 is no account here: that audit line keeps no dangling actor.
    expect(restored.tables.audit_log!.filter((a) => a.action === 'test.action')).toEqual([expect.objectContaining({ actor_id: p.admin.id })]);
    expect(restored.tables.audit_log!.filter((a) => a.action === 'test.super')).toEqual([expect.objectContaining({ actor_id: null })]);

    const reset = await other.call('POST', '/v1/auth/forgot-password', { body: { email: p.student.email } });
    expect(reset.status).toBe(200);
    await other.app.services.jobs.runDue();
    const mail = await other.app.services.db.selectFrom('devOutbox').select(['recipient', 'bodyText']).where('recipient', '=', p.student.email!).execute();
    expect(mail).toHaveLength(1);
  });
});
