import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { auditActions, recognise, schoolWithAdmin } from '../test-factories.js';

// The reach and givers reports (docs/decisions/0567).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-10-15T16:00:00Z');
});
afterAll(() => t.close());

// Cuts September (from the 10th) and October (to the 15th): months from the counts, edges from rows.
const FROM = '2026-09-10';
const TO = '2026-10-15';

/** Students reached, per group, counted straight from the recognitions. */
async function recount(schoolId: string) {
  const rows = await sql<{ dimension: string; key: string; students: number; reached: number }>`
    with kids as (
      select m.user_id, m.grade, m.iep, coalesce(m.language_level = 'L', false) as el,
        exists (select 1 from recognitions r where r.receiver_id = m.user_id and r.school_id = ${schoolId} and r.kind = 'high5' and r.school_date between ${FROM} and ${TO}) as reached
      from school_memberships m where m.school_id = ${schoolId} and m.role = 'student' and m.status = 'active')
    select 'grade' as dimension, grade::text as key, count(*)::int as students, (count(*) filter (where reached))::int as reached from kids group by grade
    union all select 'iep', iep::text, count(*)::int, (count(*) filter (where reached))::int from kids group by iep
    union all select 'class', e.class_id::text, count(*)::int, (count(*) filter (where reached))::int from kids k join enrolments e on e.student_id = k.user_id group by e.class_id
    union all select 'school', '', count(*)::int, (count(*) filter (where reached))::int from kids`.execute(t.app.services.db);
  return rows.rows;
}

async function reach(cookie: string) {
  const res = await t.call('GET', `/v1/admin/reports/reach?range=${FROM}_${TO}`, { cookie });
  expect(res.status).toBe(200);
  return res.json.ResponseData as {
    school: { students: number; reached: number; percent: number };
    grades: { key: string; students: number | null; reached: number | null; percent: number | null }[];
    classes: { key: string; label: string; students: number | null; reached: number | null }[];
    flags: {
      flag: string;
      with: { students: number | null; reached: number | null; percent: number | null };
      without: { students: number | null; reached: number | null; percent: number | null };
      difference: number | null;
    }[];
    suppressed: number;
  };
}

function expectEqualToRecount(got: Awaited<ReturnType<typeof reach>>, want: Awaited<ReturnType<typeof recount>>) {
  const wanted = (dimension: string, key: string) => want.find((r) => r.dimension === dimension && r.key === key);
  const shown = (row: { students: number; reached: number } | undefined) =>
    row && row.students >= 10 ? { students: row.students, reached: row.reached } : { students: null, reached: null };
  expect({ students: got.school.students, reached: got.school.reached }).toEqual(shown(wanted('school', '')));
  for (const g of got.grades) expect({ students: g.students, reached: g.reached }).toEqual(shown(wanted('grade', g.key)));
  for (const c of got.classes) expect({ students: c.students, reached: c.reached }).toEqual(shown(wanted('class', c.key)));
  const iep = got.flags.find((f) => f.flag === 'iep')!;
  expect({ students: iep.with.students, reached: iep.with.reached }).toEqual(shown(wanted('iep', 'true')));
  expect({ students: iep.without.students, reached: iep.without.reached }).toEqual(shown(wanted('iep', 'false')));
}

