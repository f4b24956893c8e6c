import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLimits } from '../modules/auth/test-factories.js';
import { bombZip, drain, oneRosterZip, ONEROSTER_FIELDS } from '../modules/rostering/test-support.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildSchool, buildUser, sessionFor } from './factories.js';

/**
 * The fuzz test of the roster uploads: the OpenAPI walk of fuzz.test.ts sends no files,
 * so here hostile multipart bodies and zips go to both upload endpoints, sent by the super admin,
 * the admin of a self-made school and the founder of a school not yet approved. No answer is a
 * 5xx, and every run ends (never left queued or running) as done, a preview, or a clear
 * `roster_malformed` problem: never the unexpected `roster_failed`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const enc = (text: string) => new TextEncoder().encode(text);
const MANIFEST = 'propertyName,value\noneroster.version,1.1\nfile.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\n';
const HEADER = (name: string) => ONEROSTER_FIELDS[name]!.join(',');
/** A zip of raw CSV texts (the four required files, any of them replaced). */
function rawZip(files: Record<string, string | Uint8Array>) {
  const base: Record<string, string | Uint8Array> = {
    'manifest.csv': MANIFEST,
    'orgs.csv': `${HEADER('orgs')}\nfz,,,Fuzz school,school,,\n`,
    'users.csv': `${HEADER('users')}\n`,
    'classes.csv': `${HEADER('classes')}\n`,
    'enrollments.csv': `${HEADER('enrollments')}\n`,
    ...files,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? enc(v) : v]))));
}
const user = (cells: string[]) => {
  const row: Record<string, string> = {
    sourcedId: cells[0] ?? '',
    orgSourcedIds: 'fz',
    role: cells[1] ?? 'student',
    givenName: cells[2] ?? 'A',
    familyName: cells[3] ?? 'B',
    email: cells[4] ?? '',
    grades: cells[5] ?? '',
  };
  return ONEROSTER_FIELDS.users!.map((f) => row[f] ?? '').join(',');
};
const valid = oneRosterZip({
  orgs: [{ sourcedId: 'fz', name: 'Fuzz', type: 'school' }],
  users: [{ sourcedId: 'u1', orgSourcedIds: 'fz', role: 'student', givenName: 'Ana', familyName: 'Ruiz', email: 'fuzz-ana@or.example' }],
  classes: [],
  enrollments: [],
});

