import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildDistrict, buildSchool } from '../../test/factories.js';
import { schoolWithAdmin, superAdmin } from '../admin/test-factories.js';
import { ROSTER_NIGHTLY_TICK } from './nightly.js';
import { buildSisDistrict, cleverSandboxAsOneRoster, drain, oneRosterZip, uploadRoster, useMemorySource, type OneRosterTables } from './test-support.js';

let t: TestApp;
const source = useMemorySource();
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.db;

/** A district whose runs apply (test mode switched off, as the super admin does). */
async function liveDistrict(cookie: string) {
  const district = await buildDistrict(t.app);
  const res = await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, { cookie, body: { testMode: false } });
  expect(res.json.ResponseData.testMode).toBe(false);
  return district;
}

/** Uploads, runs the job, and answers the run's report. */
async function upload(cookie: string, url: string, bytes: Buffer) {
  const res = await uploadRoster(t.app, cookie, url, bytes);
  expect(res.statusCode).toBe(200);
  await drain(t.app);
  const runId = JSON.parse(res.body).ResponseData.id as string;
  const row = await db().selectFrom('rosterRuns').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  return row;
}

/** A small OneRoster district: one school, a teacher, `n` students in one class. */
function small(n: number, school = `org-${randomUUID().slice(0, 6)}`): OneRosterTables {
  const students = Array.from({ length: n }, (_, i) => ({
    sourcedId: `${school}-s${i}`,
    orgSourcedIds: school,
    role: 'student',
    givenName: `Ana${i}`,
    familyName: 'Ruiz',
    email: `${school}-s${i}@or.example`,
    grades: '05',
  }));
  return {
    orgs: [{ sourcedId: school, name: `OneRoster ${school}`, type: 'school' }],
    users: [
      {
        sourcedId: `${school}-t`,
        orgSourcedIds: school,
        role: 'teacher',
        givenName: 'Tom',
        familyName: 'Lee',
        email: `${school}-t@or.example`,
        username: 'tlee',
      },
      ...students,
    ],
    classes: [{ sourcedId: `${school}-c`, title: 'Science 5', schoolSourcedId: school }],
    enrollments: [
      { sourcedId: `${school}-et`, classSourcedId: `${school}-c`, schoolSourcedId: school, userSourcedId: `${school}-t`, role: 'teacher', primary: 'true' },
      ...students.map((s) => ({
        sourcedId: `e-${s.sourcedId}`,
        classSourcedId: `${school}-c`,
        schoolSourcedId: school,
        userSourcedId: s.sourcedId,
        role: 'student',
      })),
    ],
  };
}

