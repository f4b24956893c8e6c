import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.js';
import { superAdmin } from '../admin/test-factories.js';
import type { RosterPerson, RosterSnapshot } from './sources/types.js';
import { RosterSourceError } from './sources/types.js';
import { buildSisDistrict, CERTIFICATE, drain, useMemorySource } from './test-support.js';

let t: TestApp;
const source = useMemorySource();
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const uid = () => Math.random().toString(36).slice(2, 8);
const student = (id: string, school: string, extra: Partial<RosterPerson> = {}): RosterPerson => ({
  sourceId: id,
  role: 'student',
  schoolSourceIds: [school],
  firstName: `First${id}`,
  lastName: `Last${id}`,
  email: `${id}@students.example`,
  ...extra,
});
const teacher = (id: string, school: string, extra: Partial<RosterPerson> = {}): RosterPerson => ({
  sourceId: id,
  role: 'teacher',
  schoolSourceIds: [school],
  firstName: `T${id}`,
  lastName: `Teacher${id}`,
  email: `${id}@staff.example`,
  ...extra,
});

/** A school of 1 teacher and `n` students, one section holding them all; ids unique per call. */
function roster(n = 12) {
  const p = uid();
  const school = `sch-${p}`;
  const students = Array.from({ length: n }, (_, i) => student(`${p}-s${i}`, school));
  const t1 = teacher(`${p}-t1`, school);
  const snapshot: RosterSnapshot = {
    schools: [{ sourceId: school, name: `School ${p}` }],
    people: [t1, ...students],
    sections: [
      { sourceId: `${p}-sec1`, schoolSourceId: school, name: `Math ${p}`, teacherSourceIds: [t1.sourceId], studentSourceIds: students.map((s) => s.sourceId) },
    ],
  };
  return { p, school, snapshot, students, t1 };
}

async function sync(districtId: string, cookie: string) {
  const res = await t.call('POST', `/v1/super/districts/${districtId}/roster/sync`, { cookie, body: {} });
  expect(res.status).toBe(200);
  await drain(t.app);
  const run = await t.call('GET', `/v1/super/roster-runs/${res.json.ResponseData.id}`, { cookie });
  return run.json.ResponseData;
}

const db = () => t.app.services.db;
const schoolOf = (districtId: string, sourceId: string) =>
  db().selectFrom('schools').selectAll().where('districtId', '=', districtId).where('sourceId', '=', sourceId).executeTakeFirstOrThrow();
const memberships = (schoolId: string) =>
  db()
    .selectFrom('schoolMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', 'u.username', 'm.role', 'm.status', 'm.iep', 'm.plan504', 'm.languageLevel', 'm.grade'])
    .where('m.schoolId', '=', schoolId)
    .execute();

