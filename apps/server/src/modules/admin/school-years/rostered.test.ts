import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { sessionFor } from '../../../test/factories.js';
import { drain, oneRosterZip, uploadRoster, type OneRosterTables } from '../../rostering/test-support.js';
import { schoolWithAdmin } from '../test-factories.js';

// A rostered school's new year comes with its roster (decision 0572).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.app.services.db;

/** One school org with a teacher and two students (grades from the file) in one section, for the school year starting `yearStart`. */
function file(org: string, yearStart: string | null, grades: [string, string]): OneRosterTables {
  const users = [
    { sourcedId: 'teach', orgSourcedIds: org, role: 'teacher', givenName: 'Rosa', familyName: 'Teacher', email: `teach-${org}@or.example`, grades: '' },
    { sourcedId: 'kid1', orgSourcedIds: org, role: 'student', givenName: 'Kid', familyName: 'One', email: `kid1-${org}@or.example`, grades: grades[0] },
    { sourcedId: 'kid2', orgSourcedIds: org, role: 'student', givenName: 'Kid', familyName: 'Two', email: `kid2-${org}@or.example`, grades: grades[1] },
  ];
  return {
    orgs: [{ sourcedId: org, name: `Org ${org}`, type: 'school' }],
    academicSessions: yearStart
      ? [
          {
            sourcedId: `Y${yearStart}`,
            title: 'Year',
            type: 'schoolYear',
            startDate: yearStart,
            endDate: `${Number(yearStart.slice(0, 4)) + 1}-06-10`,
            schoolYear: String(Number(yearStart.slice(0, 4)) + 1),
          },
        ]
      : [],
    users,
    classes: [{ sourcedId: `${org}-math`, title: 'Math', schoolSourcedId: org }],
    enrollments: users.map((u) => ({
      sourcedId: `e-${u.sourcedId}`,
      classSourcedId: `${org}-math`,
      schoolSourcedId: org,
      userSourcedId: u.sourcedId,
      role: u.role,
      primary: String(u.role === 'teacher'),
    })),
  };
}

async function upload(schoolId: string, adminId: string, tables: OneRosterTables) {
  const cookie = await sessionFor(t.app, adminId, schoolId);
  const res = await uploadRoster(t.app, cookie, '/v1/admin/roster/upload', oneRosterZip(tables));
  expect(res.statusCode).toBe(200);
  await drain(t.app);
  const run = await db().selectFrom('rosterRuns').selectAll().where('id', '=', JSON.parse(res.body).ResponseData.id).executeTakeFirstOrThrow();
  expect(run.status).toBe('done');
  return (run.details as { schools: { warnings: { code: string; sourceId: string }[] }[] }).schools[0]!;
}

const classes = (schoolId: string) =>
  db().selectFrom('classes').select(['name', 'sourceId', 'schoolYearId']).where('schoolId', '=', schoolId).orderBy('createdAt').execute();
const grades = (schoolId: string) =>
  db().selectFrom('schoolMemberships').select('grade').where('schoolId', '=', schoolId).where('role', '=', 'student').orderBy('grade').execute();