const ZIPS: [string, Buffer][] = [
  ['empty file', Buffer.alloc(0)],
  ['not a zip', Buffer.from('hello, not a zip')],
  ['random bytes', randomBytes(4096)],
  ['a zip signature and garbage', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)])],
  ['a truncated zip', valid.subarray(0, Math.floor(valid.length / 2))],
  ['a zip cut before its central directory', valid.subarray(0, valid.length - 30)],
  ['only a manifest', Buffer.from(zipSync({ 'manifest.csv': enc(MANIFEST) }))],
  ['version 1.0', rawZip({ 'manifest.csv': MANIFEST.replace('1.1', '1.0') })],
  ['a manifest mode nobody knows', rawZip({ 'manifest.csv': MANIFEST.replace('file.users,bulk', 'file.users,\u0000') })],
  [
    'NUL and control characters in names and e-mails',
    rawZip({ 'users.csv': `${HEADER('users')}\n${user(['n1', 'student', 'A\u0000na', 'R\u0001\u007fz', 'nul\u0000@or.example'])}\n` }),
  ],
  ['an e-mail that is not one', rawZip({ 'users.csv': `${HEADER('users')}\n${user(['n2', 'student', 'Ana', 'Ruiz', 'not an e-mail; drop table users'])}\n` })],
  ['an e-mail of 400 characters', rawZip({ 'users.csv': `${HEADER('users')}\n${user(['n3', 'teacher', 'Ana', 'Ruiz', `${'x'.repeat(390)}@or.example`])}\n` })],
  ['a source id of 300 characters', rawZip({ 'users.csv': `${HEADER('users')}\n${user(['y'.repeat(300), 'student', 'Ana', 'Ruiz', ''])}\n` })],
  ['an org id of 300 characters', rawZip({ 'orgs.csv': `${HEADER('orgs')}\n${'z'.repeat(300)},,,Long,school,,\n` })],
  [
    'a class title of 5,000 characters and a class id of 300',
    rawZip({ 'classes.csv': `${HEADER('classes')}\n${'c'.repeat(300)},,,${'T'.repeat(5000)},,,,,,fz,,,,\n` }),
  ],
  ['an unterminated quote', rawZip({ 'users.csv': `${HEADER('users')}\n"u1,fz,student\n` })],
  ['a user without sourcedId', rawZip({ 'users.csv': `${HEADER('users')}\n${user(['', 'student'])}\n` })],
  ['an unknown role', rawZip({ 'users.csv': `${HEADER('users')}\n${user(['r1', 'WIZARD'])}\n` })],
  ['an enrolment in an unknown class', rawZip({ 'enrollments.csv': `${HEADER('enrollments')}\ne1,,,nope,fz,u1,student,,,\n` })],
  ['no school org', rawZip({ 'orgs.csv': `${HEADER('orgs')}\nd1,,,District,district,,\n` })],
  ['three school orgs', rawZip({ 'orgs.csv': `${HEADER('orgs')}\na,,,A,school,,\nb,,,B,school,,\nc,,,C,school,,\n` })],
  ['the same org twice', rawZip({ 'orgs.csv': `${HEADER('orgs')}\nfz,,,A,school,,\nfz,,,B,school,,\n` })],
  [
    'the same user twice',
    rawZip({
      'users.csv': `${HEADER('users')}\n${user(['d1', 'student', 'A', 'B', 'dup@or.example'])}\n${user(['d1', 'student', 'C', 'D', 'dup2@or.example'])}\n`,
    }),
  ],
  [
    'two users with one e-mail',
    rawZip({
      'users.csv': `${HEADER('users')}\n${user(['e1', 'student', 'A', 'B', 'same@or.example'])}\n${user(['e2', 'teacher', 'C', 'D', 'SAME@or.example'])}\n`,
    }),
  ],
  ['the same class twice', rawZip({ 'classes.csv': `${HEADER('classes')}\nk1,,,Math,,,,,,fz,,,,\nk1,,,Art,,,,,,fz,,,,\n` })],
  [
    'grades nobody uses',
    rawZip({ 'users.csv': `${HEADER('users')}\n${user(['g1', 'student', 'A', 'B', '', '99'])}\n${user(['g2', 'student', 'A', 'B', '', '-1e308'])}\n` }),
  ],
  [
    'invalid UTF-8',
    rawZip({ 'users.csv': Buffer.concat([Buffer.from(`${HEADER('users')}\n`), Buffer.from([0x75, 0x39, 0x2c, 0xff, 0xfe, 0xc3, 0x28, 0x0a])]) }),
  ],
  ['UTF-16 with a byte order mark', rawZip({ 'users.csv': Buffer.from(`\ufeff${HEADER('users')}\n`, 'utf16le') })],
  ['a row of 100 KB', rawZip({ 'users.csv': `${HEADER('users')}\n${user(['l1', 'student', 'L'.repeat(100_000)])}\n` })],
  [
    'files in folders, one climbing out',
    Buffer.from(
      zipSync({
        'a/manifest.csv': enc(MANIFEST),
        '../../users.csv': enc(`${HEADER('users')}\n`),
        'x/orgs.csv': enc(`${HEADER('orgs')}\nfz,,,F,school,,\n`),
        'classes.csv': enc(`${HEADER('classes')}\n`),
        'enrollments.csv': enc(`${HEADER('enrollments')}\n`),
      }),
    ),
  ],
  ['a 40 MB bomb', bombZip(40 * 1024 * 1024)],
];