describe('OneRoster 1.1 uploads', () => {
  it(
    'the public sample district (Clever sandbox as OneRoster) fills its three schools, and the same file again changes nothing',
    { timeout: 600_000 },
    async () => {
      const { cookie } = await superAdmin(t.app);
      const district = await liveDistrict(cookie);
      const zip = oneRosterZip(cleverSandboxAsOneRoster());
      const first = await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, zip);
      expect(first.status).toBe('done');
      expect(first.counts).toMatchObject({ schoolsCreated: 3, classesCreated: 379, deactivated: 0 });
      const counts = first.counts as Record<string, number>;
      expect(counts.enrolmentsAdded).toBe(8971);
      const students = await db()
        .selectFrom('schoolMemberships as m')
        .innerJoin('schools as s', 's.id', 'm.schoolId')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('s.districtId', '=', district.id)
        .where('m.role', '=', 'student')
        .executeTakeFirstOrThrow();
      expect(Number(students.n)).toBe(1004);
      const second = await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, zip);
      expect(second.status).toBe('done');
      expect(Object.values(second.counts as Record<string, number>).every((n) => n === 0)).toBe(true);
    },
  );

  it('a delta adds and drops single enrolments and deactivates users marked tobedeleted', async () => {
    const { cookie } = await superAdmin(t.app);
    const district = await liveDistrict(cookie);
    const base = small(20);
    const org = base.orgs![0]!.sourcedId!;
    await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, oneRosterZip(base));
    const delta: OneRosterTables = {
      orgs: [],
      users: [
        {
          sourcedId: `${org}-new`,
          orgSourcedIds: org,
          role: 'student',
          givenName: 'Nueva',
          familyName: 'Alumna',
          email: `${org}-new@or.example`,
          grades: 'KG',
        },
        { ...base.users![1]!, status: 'tobedeleted' },
      ],
      classes: [],
      enrollments: [
        { sourcedId: `e-${org}-new`, classSourcedId: `${org}-c`, schoolSourcedId: org, userSourcedId: `${org}-new`, role: 'student' },
        { sourcedId: `e-${org}-s1`, status: 'tobedeleted', classSourcedId: `${org}-c`, schoolSourcedId: org, userSourcedId: `${org}-s1`, role: 'student' },
      ],
    };
    const run = await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, oneRosterZip(delta, { mode: 'delta' }));
    expect(run.status).toBe('done');
    expect(run.counts).toMatchObject({ created: 1, deactivated: 1, enrolmentsAdded: 1, enrolmentsRemoved: 2 });
    const cls = await db().selectFrom('classes').select('id').where('sourceId', '=', `${org}-c`).executeTakeFirstOrThrow();
    const enrolled = await db().selectFrom('enrolments').select('studentId').where('classId', '=', cls.id).execute();
    expect(enrolled).toHaveLength(19);
    const kg = await db()
      .selectFrom('users as u')
      .innerJoin('schoolMemberships as m', 'm.userId', 'u.id')
      .select('m.grade')
      .where('u.email', '=', `${org}-new@or.example`)
      .executeTakeFirstOrThrow();
    expect(kg.grade).toBe(0);
  });

  it('a delta whose manifest marks the files it does not change absent is applied against what the district has', async () => {
    const { cookie } = await superAdmin(t.app);
    const district = await liveDistrict(cookie);
    const base = small(3);
    const org = base.orgs![0]!.sourcedId!;
    await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, oneRosterZip(base));
    // Only enrollments change: orgs, users and classes are "absent" (no changes), as OneRoster 1.1 allows.
    const delta: OneRosterTables = {
      enrollments: [
        { sourcedId: `e-${org}-s0`, status: 'tobedeleted', classSourcedId: `${org}-c`, schoolSourcedId: org, userSourcedId: `${org}-s0`, role: 'student' },
      ],
    };
    const absent = { orgs: 'absent', users: 'absent', classes: 'absent', academicSessions: 'absent', courses: 'absent', demographics: 'absent' } as const;
    const run = await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, oneRosterZip(delta, { mode: 'delta', modes: absent }));
    expect(run).toMatchObject({ status: 'done', errorCode: null });
    expect(run.counts).toMatchObject({ enrolmentsRemoved: 1, deactivated: 0, created: 0 });
    const cls = await db().selectFrom('classes').select('id').where('sourceId', '=', `${org}-c`).executeTakeFirstOrThrow();
    expect(await db().selectFrom('enrolments').select('studentId').where('classId', '=', cls.id).execute()).toHaveLength(2);
    // A bulk file still needs its roster files.
    const bulk = await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, oneRosterZip(base, { modes: { orgs: 'absent' } }));
    expect(bulk).toMatchObject({ status: 'failed', errorCode: 'roster_malformed' });
    expect(bulk.errorDetail).toContain('file.orgs.csv is absent');
  });

  it("maps the district's metadata columns to IEP, 504 and English learner: the preview says what the file carries, a delta of demographics alone sets and clears them", async () => {
    const { cookie } = await superAdmin(t.app);
    const district = await buildDistrict(t.app); // test mode: the first upload is a preview
    const columns = { iep: 'metadata.sped', plan504: 'metadata.plan504', englishLearner: 'metadata.ell' };
    const bad = await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, { cookie, body: { flagColumns: { iep: 'sped' } } });
    expect(bad.status).toBe(400);
    const saved = await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, { cookie, body: { flagColumns: columns } });
    expect(saved.json.ResponseData.flagColumns).toEqual(columns);
    const base = small(3);
    const [s0, s1, s2] = base.users!.slice(1).map((u) => u.sourcedId!) as [string, string, string];
    base.demographics = [
      { sourcedId: s0, 'metadata.sped': 'Y', 'metadata.ell': 'true', 'metadata.gifted': 'N' },
      { sourcedId: s1, 'metadata.sped': 'N', 'metadata.ell': '' },
    ];
    base.users = base.users!.map((u) => (u.sourcedId === s2 ? { ...u, 'metadata.plan504': 'yes' } : u));
    const zip = oneRosterZip(base, { extraColumns: { demographics: ['metadata.sped', 'metadata.ell', 'metadata.gifted'], users: ['metadata.plan504'] } });
    const url = `/v1/super/districts/${district.id}/roster/upload`;
    const preview = await upload(cookie, url, zip);
    expect(preview.status).toBe('preview');
    const report = (await t.call('GET', `/v1/super/roster-runs/${preview.id}`, { cookie })).json.ResponseData;
    expect(report.carries).toEqual({
      flags: ['iep', 'plan504', 'englishLearner'],
      columns: [
        { file: 'demographics.csv', column: 'metadata.sped', flag: 'iep' },
        { file: 'demographics.csv', column: 'metadata.ell', flag: 'englishLearner' },
        { file: 'demographics.csv', column: 'metadata.gifted', flag: null },
        { file: 'users.csv', column: 'metadata.plan504', flag: 'plan504' },
      ],
    });
    expect(report.counts.flagsChanged).toBe(2);
    expect(report.schools[0].flagChanges.map((f: { sourceId: string; set: string[] }) => [f.sourceId, f.set])).toEqual([
      [s0, ['iep', 'englishLearner']],
      [s2, ['plan504']],
    ]);

    await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, { cookie, body: { testMode: false } });
    expect((await upload(cookie, url, zip)).status).toBe('done');
    const flags = async (sourceId: string) =>
      db()
        .selectFrom('users as u')
        .innerJoin('schoolMemberships as m', 'm.userId', 'u.id')
        .select(['m.iep', 'm.plan504', 'm.languageLevel'])
        .where('u.email', '=', `${sourceId}@or.example`)
        .executeTakeFirstOrThrow();
    expect(await flags(s0)).toEqual({ iep: true, plan504: false, languageLevel: 'L' });
    expect(await flags(s2)).toEqual({ iep: false, plan504: true, languageLevel: null });

    // A delta of demographics.csv alone: s0 is reclassified and leaves special education; s1's empty cells keep.
    const delta: OneRosterTables = {
      demographics: [
        { sourcedId: s0, 'metadata.sped': 'N', 'metadata.ell': 'N' },
        { sourcedId: s1, 'metadata.sped': '', 'metadata.ell': '' },
      ],
    };
    const absent = { orgs: 'absent', users: 'absent', classes: 'absent', enrollments: 'absent', academicSessions: 'absent', courses: 'absent' } as const;
    const run = await upload(
      cookie,
      url,
      oneRosterZip(delta, { mode: 'delta', modes: absent, extraColumns: { demographics: ['metadata.sped', 'metadata.ell'] } }),
    );
    expect(run).toMatchObject({ status: 'done', errorCode: null });
    expect(run.counts).toMatchObject({ flagsChanged: 1, updated: 1, created: 0, deactivated: 0 });
    expect(await flags(s0)).toEqual({ iep: false, plan504: false, languageLevel: 'LF' });
    expect(await flags(s1)).toEqual({ iep: false, plan504: false, languageLevel: null });

    // A value that is not yes or no fails the whole file, naming the cell, and writes nothing.
    const wrong = await upload(
      cookie,
      url,
      oneRosterZip(
        { demographics: [{ sourcedId: s1, 'metadata.sped': 'maybe' }] },
        { mode: 'delta', modes: absent, extraColumns: { demographics: ['metadata.sped'] } },
      ),
    );
    expect(wrong).toMatchObject({ status: 'failed', errorCode: 'roster_malformed' });
    const problem = (await t.call('GET', `/v1/super/roster-runs/${wrong.id}`, { cookie })).json.ResponseData.problem;
    expect(problem).toEqual({ key: 'bad_flag', values: { file: 'demographics.csv', row: '2', column: 'metadata.sped', value: 'maybe' } });
  });

  it.each([
    ['a file that is not a zip', () => Buffer.from('not a zip'), 'not a readable zip', { key: 'not_zip', values: {} }],
    [
      'a missing users.csv',
      () => oneRosterZip(small(1), { dropFile: 'users' }),
      'users.csv is missing',
      { key: 'missing_file', values: { file: 'users.csv' } },
    ],
    [
      'a missing column',
      () => oneRosterZip(small(1), { dropColumn: ['enrollments', 'role'] }),
      'enrollments.csv: column role is missing',
      { key: 'missing_column', values: { file: 'enrollments.csv', columns: 'role' } },
    ],
    [
      'an unknown role',
      () => oneRosterZip({ ...small(1), users: [{ sourcedId: 'x', orgSourcedIds: 'o', role: 'wizard', givenName: 'A', familyName: 'B' }] }),
      'unknown role "wizard"',
      { key: 'unknown_role', values: { file: 'users.csv', id: 'x', role: 'wizard' } },
    ],
  ])('%s fails the run with roster_malformed and a clear detail, writing nothing', async (_label, build, detail, problem) => {
    const district = await buildDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const run = await upload(cookie, `/v1/super/districts/${district.id}/roster/upload`, build());
    expect(run).toMatchObject({ status: 'failed', errorCode: 'roster_malformed' });
    expect(run.errorDetail).toContain(detail);
    // The report names the problem for the screen to say in the user's language.
    const report = await t.call('GET', `/v1/super/roster-runs/${run.id}`, { cookie });
    expect(report.json.ResponseData.problem).toEqual(problem);
    expect(await db().selectFrom('schools').select('id').where('districtId', '=', district.id).execute()).toHaveLength(0);
  });

  it("a school admin's upload fills their own school only, never another of the file", async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await db().updateTable('districts').set({ testMode: false }).where('id', '=', school.districtId).execute();
    const mine = small(2);
    const other = small(2);
    const tables: OneRosterTables = Object.fromEntries(Object.keys(mine).map((k) => [k, [...mine[k]!, ...other[k]!]]));
    const refused = await upload(cookie, '/v1/admin/roster/upload', oneRosterZip(tables));
    expect(refused).toMatchObject({ status: 'failed', errorCode: 'roster_malformed' });
    const run = await upload(cookie, '/v1/admin/roster/upload', oneRosterZip(mine));
    expect(run).toMatchObject({ status: 'done', schoolId: school.id });
    const filled = await db().selectFrom('schools').select('sourceId').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(filled.sourceId).toBe(mine.orgs![0]!.sourcedId);
    expect(await db().selectFrom('schools').select('id').where('sourceId', '=', other.orgs![0]!.sourcedId!).execute()).toHaveLength(0);
    const runs = await t.call('GET', '/v1/admin/roster/runs', { cookie });
    expect(runs.json.ResponseData.map((r: { id: string }) => r.id)).toContain(run.id);
  });
});