describe('a rostered school', () => {
  it("rolls over when its roster describes a later school year: last year's classes close, the sections make new ones, grades follow the roster", async () => {
    t.clock.set('2027-05-10T18:00:00Z');
    const { school, admin } = await schoolWithAdmin(t.app);
    await db().updateTable('districts').set({ testMode: false }).where('id', '=', school.districtId).execute();
    const org = `org-${randomUUID().slice(0, 6)}`;

    // The first roster's year is only remembered.
    const first = await upload(school.id, admin.id, file(org, '2026-08-01', ['05', '06']));
    expect(first.warnings.filter((w) => w.code === 'school_year_started')).toEqual([]);
    expect(await classes(school.id)).toEqual([{ name: 'Math', sourceId: `${org}-math`, schoolYearId: null }]);
    expect(await db().selectFrom('schoolYears').select('id').where('schoolId', '=', school.id).execute()).toEqual([]);

    // The same year again: nothing starts.
    t.clock.set('2027-06-01T18:00:00Z');
    expect((await upload(school.id, admin.id, file(org, '2026-08-01', ['05', '06']))).warnings).toEqual([]);

    // August: the roster of 2027-2028 starts the year on the sync's day.
    t.clock.set('2027-08-12T18:00:00Z');
    const next = await upload(school.id, admin.id, file(org, '2027-08-01', ['06', '07']));
    expect(next.warnings).toContainEqual({ code: 'school_year_started', sourceId: '2027-2028' });
    const after = await classes(school.id);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ name: 'Math', sourceId: `${org}-math` });
    expect(after[0]!.schoolYearId).not.toBeNull();
    expect(after[1]).toEqual({ name: 'Math', sourceId: `${org}-math`, schoolYearId: null });
    expect(await grades(school.id)).toEqual([{ grade: 6 }, { grade: 7 }]);
    const years = await db().selectFrom('schoolYears').select(['startsOn', 'endsOn', 'state']).where('schoolId', '=', school.id).orderBy('startsOn').execute();
    expect(years).toEqual([
      { startsOn: '2026-08-01', endsOn: '2027-08-11', state: 'closed' },
      { startsOn: '2027-08-12', endsOn: null, state: 'current' },
    ]);
    const rollover = await db()
      .selectFrom('schoolYearRollovers')
      .select(['origin', 'gradeMode', 'appliedBy'])
      .where('schoolId', '=', school.id)
      .executeTakeFirstOrThrow();
    expect(rollover).toEqual({ origin: 'roster', gradeMode: 'roster', appliedBy: null });

    // The sync made the new year's class: undo is refused.
    const cookie = await sessionFor(t.app, admin.id, school.id);
    expect(await t.call('POST', '/v1/admin/school-years/rollover/undo', { cookie, body: {} })).toMatchObject({
      status: 409,
      json: { ErrorCode: 'ROLLOVER_UNDO_CLASS_EXISTS' },
    });

    // A later sync of the same year changes nothing more.
    t.clock.set('2027-08-20T18:00:00Z');
    expect((await upload(school.id, admin.id, file(org, '2027-08-01', ['06', '07']))).warnings).toEqual([]);
    expect(await classes(school.id)).toHaveLength(2);
  });

  it('a test-mode sync previews the new year and keeps nothing of it', async () => {
    t.clock.set('2027-05-10T18:00:00Z');
    const { school, admin } = await schoolWithAdmin(t.app);
    await db().updateTable('districts').set({ testMode: false }).where('id', '=', school.districtId).execute();
    const org = `org-${randomUUID().slice(0, 6)}`;
    await upload(school.id, admin.id, file(org, '2026-08-01', ['05', '06']));
    await db().updateTable('districts').set({ testMode: true }).where('id', '=', school.districtId).execute();
    t.clock.set('2027-08-12T18:00:00Z');
    const cookie = await sessionFor(t.app, admin.id, school.id);
    const res = await uploadRoster(t.app, cookie, '/v1/admin/roster/upload', oneRosterZip(file(org, '2027-08-01', ['06', '07'])));
    await drain(t.app);
    const run = await db().selectFrom('rosterRuns').selectAll().where('id', '=', JSON.parse(res.body).ResponseData.id).executeTakeFirstOrThrow();
    expect((run.details as { schools: { warnings: unknown[] }[] }).schools[0]!.warnings).toContainEqual({ code: 'school_year_started', sourceId: '2027-2028' });
    expect(await db().selectFrom('schoolYears').select('id').where('schoolId', '=', school.id).execute()).toEqual([]);
    expect(await classes(school.id)).toEqual([{ name: 'Math', sourceId: `${org}-math`, schoolYearId: null }]);
  });
});
