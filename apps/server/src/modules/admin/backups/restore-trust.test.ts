import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { gzipSync, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/password.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent } from '../../../test/factories.js';
import { populatedSchool, superAdmin, uploadBackup } from '../test-factories.js';

/**
 * A crafted 5-row file restored into an empty school planted a super admin
 * with a known password, an admin membership in another school and a parent link to another
 * school's child. Every row is now checked against the backup's own format before the first is
 * written (docs/decisions/0510).
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await superAdmin(t.app)).cookie;
});
afterAll(() => t.close());

const db = () => t.app.services.db;
const header = (schoolId: string) => ({
  format: 'high5-school-backup',
  version: 2,
  createdAt: '2026-11-28T00:00:00.000Z',
  school: { id: schoolId, name: 'Crafted', district: 'Nowhere' },
  includesJournals: false,
  builtinCategories: [],
});
/** A file of `rows` with a header and a trailer that agree with them, so only the rows can be wrong. */
function craft(schoolId: string, rows: { t: string; r: Record<string, unknown> }[]) {
  const tables: Record<string, number> = {};
  for (const row of rows) tables[row.t] = (tables[row.t] ?? 0) + 1;
  const lines = [header(schoolId), ...rows, { end: true, rows: rows.length, tables, files: 0 }];
  return gzipSync(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}
const account = (id: string, values: Record<string, unknown> = {}) => ({
  id,
  email: `crafted-${id.slice(0, 8)}@example.test`,
  username: null,
  first_name: 'Mallory',
  last_name: 'Crafted',
  language: 'en',
  created_at: '2026-11-01T10:00:00.123456+00:00',
  ...values,
});
const membership = (userId: string, schoolId: string, values: Record<string, unknown> = {}) => ({
  user_id: userId,
  school_id: schoolId,
  role: 'teacher',
  is_admin: false,
  status: 'active',
  grade: null,
  ...values,
});

/** What a restore could have written anywhere: accounts, super admins, memberships, links. */
async function fingerprint() {
  const count = async (table: 'users' | 'schoolMemberships' | 'parentLinks' | 'trustedAdults') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const supers = await db().selectFrom('users').select('id').where('isSuperAdmin', '=', true).orderBy('id').execute();
  return {
    users: await count('users'),
    memberships: await count('schoolMemberships'),
    parentLinks: await count('parentLinks'),
    trustedAdults: await count('trustedAdults'),
    supers,
  };
}

/** Uploads `bytes` into a new empty school, runs the restore and answers it with the time it took. */
async function restore(bytes: Buffer) {
  const target = await buildSchool(t.app);
  const res = await uploadBackup(t.app, cookie, target.id, bytes);
  expect(res.statusCode).toBe(200);
  const started = Date.now();
  await t.app.services.jobs.runDue();
  const ms = Date.now() - started;
  const answer = (await t.call('GET', `/v1/super/restores/${res.json().ResponseData.id}`, { cookie })).json.ResponseData;
  const members = await db().selectFrom('schoolMemberships').select('userId').where('schoolId', '=', target.id).execute();
  return { ...answer, ms, members };
}

describe('restoring a crafted backup', () => {
  it('the 5-row file (a super admin with a known password, an admin membership in another school, a parent link to its child) is refused and writes nothing', async () => {
    const other = await buildSchool(t.app);
    const child = await buildUser(t.app, { schoolId: other.id, role: 'student', firstName: 'Otherchild' });
    const source = randomUUID();
    const mallory = randomUUID();
    const file = craft(source, [
      { t: 'users', r: account(mallory, { is_super_admin: true, password_hash: await hashPassword('Known-Password-1!') }) },
      { t: 'school_memberships', r: membership(mallory, source, { role: 'parent' }) },
      { t: 'school_memberships', r: membership(mallory, other.id, { is_admin: true }) },
      { t: 'users', r: account(child.id, { email: null, first_name: 'Otherchild' }) },
      { t: 'parent_links', r: { parent_id: mallory, student_id: child.id, created_at: '2026-11-01T10:00:00+00:00' } },
    ]);
    const before = await fingerprint();
    const result = await restore(file);
    expect(result).toMatchObject({ status: 'failed', errorCode: 'BACKUP_ROW_PRIVILEGED', rowsDone: 0 });
    expect(result.members).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    expect(await db().selectFrom('users').select('id').where('id', '=', mallory).execute()).toEqual([]);
  });

  it('each of its rows alone is refused with its own reason, before anything is written', async () => {
    const other = await buildSchool(t.app);
    const child = await buildUser(t.app, { schoolId: other.id, role: 'student' });
    const before = await fingerprint();
    const cases: [string, (source: string, id: string) => { t: string; r: Record<string, unknown> }[]][] = [
      ['BACKUP_ROW_PRIVILEGED', (_s, id) => [{ t: 'users', r: account(id, { is_super_admin: true }) }]],
      ['BACKUP_ROW_PRIVILEGED', (_s, id) => [{ t: 'users', r: account(id, { password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB' }) }]],
      ['BACKUP_ROW_PRIVILEGED', (_s, id) => [{ t: 'users', r: account(id, { google_sub: '1234567890' }) }]],
      // An account that already exists here with the same id, made a super admin by the file: refused all the same.
      ['BACKUP_ROW_PRIVILEGED', () => [{ t: 'users', r: account(child.id, { is_super_admin: true }) }]],
      [
        'BACKUP_ROW_OUTSIDE',
        (_s, id) => [
          { t: 'users', r: account(id) },
          { t: 'school_memberships', r: membership(id, other.id, { is_admin: true }) },
        ],
      ],
      // The child is not in the file: a reference to a row the file does not hold.
      [
        'BACKUP_ROW_OUTSIDE',
        (s, id) => [
          { t: 'users', r: account(id) },
          { t: 'school_memberships', r: membership(id, s, { role: 'parent' }) },
          { t: 'parent_links', r: { parent_id: id, student_id: child.id } },
        ],
      ],
      // The child is in the file, as if it were the school's own: an existing account is never linked to one of the file.
      [
        'BACKUP_ROW_OUTSIDE',
        (s, id) => [
          { t: 'users', r: account(id) },
          { t: 'users', r: account(child.id, { email: null }) },
          { t: 'school_memberships', r: membership(id, s, { role: 'parent' }) },
          { t: 'parent_links', r: { parent_id: id, student_id: child.id } },
        ],
      ],
      [
        'BACKUP_ROW_OUTSIDE',
        (s, id) => [
          { t: 'users', r: account(id) },
          { t: 'trusted_adults', r: { student_id: child.id, adult_id: id } },
        ],
      ],
      [
        'BACKUP_ROW_OUTSIDE',
        (_s, id) => [
          { t: 'schools', r: { id: randomUUID(), name: 'Elsewhere', district_id: randomUUID() } },
          { t: 'users', r: account(id) },
        ],
      ],
      ['BACKUP_ROW_INVALID', (_s, id) => [{ t: 'users', r: account(id, { role_override: 'super' }) }]],
      ['BACKUP_ROW_INVALID', (_s, id) => [{ t: 'users', r: account(id, { first_name: 42 }) }]],
      ['BACKUP_ROW_INVALID', (_s, id) => [{ t: 'users', r: account(id, { email: 'a\u0000b@example.test' }) }]],
      [
        'BACKUP_ROW_INVALID',
        (s, id) => [
          { t: 'users', r: account(id) },
          { t: 'school_memberships', r: membership(id, s, { user_id: 'not-a-uuid' }) },
        ],
      ],
      ['BACKUP_FILE_DAMAGED', (_s, id) => [{ t: 'sessions', r: { user_id: id } }]],
      ['BACKUP_FILE_DAMAGED', (_s, id) => [{ t: '__proto__', r: { id } }]],
    ];
    for (const [code, rows] of cases) {
      const source = randomUUID();
      const result = await restore(craft(source, rows(source, randomUUID())));
      expect(result, JSON.stringify(rows(source, 'x'))).toMatchObject({ status: 'failed', errorCode: code, rowsDone: 0 });
      expect(result.members).toEqual([]);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('a real backup still restores, and its accounts come back without any password or super admin', async () => {
    const p = await populatedSchool(t.app);
    const backup = (await t.call('POST', `/v1/super/schools/${p.school.id}/backups`, { cookie, body: {} })).json.ResponseData;
    const file = await t.app.inject({ method: 'GET', url: `/v1/super/backups/${backup.id}/file`, headers: { cookie } });
    // Restored into this High5 while the school is still here would collide: take the file's people away first.
    const other = await buildTestApp();
    try {
      const admin = await superAdmin(other.app);
      const target = await buildSchool(other.app);
      const res = await uploadBackup(other.app, admin.cookie, target.id, file.rawPayload);
      await other.app.services.jobs.runDue();
      const done = (await other.call('GET', `/v1/super/restores/${res.json().ResponseData.id}`, { cookie: admin.cookie })).json.ResponseData;
      expect(done).toMatchObject({ status: 'done', errorCode: null });
      const restored = await other.app.services.db
        .selectFrom('users as u')
        .innerJoin('schoolMemberships as m', 'm.userId', 'u.id')
        .select(['u.passwordHash', 'u.googleSub', 'u.isSuperAdmin'])
        .where('m.schoolId', '=', target.id)
        .execute();
      expect(restored.length).toBeGreaterThan(3);
      expect(restored.every((u) => u.passwordHash === null && u.googleSub === null && u.isSuperAdmin === false)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('a parent already here keeps a link to a child already here (both existed before)', async () => {
    const school = await buildSchool(t.app);
    const parent = await buildUser(t.app, { schoolId: school.id, role: 'parent' });
    const child = await buildUser(t.app, { schoolId: school.id, role: 'student' });
    await linkParent(t.app, parent.id, child.id);
    const source = randomUUID();
    const file = craft(source, [
      { t: 'users', r: account(parent.id, { email: parent.email }) },
      { t: 'users', r: account(child.id, { email: child.email }) },
      { t: 'school_memberships', r: membership(parent.id, source, { role: 'parent' }) },
      { t: 'school_memberships', r: membership(child.id, source, { role: 'student', grade: 5 }) },
      { t: 'parent_links', r: { parent_id: parent.id, student_id: child.id } },
    ]);
    const result = await restore(file);
    expect(result).toMatchObject({ status: 'done' });
    expect(result.members.map((m: { userId: string }) => m.userId).sort()).toEqual([parent.id, child.id].sort());
  });
});

describe('reading the file', () => {
  it('a gzip of one very long line (200 MB in a few hundred KB) is refused quickly with BACKUP_LINE_TOO_LONG', { timeout: 120_000 }, async () => {
    const gzip = createGzip();
    const chunks: Buffer[] = [];
    gzip.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => gzip.on('end', resolve));
    const mb = Buffer.alloc(1024 * 1024, 'a');
    gzip.write('{"format":"high5-school-backup","version":2,"x":"');
    for (let i = 0; i < 200; i++) {
      if (!gzip.write(mb)) await new Promise((resolve) => gzip.once('drain', resolve));
    }
    gzip.end('"}\n');
    await ended;
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const result = await restore(bytes);
    expect(result).toMatchObject({ status: 'failed', errorCode: 'BACKUP_LINE_TOO_LONG', rowsDone: 0 });
    // It took 5 minutes (a quadratic split); reading 16 MB takes well under this.
    expect(result.ms).toBeLessThan(30_000);
  });

  it('a shutdown (SIGTERM stops the job queue) stops a running restore, which resumes and finishes at the next start', { timeout: 60_000 }, async () => {
    const source = randomUUID();
    const id = randomUUID();
    const file = craft(source, [
      { t: 'users', r: account(id) },
      { t: 'school_memberships', r: membership(id, source) },
    ]);
    const target = await buildSchool(t.app);
    const res = await uploadBackup(t.app, cookie, target.id, file);
    const restoreId = res.json().ResponseData.id as string;
    // The file arrives slowly: its first bytes, then nothing until the reader gives up.
    const storage = t.app.services.storage;
    const getStream = storage.getStream.bind(storage);
    let opened = 0;
    storage.getStream = async () => {
      opened++;
      const slow = new PassThrough();
      slow.write(file.subarray(0, 10));
      return slow;
    };
    t.app.services.jobs.start(50);
    await expect
      .poll(async () => (await t.call('GET', `/v1/super/restores/${restoreId}`, { cookie })).json.ResponseData.status, { timeout: 20_000 })
      .toBe('checking');
    await expect.poll(() => opened).toBeGreaterThan(0);
    const stopping = Date.now();
    await t.app.services.jobs.stop();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    // Not failed: still under way, the job due again with no attempt counted.
    expect((await t.call('GET', `/v1/super/restores/${restoreId}`, { cookie })).json.ResponseData).toMatchObject({ status: 'checking', errorCode: null });
    const jobs = await db().selectFrom('jobs').select(['payload', 'attempts', 'failedAt', 'doneAt', 'lockedBy']).where('kind', '=', 'admin.restore').execute();
    const job = jobs.find((j) => (j.payload as { restoreId?: string }).restoreId === restoreId);
    expect(job).toMatchObject({ attempts: 0, failedAt: null, doneAt: null, lockedBy: null });
    // The next start resumes it (a stopped queue runs nothing until it starts again).
    storage.getStream = getStream;
    t.app.services.jobs.start(50);
    await expect
      .poll(async () => (await t.call('GET', `/v1/super/restores/${restoreId}`, { cookie })).json.ResponseData.status, { timeout: 20_000 })
      .toBe('done');
    await t.app.services.jobs.stop();
    expect((await db().selectFrom('schoolMemberships').select('userId').where('schoolId', '=', target.id).execute()).map((m) => m.userId)).toEqual([id]);
  });
});