describe('GET /v1/admin/reports/reach', () => {
  it('counts students reached by group from the monthly counts, equal to a recount after gives, deletes, moves and leaving; groups under 10 are withheld', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    const kids = [];
    // Grade 3: 12 students, grade 4: 10, grade 5: 3 (withheld). IEP: the first 11; 504: 2 (withheld).
    for (let i = 0; i < 25; i++) kids.push(await buildUser(t.app, { schoolId: school.id, role: 'student', grade: i < 12 ? 3 : i < 22 ? 4 : 5 }));
    await t.app.services.db
      .updateTable('schoolMemberships')
      .set({ iep: true })
      .where(
        'userId',
        'in',
        kids.slice(0, 11).map((k) => k.id),
      )
      .execute();
    await t.app.services.db
      .updateTable('schoolMemberships')
      .set({ plan504: true })
      .where(
        'userId',
        'in',
        kids.slice(20, 22).map((k) => k.id),
      )
      .execute();
    const big = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'Big', studentIds: kids.slice(0, 15).map((k) => k.id) });
    const small = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'Small', studentIds: kids.slice(15, 20).map((k) => k.id) });
    const giver = { id: teacher.id, role: 'teacher' };
    // Reached: 0-5 (IEP) inside whole and cut months; 12 (grade 4) on the edge days. Not reached:
    // 6 only a Vibe, 7 a day before the range, 8 a day after.
    for (const [i, date] of [
      [0, '2026-09-10'],
      [1, '2026-09-30'],
      [2, '2026-10-01'],
      [3, '2026-10-15'],
      [4, '2026-09-20'],
      [5, '2026-10-05'],
      [12, '2026-10-14'],
    ] as const) {
      await recognise(t.app, { schoolId: school.id, giver, receiver: { id: kids[i]!.id, role: 'student' }, date });
    }
    await recognise(t.app, { kind: 'vibe', schoolId: school.id, giver, receiver: { id: kids[6]!.id, role: 'student' }, date: '2026-09-15' });
    await recognise(t.app, { schoolId: school.id, giver, receiver: { id: kids[7]!.id, role: 'student' }, date: '2026-09-09' });
    await recognise(t.app, { schoolId: school.id, giver, receiver: { id: kids[8]!.id, role: 'student' }, date: '2026-10-16' });
    let got = await reach(cookie);
    expectEqualToRecount(got, await recount(school.id));
    expect(got.school).toMatchObject({ students: 25, reached: 7, percent: 28 });
    expect(got.grades.map((g) => [g.key, g.students, g.reached])).toEqual([
      ['3', 12, 6],
      ['4', 10, 1],
      ['5', null, null],
    ]);
    expect(got.classes.map((c) => [c.label.split(' · ')[0], c.students, c.reached])).toEqual([
      ['Big', 15, 7],
      ['Small', null, null],
    ]);
    const iep = got.flags.find((f) => f.flag === 'iep')!;
    // 6 of 11 with an IEP (54.5 %) against 1 of 14 (7.1 %): 47.4 points.
    expect(iep).toMatchObject({ with: { students: 11, reached: 6, percent: 54.5 }, without: { students: 14, reached: 1, percent: 7.1 }, difference: 47.4 });
    expect(got.flags.find((f) => f.flag === 'plan504')).toMatchObject({ with: { students: null }, without: { students: 23 }, difference: null });
    // Grade 5, Small, 504 with, English learners with: withheld.
    expect(got.suppressed).toBe(4);

    // A High 5 deleted, a student who moves class and one who leaves: still the recount.
    await t.app.services.db.deleteFrom('recognitions').where('receiverId', '=', kids[0]!.id).execute();
    await t.app.services.db.deleteFrom('enrolments').where('studentId', '=', kids[1]!.id).execute();
    await t.app.services.db.insertInto('enrolments').values({ classId: small.id, studentId: kids[1]!.id }).execute();
    await t.app.services.db.deleteFrom('schoolMemberships').where('userId', '=', kids[2]!.id).execute();
    got = await reach(cookie);
    expectEqualToRecount(got, await recount(school.id));
    expect(got.school).toMatchObject({ students: 24, reached: 5 });
    expect(big.id).toBeTruthy();

    const audited = (await auditActions(t.app, school.id)).filter((a) => a.action === 'report.reach.read');
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ actorId: admin.id, details: { from: FROM, to: TO } });
  });

  it('answers 401, 400 and 403', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    expect((await t.call('GET', `/v1/admin/reports/reach?range=${FROM}_${TO}`)).status).toBe(401);
    expect((await t.call('GET', '/v1/admin/reports/reach?range=2026-10-15_2026-09-01', { cookie })).json.ErrorCode).toBe('VALIDATION_FAILED');
    expect((await t.call('GET', '/v1/admin/reports/reach?range=2024-01-01_2026-10-15', { cookie })).status).toBe(400);
    const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
    expect((await t.call('GET', `/v1/admin/reports/reach?range=${FROM}_${TO}`, { cookie: await sessionFor(t.app, teacher.id, school.id) })).status).toBe(403);
    expect((await t.call('GET', `/v1/admin/reports/givers?range=${FROM}_${TO}`, { cookie: await sessionFor(t.app, teacher.id, school.id) })).status).toBe(403);
  });
});

describe('GET /v1/admin/reports/givers', () => {
  it('counts distinct students each teacher and staff member gave a High 5 to in the range, widest first', async () => {
    const { school, admin, cookie } = await schoolWithAdmin(t.app);
    const wide = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Wide', lastName: 'Giver' });
    const staff = await buildUser(t.app, { schoolId: school.id, role: 'staff', firstName: 'Narrow', lastName: 'Giver' });
    const parent = await buildUser(t.app, { schoolId: school.id, role: 'parent' });
    const kids = await Promise.all([0, 1, 2].map(() => buildUser(t.app, { schoolId: school.id, role: 'student' })));
    const to = (g: { id: string }, role: string, k: { id: string }, date: string, kind: 'high5' | 'vibe' = 'high5') =>
      recognise(t.app, { kind, schoolId: school.id, giver: { id: g.id, role }, receiver: { id: k.id, role: 'student' }, date });
    await to(wide, 'teacher', kids[0]!, '2026-09-12');
    await to(wide, 'teacher', kids[0]!, '2026-10-01');
    await to(wide, 'teacher', kids[1]!, '2026-10-02');
    await to(wide, 'teacher', kids[2]!, '2026-10-16'); // after the range
    await to(staff, 'staff', kids[2]!, '2026-10-03');
    await to(staff, 'staff', kids[1]!, '2026-10-03', 'vibe');
    await to(parent, 'parent', kids[0]!, '2026-10-03');
    await recognise(t.app, { schoolId: school.id, giver: { id: wide.id, role: 'teacher' }, receiver: { id: staff.id, role: 'staff' }, date: '2026-10-04' });
    const res = await t.call('GET', `/v1/admin/reports/givers?range=${FROM}_${TO}`, { cookie });
    expect(res.status).toBe(200);
    expect(
      res.json.ResponseData.rows.map((r: { name: string; role: string; students: number; high5s: number }) => [r.name, r.role, r.students, r.high5s]),
    ).toEqual([
      ['Wide Giver', 'teacher', 2, 3],
      ['Narrow Giver', 'staff', 1, 1],
      [`${admin.firstName} ${admin.lastName}`, 'teacher', 0, 0],
    ]);
  });
});