describe('rostering endpoints', () => {
  it('answer 401 signed out, 403 to a school admin, 404 for an unknown district or run, 400 for bad input', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie: adminCookie } = await schoolWithAdmin(t.app);
    const { cookie } = await superAdmin(t.app);
    expect((await t.call('GET', `/v1/super/districts/${district.id}/roster`)).status).toBe(401);
    expect((await t.call('POST', `/v1/super/districts/${district.id}/roster/sync`, { cookie: adminCookie, body: {} })).status).toBe(403);
    expect((await uploadRoster(t.app, adminCookie, `/v1/super/districts/${district.id}/roster/upload`, oneRosterZip(small(1)))).statusCode).toBe(403);
    expect((await t.call('GET', `/v1/super/districts/${randomUUID()}/roster`, { cookie })).status).toBe(404);
    expect((await t.call('GET', `/v1/super/roster-runs/${randomUUID()}`, { cookie })).status).toBe(404);
    expect((await t.call('POST', `/v1/super/roster-runs/${randomUUID()}/approve`, { cookie, body: {} })).status).toBe(404);
    const bad = await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, {
      cookie,
      body: { summerPause: { from: '2027-08-01', until: '2027-06-01' } },
    });
    expect(bad.status).toBe(400);
    const free = await buildDistrict(t.app);
    const notSis = await t.call('POST', `/v1/super/districts/${free.id}/roster/sync`, { cookie, body: {} });
    expect(notSis.status).toBe(400);
    expect(notSis.json.ErrorCode).toBe('ROSTER_NOT_SIS');
  });

  it('"sync now" twice queues one run; the nightly run fires once at the district time and not during the summer pause', async () => {
    const district = await buildSisDistrict(t.app);
    await buildSchool(t.app, { districtId: district.id });
    const { cookie } = await superAdmin(t.app);
    const a = await t.call('POST', `/v1/super/districts/${district.id}/roster/sync`, { cookie, body: {} });
    const b = await t.call('POST', `/v1/super/districts/${district.id}/roster/sync`, { cookie, body: {} });
    expect(b.json.ResponseData.id).toBe(a.json.ResponseData.id);
    await drain(t.app);

    const settings = await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, {
      cookie,
      body: { syncTime: '03:30', timeZone: 'UTC', summerPause: { from: '2031-06-10', until: '2031-08-10' } },
    });
    expect(settings.json.ResponseData).toMatchObject({ syncTime: '03:30', timeZone: 'UTC', summerPauseFrom: '2031-06-10', summerPauseUntil: '2031-08-10' });
    const nightlyRuns = async () =>
      (await db().selectFrom('rosterRuns').select('id').where('districtId', '=', district.id).where('origin', '=', 'nightly').execute()).length;
    const tick = async (iso: string) => {
      t.clock.set(new Date(iso));
      await t.app.services.jobs.enqueue(db(), ROSTER_NIGHTLY_TICK, {});
      await drain(t.app);
    };
    source.full({ schools: [], people: [], sections: [] });
    await tick('2031-05-01T01:00:00Z'); // first sight: sets the next night only
    await tick('2031-05-01T03:31:00Z');
    await tick('2031-05-01T03:40:00Z');
    expect(await nightlyRuns()).toBe(1);
    await tick('2031-07-01T03:31:00Z'); // paused: the night passes
    await tick('2031-07-02T03:31:00Z');
    expect(await nightlyRuns()).toBe(1);
    await tick('2031-08-11T03:31:00Z');
    expect(await nightlyRuns()).toBe(2);
  });
});