/** Hostile multipart bodies around a valid zip. */
const boundary = 'fuzzroster';
const part = (field: string, bytes: Buffer, filename = 'roster.zip') =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`),
    bytes,
    Buffer.from('\r\n'),
  ]);
const BODIES: [string, Buffer, string][] = [
  ['no part at all', Buffer.from(`--${boundary}--\r\n`), `multipart/form-data; boundary=${boundary}`],
  ['another field name', Buffer.concat([part('file', valid), Buffer.from(`--${boundary}--\r\n`)]), `multipart/form-data; boundary=${boundary}`],
  ['two files', Buffer.concat([part('roster', valid), part('roster', valid), Buffer.from(`--${boundary}--\r\n`)]), `multipart/form-data; boundary=${boundary}`],
  [
    'a NUL in the file name',
    Buffer.concat([part('roster', valid, 'a\u0000b.zip'), Buffer.from(`--${boundary}--\r\n`)]),
    `multipart/form-data; boundary=${boundary}`,
  ],
  ['no closing boundary', part('roster', valid), `multipart/form-data; boundary=${boundary}`],
  ['JSON instead of a file', Buffer.from('{"roster":"x"}'), 'application/json'],
  ['a boundary that is not there', Buffer.from('garbage'), 'multipart/form-data; boundary=nothere'],
];

describe('fuzzing the roster uploads', () => {
  it('answers hostile files and bodies without a 5xx, and every run ends with a clear outcome', { timeout: 600_000 }, async () => {
    const db = t.app.services.db;
    // The admin of a self-made school (a new district, as a sign-up founds it) and a founder whose school waits for approval.
    const own = await buildSchool(t.app);
    const founded = await buildUser(t.app, { schoolId: own.id, role: 'teacher', isAdmin: true });
    const unapproved = await buildSchool(t.app, { districtId: own.districtId });
    await db.updateTable('schools').set({ approved: false }).where('id', '=', unapproved.id).execute();
    const founder = await buildUser(t.app, { schoolId: unapproved.id, role: 'teacher', isAdmin: true });
    const superAdmin = await buildUser(t.app, { isSuperAdmin: true });
    const callers = [
      { name: 'self-made school admin', cookie: await sessionFor(t.app, founded.id, own.id), url: '/v1/admin/roster/upload' },
      { name: 'unapproved founder', cookie: await sessionFor(t.app, founder.id, unapproved.id), url: '/v1/admin/roster/upload' },
      { name: 'super admin', cookie: await sessionFor(t.app, superAdmin.id), url: `/v1/super/districts/${own.districtId}/roster/upload` },
    ];
    for (const districtId of [own.districtId]) await db.updateTable('districts').set({ testMode: false }).where('id', '=', districtId).execute();

    const failures: string[] = [];
    let requests = 0;
    for (const caller of callers) {
      for (const [label, bytes] of ZIPS) {
        await resetLimits(t.app);
        const payload = Buffer.concat([part('roster', bytes), Buffer.from(`--${boundary}--\r\n`)]);
        const res = await t.app.inject({
          method: 'POST',
          url: caller.url,
          headers: { cookie: caller.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        requests++;
        if (res.statusCode !== 200) {
          failures.push(`${caller.name}, ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        await drain(t.app);
        const run = await db
          .selectFrom('rosterRuns')
          .select(['status', 'errorCode', 'readKey'])
          .where('id', '=', JSON.parse(res.body).ResponseData.id)
          .executeTakeFirstOrThrow();
        // A held run keeps its read for the approval; every other outcome keeps no file.
        if (!['done', 'preview', 'failed', 'held'].includes(run.status)) failures.push(`${caller.name}, ${label}: the run is left ${run.status}`);
        if (run.errorCode === 'roster_failed') failures.push(`${caller.name}, ${label}: the run failed unexpectedly`);
        if (run.readKey && run.status !== 'held') failures.push(`${caller.name}, ${label}: the run kept its file`);
      }
      for (const [label, payload, contentType] of BODIES) {
        await resetLimits(t.app);
        const res = await t.app.inject({ method: 'POST', url: caller.url, headers: { cookie: caller.cookie, 'content-type': contentType }, payload });
        requests++;
        if (res.statusCode >= 500) failures.push(`${caller.name}, body ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    // Bodies the server took (two files: the first is read; a NUL in the file name) ran as well.
    await drain(t.app);
    const runs = await db.selectFrom('rosterRuns').select(['status', 'errorCode', 'readKey']).execute();
    // A held run that a later upload overtook is stale (docs/decisions/0535): an end, not a stuck run.
    for (const run of runs)
      if (!['done', 'preview', 'failed', 'held', 'stale'].includes(run.status) || run.errorCode === 'roster_failed')
        failures.push(`a run ended ${run.status} ${run.errorCode}`);
    console.log(`roster upload fuzz: ${requests} requests, ${runs.length} runs, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(runs.length).toBeGreaterThanOrEqual(callers.length * ZIPS.length);
  });
});