describe('a sync from a SIS', () => {
  it('fills a school from the source (credentials decrypted for the driver), and a second run with no change changes nothing', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(5);
    source.full(r.snapshot, 'cursor-1');
    const first = await sync(district.id, cookie);
    expect(first.status).toBe('done');
    expect(first.counts).toMatchObject({ schoolsCreated: 1, created: 6, classesCreated: 1, enrolmentsAdded: 5, deactivated: 0 });
    expect(source.connections.at(-1)).toMatchObject({ districtId: district.id, credentials: { certificate: CERTIFICATE } });
    const school = await schoolOf(district.id, r.school);
    expect(await memberships(school.id)).toHaveLength(6);
    const cls = await db().selectFrom('classes').selectAll().where('schoolId', '=', school.id).executeTakeFirstOrThrow();
    expect(cls).toMatchObject({ name: `Math ${r.p}`, sourceId: `${r.p}-sec1` });

    const second = await sync(district.id, cookie);
    expect(second.status).toBe('done');
    expect(Object.values(second.counts).every((n) => n === 0)).toBe(true);
    expect(source.cursors.at(-1)).toBe('cursor-1');
    // The run's job and stored rows hold no credential.
    const jobs = await db().selectFrom('jobs').select('payload').where('kind', '=', 'roster.sync').execute();
    expect(JSON.stringify(jobs)).not.toContain(CERTIFICATE);
  });

  it('links people who signed up themselves (e-mail; a teacher by Aeries username) instead of duplicating them; a student without e-mail gets a username', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(2);
    // They signed up in a school of the district before it was rostered (decision 0501: only the district's own people are linked).
    const signedUpIn = (await buildSchool(t.app, { districtId: district.id })).id;
    const selfMade = await buildUser(t.app, { role: 'student', email: r.students[0]!.email, schoolId: signedUpIn });
    const aeriesTeacher = await buildUser(t.app, { role: 'teacher', email: `own-${r.p}@gmail.example`, schoolId: signedUpIn });
    await db()
      .updateTable('users')
      .set({ aeriesUsername: `MsJones${r.p}` })
      .where('id', '=', aeriesTeacher.id)
      .execute();
    r.snapshot.people[0] = { ...r.t1, email: `jones-${r.p}@district.example`, sisUsername: `msjones${r.p}` };
    r.snapshot.people.push(student(`${r.p}-noemail`, r.school, { email: null, firstName: 'José', lastName: 'Núñez' }));
    source.full(r.snapshot);
    const run = await sync(district.id, cookie);
    expect(run.counts).toMatchObject({ created: 4, linked: 2 });
    const school = await schoolOf(district.id, r.school);
    const rows = await memberships(school.id);
    expect(rows.map((m) => m.id)).toEqual(expect.arrayContaining([selfMade.id, aeriesTeacher.id]));
    expect(await db().selectFrom('users').select('id').where('email', '=', r.students[0]!.email).execute()).toHaveLength(1);
    expect(rows.find((m) => m.email === null)?.username).toMatch(/^jnunez/);
  });

  it('deactivates people the source no longer returns (no sign-in, gone from lists, history kept) and reactivates them when they come back', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(12);
    source.full(r.snapshot);
    await sync(district.id, cookie);
    const school = await schoolOf(district.id, r.school);
    const gone = r.students[0]!;
    const goneUser = await db().selectFrom('users').select('id').where('email', '=', gone.email).executeTakeFirstOrThrow();
    await db()
      .updateTable('users')
      .set({ passwordHash: (await buildUser(t.app)).passwordHash, emailVerifiedAt: new Date() })
      .where('id', '=', goneUser.id)
      .execute();

    source.full({
      ...r.snapshot,
      people: r.snapshot.people.filter((p) => p.sourceId !== gone.sourceId),
      sections: [{ ...r.snapshot.sections[0]!, studentSourceIds: r.students.slice(1).map((s) => s.sourceId) }],
    });
    const run = await sync(district.id, cookie);
    expect(run.counts).toMatchObject({ deactivated: 1, enrolmentsRemoved: 1 });
    expect(run.schools[0].deactivated).toEqual([{ sourceId: gone.sourceId, firstName: gone.firstName, lastName: gone.lastName }]);
    expect((await memberships(school.id)).find((m) => m.id === goneUser.id)?.status).toBe('inactive');
    const signIn = await t.call('POST', '/v1/auth/sign-in', { body: { login: gone.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(403);
    expect(signIn.json.ErrorCode).toBe('ACCOUNT_INACTIVE');
    const admin = await buildUser(t.app, { schoolId: school.id, role: 'teacher', isAdmin: true });
    const list = await t.call('GET', '/v1/roster/students', { cookie: await sessionFor(t.app, admin.id, school.id) });
    expect(list.status).toBe(200);
    expect(list.json.ResponseData.rows).toHaveLength(11);
    // A paid (Aeries) school: rostered students who never signed in are offered the invite.
    expect(list.json.ResponseData.paid).toBe(true);
    expect(list.json.ResponseData.rows.every((s: { registered: boolean }) => !s.registered)).toBe(true);
    expect(JSON.stringify(list.json.ResponseData)).not.toContain(goneUser.id);

    source.full(r.snapshot);
    const back = await sync(district.id, cookie);
    expect(back.counts).toMatchObject({ reactivated: 1, enrolmentsAdded: 1, created: 0 });
    expect((await memberships(school.id)).find((m) => m.id === goneUser.id)?.status).toBe('active');
  });

  it('holds a run that would deactivate more than 10% of a school, naming who; the approval applies it', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(12);
    source.full(r.snapshot);
    await sync(district.id, cookie);
    const school = await schoolOf(district.id, r.school);
    const keep = r.snapshot.people.slice(0, 10); // teacher + 9 students: 3 of 13 leave (23%)
    source.full({ ...r.snapshot, people: keep });
    const held = await sync(district.id, cookie);
    expect(held.status).toBe('held');
    expect(held.schools[0].deactivated.map((p: { sourceId: string }) => p.sourceId).sort()).toEqual(
      r.students
        .slice(9)
        .map((s) => s.sourceId)
        .sort(),
    );
    expect((await memberships(school.id)).filter((m) => m.status === 'inactive')).toHaveLength(0);

    source.next = () => {
      throw new Error('an approval must not read the source again');
    };
    const approve = await t.call('POST', `/v1/super/roster-runs/${held.id}/approve`, { cookie, body: {} });
    expect(approve.status).toBe(200);
    await drain(t.app);
    const done = (await t.call('GET', `/v1/super/roster-runs/${held.id}`, { cookie })).json.ResponseData;
    expect(done).toMatchObject({ status: 'done', approved: true, counts: { deactivated: 3 } });
    expect((await memberships(school.id)).filter((m) => m.status === 'inactive')).toHaveLength(3);
    const again = await t.call('POST', `/v1/super/roster-runs/${held.id}/approve`, { cookie, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.ErrorCode).toBe('ROSTER_RUN_NOT_HELD');
  });

  it("a district's own threshold replaces the 10%: at 30% the same 23% change is applied without a hold", async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const settings = await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, { cookie, body: { holdPercent: 30 } });
    expect(settings.json.ResponseData.holdPercent).toBe(30);
    const r = roster(12);
    source.full(r.snapshot);
    await sync(district.id, cookie);
    source.full({ ...r.snapshot, people: r.snapshot.people.slice(0, 10) });
    expect(await sync(district.id, cookie)).toMatchObject({ status: 'done', counts: { deactivated: 3 } });
    for (const holdPercent of [0, 101, 10.5]) {
      expect((await t.call('PATCH', `/v1/super/districts/${district.id}/roster`, { cookie, body: { holdPercent } })).status).toBe(400);
    }
  });

  it("gives a section a free name when its teacher already owns classes with its name and with the section's id after it", async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(2);
    // The teacher signed up and made these classes by hand in another school of the district before it was rostered.
    const other = await buildSchool(t.app, { districtId: district.id, name: `Old ${r.p}` });
    const owner = await buildUser(t.app, { email: r.t1.email!, role: 'teacher', schoolId: other.id });
    for (const name of [`Math ${r.p}`, `Math ${r.p} (${r.p}-sec1)`]) {
      await buildClass(t.app, { schoolId: other.id, ownerId: owner.id, name });
    }
    source.full(r.snapshot);
    expect(await sync(district.id, cookie)).toMatchObject({ status: 'done', counts: { linked: 1, classesCreated: 1 } });
    const school = await schoolOf(district.id, r.school);
    expect(await db().selectFrom('classes').select('name').where('schoolId', '=', school.id).executeTakeFirstOrThrow()).toEqual({
      name: `Math ${r.p} (${r.p}-sec1 2)`,
    });
  });

  it('in test mode shows what it would do and writes nothing', async () => {
    const district = await buildSisDistrict(t.app, { testMode: true });
    const { cookie } = await superAdmin(t.app);
    const r = roster(3);
    source.full(r.snapshot);
    const run = await sync(district.id, cookie);
    expect(run.status).toBe('preview');
    expect(run.counts).toMatchObject({ schoolsCreated: 1, created: 4, enrolmentsAdded: 3 });
    expect(run.schools[0].added).toHaveLength(4);
    expect(await db().selectFrom('schools').select('id').where('districtId', '=', district.id).execute()).toHaveLength(0);
  });

  it("records the source's own district id (Log in with Clever matches against it) when a run applies, not in a preview", async () => {
    const sourceDistrictId = `5f${uid()}`;
    const sourceDistrict = (id: string) => db().selectFrom('districts').select('sourceDistrictId').where('id', '=', id).executeTakeFirstOrThrow();
    const { cookie } = await superAdmin(t.app);
    const preview = await buildSisDistrict(t.app, { testMode: true });
    source.full(roster(2).snapshot);
    Object.assign(source.next, { sourceDistrictId });
    expect((await sync(preview.id, cookie)).status).toBe('preview');
    expect(await sourceDistrict(preview.id)).toEqual({ sourceDistrictId: null });
    const applied = await buildSisDistrict(t.app);
    expect((await sync(applied.id, cookie)).status).toBe('done');
    expect(await sourceDistrict(applied.id)).toEqual({ sourceDistrictId });
  });

  it('applies flags the source gives and leaves the school its own where the source gives null; hand-made classes are never touched; a dropped seat is freed, the chart kept', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(10);
    r.snapshot.people[1] = { ...r.students[0]!, iep: true, plan504: null, languageLevel: 'L', grade: 7 };
    source.full(r.snapshot);
    await sync(district.id, cookie);
    const school = await schoolOf(district.id, r.school);
    const s0 = (await memberships(school.id)).find((m) => m.email === r.students[0]!.email)!;
    expect(s0).toMatchObject({ iep: true, plan504: false, languageLevel: 'L', grade: 7 });
    await db().updateTable('schoolMemberships').set({ plan504: true }).where('userId', '=', s0.id).execute();

    const rostered = await db().selectFrom('classes').select(['id', 'ownerId']).where('schoolId', '=', school.id).executeTakeFirstOrThrow();
    const s1 = (await memberships(school.id)).find((m) => m.email === r.students[1]!.email)!;
    await db()
      .insertInto('seatingCharts')
      .values({ classId: rostered.id, name: 'Front', rows: 5, cols: 5, seats: JSON.stringify({ '0-0': s1.id, '0-1': s0.id }) })
      .execute();
    const byHand = await db()
      .insertInto('classes')
      .values({ schoolId: school.id, ownerId: rostered.ownerId, name: 'Art club', joiningCode: `H${uid().toUpperCase()}`.slice(0, 6) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('enrolments').values({ classId: byHand.id, studentId: s1.id }).execute();

    r.snapshot.people[1] = { ...r.students[0]!, iep: false, plan504: null, languageLevel: null, grade: 7 };
    r.snapshot.sections[0]!.studentSourceIds = r.students.filter((_, i) => i !== 1).map((s) => s.sourceId);
    source.full(r.snapshot);
    const run = await sync(district.id, cookie);
    expect(run.counts).toMatchObject({ updated: 1, enrolmentsRemoved: 1, deactivated: 0 });
    expect((await memberships(school.id)).find((m) => m.id === s0.id)).toMatchObject({ iep: false, plan504: true, languageLevel: 'L' });
    const chart = await db().selectFrom('seatingCharts').select('seats').where('classId', '=', rostered.id).executeTakeFirstOrThrow();
    expect(chart.seats).toEqual({ '0-1': s0.id });
    expect(await db().selectFrom('enrolments').select('studentId').where('classId', '=', byHand.id).execute()).toEqual([{ studentId: s1.id }]);
    expect(await db().selectFrom('classes').select('name').where('id', '=', byHand.id).executeTakeFirstOrThrow()).toEqual({ name: 'Art club' });
  });

  it('a yes/no flag set by the source is applied, "no" clears it, and null keeps the school\'s; each change is named in the preview and the run', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(4);
    const [a, b, c] = r.students as [RosterPerson, RosterPerson, RosterPerson];
    const people = (flags: Partial<RosterPerson>[]) => [r.t1, ...r.students.map((s, i) => ({ ...s, ...(flags[i] ?? {}) }))];
    // First run: a is an English learner with an IEP and a 504 plan; b says nothing; c is "no" everywhere.
    source.full({
      ...r.snapshot,
      people: people([{ englishLearner: true, iep: true, plan504: true }, {}, { englishLearner: false, iep: false, plan504: false }]),
    });
    const first = await sync(district.id, cookie);
    expect(first.counts.flagsChanged).toBe(1);
    expect(first.schools[0].flagChanges).toEqual([
      { sourceId: a.sourceId, firstName: a.firstName, lastName: a.lastName, set: ['iep', 'plan504', 'englishLearner'], cleared: [] },
    ]);
    const school = await schoolOf(district.id, r.school);
    const member = async (p: RosterPerson) => (await memberships(school.id)).find((m) => m.email === p.email)!;
    expect(await member(a)).toMatchObject({ iep: true, plan504: true, languageLevel: 'L' });
    // The school sets b's flags by hand.
    await db()
      .updateTable('schoolMemberships')
      .set({ iep: true, plan504: true, languageLevel: 'L' })
      .where('userId', '=', (await member(b)).id)
      .execute();

    // Reclassified: a's "no" clears each flag (L becomes LF, as the school's own switch); b's absent fields keep the school's.
    const next = people([{ englishLearner: false, iep: false, plan504: false }, { englishLearner: null, iep: null, plan504: null }, { englishLearner: true }]);
    source.full({ ...r.snapshot, people: next });
    await db().updateTable('districts').set({ testMode: true }).where('id', '=', district.id).execute();
    const preview = await sync(district.id, cookie);
    expect(preview.status).toBe('preview');
    expect(preview.counts.flagsChanged).toBe(2);
    expect(await member(a)).toMatchObject({ iep: true, plan504: true, languageLevel: 'L' });
    await db().updateTable('districts').set({ testMode: false }).where('id', '=', district.id).execute();
    const run = await sync(district.id, cookie);
    expect(run.counts).toMatchObject({ flagsChanged: 2, updated: 2 });
    const byId = Object.fromEntries(run.schools[0].flagChanges.map((f: { sourceId: string }) => [f.sourceId, f]));
    expect(byId[a.sourceId]).toMatchObject({ set: [], cleared: ['iep', 'plan504', 'englishLearner'] });
    expect(byId[c.sourceId]).toMatchObject({ set: ['englishLearner'], cleared: [] });
    expect(preview.schools[0].flagChanges).toEqual(run.schools[0].flagChanges);
    expect(await member(a)).toMatchObject({ iep: false, plan504: false, languageLevel: 'LF' });
    expect(await member(b)).toMatchObject({ iep: true, plan504: true, languageLevel: 'L' });
    expect(await member(c)).toMatchObject({ languageLevel: 'L' });

    // The same read again changes no flag; a source warning of the read reaches the report.
    source.next = {
      mode: 'full',
      snapshot: { ...r.snapshot, people: next },
      sourceWarnings: [{ code: 'programs_unmapped', values: { codes: 'SPD' } }],
      carries: { flags: ['englishLearner'], columns: [] },
    };
    const again = await sync(district.id, cookie);
    expect(again.counts.flagsChanged).toBe(0);
    expect(again).toMatchObject({
      sourceWarnings: [{ code: 'programs_unmapped', values: { codes: 'SPD' } }],
      carries: { flags: ['englishLearner'], columns: [] },
    });
  });

  it('a failing source fails the run with its code, no secret in the detail, and the school keeps its last good roster', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(4);
    source.full(r.snapshot);
    await sync(district.id, cookie);
    source.next = () => {
      throw new RosterSourceError('roster_auth_failed', `401 for certificate ${CERTIFICATE}`);
    };
    const run = await sync(district.id, cookie);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'roster_auth_failed' });
    expect(run.errorDetail).not.toContain(CERTIFICATE);
    const school = await schoolOf(district.id, r.school);
    expect((await memberships(school.id)).every((m) => m.status === 'active')).toBe(true);
  });

  it('a failure half-way through a school writes nothing of that school (its people, classes and the school itself roll back)', async () => {
    const district = await buildSisDistrict(t.app);
    const { cookie } = await superAdmin(t.app);
    const r = roster(3);
    // The same section twice: the second insert breaks the unique index after people and a class were written.
    r.snapshot.sections.push({ ...r.snapshot.sections[0]!, name: 'Other name' });
    source.full(r.snapshot);
    const run = await sync(district.id, cookie);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'roster_failed', errorDetail: null });
    expect(await db().selectFrom('schools').select('id').where('districtId', '=', district.id).execute()).toHaveLength(0);
    expect(
      await db()
        .selectFrom('users')
        .select('id')
        .where(
          'email',
          'in',
          r.students.map((s) => s.email!),
        )
        .execute(),
    ).toHaveLength(0);
  });
});
