import { schoolDaysWindowStart, termOf } from '@high5/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { NOT_YET_MAIL_TICK, runNotYetMailTick } from './mail.js';

// A teacher's "not yet" list and spread (docs/decisions/0565, 0566), and the monthly e-mail (0568).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Thursday 15 October 2026, 09:00 in Los Angeles: the last 10 school days start on Friday 2 October.
const NOW = '2026-10-15T16:00:00Z';

async function give(schoolId: string, giver: { id: string; role?: string }, receiverId: string, date: string, kind: 'high5' | 'vibe' = 'high5') {
  const row = await t.app.services.db
    .insertInto('recognitions')
    .values({
      kind,
      schoolId,
      giverId: giver.id,
      giverRole: giver.role ?? 'teacher',
      receiverId,
      receiverRole: 'student',
      schoolDate: date,
      givenAt: new Date(`${date}T18:00:00Z`),
      comment: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The list counted from scratch: every active student of the teacher's classes, straight from the rows. */
async function recount(schoolId: string, teacherId: string, from: string, to: string, classId?: string) {
  const rows = await sql<{ id: string; mine: boolean; anyone: boolean; term: number; ever: boolean }>`
    select distinct e.student_id as id,
      exists (select 1 from recognitions r where r.giver_id = ${teacherId} and r.receiver_id = e.student_id and r.school_id = ${schoolId} and r.school_date between ${from} and ${to}) as mine,
      exists (select 1 from recognitions r where r.receiver_id = e.student_id and r.school_id = ${schoolId} and r.school_date between ${from} and ${to}) as anyone,
      (select count(*) from recognitions r where r.giver_id = ${teacherId} and r.receiver_id = e.student_id and r.school_id = ${schoolId} and r.kind = 'high5'
        and r.school_date between ${termOf(to).from} and ${termOf(to).to})::int as term,
      exists (select 1 from recognitions r where r.giver_id = ${teacherId} and r.receiver_id = e.student_id and r.school_id = ${schoolId} and r.kind = 'high5') as ever
    from class_teachers ct join classes c on c.id = ct.class_id join enrolments e on e.class_id = c.id
    join school_memberships m on m.user_id = e.student_id and m.school_id = ${schoolId} and m.role = 'student' and m.status = 'active'
    where ct.teacher_id = ${teacherId} and c.school_id = ${schoolId} ${classId ? sql`and c.id = ${classId}` : sql``}`.execute(t.app.services.db);
  const bucket = (n: number) => (n === 0 ? 'zero' : n <= 2 ? 'oneToTwo' : n <= 5 ? 'threeToFive' : 'more');
  const spread = { zero: 0, oneToTwo: 0, threeToFive: 0, more: 0, never: 0 };
  for (const r of rows.rows) {
    spread[bucket(r.term)]++;
    if (!r.ever) spread.never++;
  }
  return {
    students: rows.rows.length,
    notYet: rows.rows
      .filter((r) => !r.mine)
      .map((r) => r.id)
      .sort(),
    nobody: rows.rows
      .filter((r) => !r.anyone)
      .map((r) => r.id)
      .sort(),
    spread,
  };
}

async function list(cookie: string, classId?: string) {
  const res = await t.call('GET', `/v1/recognition/not-yet${classId ? `?classId=${classId}` : ''}`, { cookie });
  expect(res.status).toBe(200);
  return res.json.ResponseData as {
    days: number;
    from: string;
    to: string;
    students: number;
    notYet: {
      id: string;
      name: string;
      lastFromMe: string | null;
      lastFromAnyone: string | null;
      notYetFromAnyone: boolean;
      joinedOn: string | null;
      daysAway: number;
      classNames: string[];
    }[];
    spread: Record<string, unknown>;
  };
}

async function expectRecount(schoolId: string, teacherId: string, cookie: string, classId?: string) {
  const got = await list(cookie, classId);
  const want = await recount(schoolId, teacherId, got.from, got.to, classId);
  expect(got.students).toBe(want.students);
  expect(got.notYet.map((s) => s.id).sort()).toEqual(want.notYet);
  expect(
    got.notYet
      .filter((s) => s.notYetFromAnyone)
      .map((s) => s.id)
      .sort(),
  ).toEqual(want.nobody.filter((id) => want.notYet.includes(id)));
  expect(got.spread).toMatchObject(want.spread);
  return got;
}

async function world() {
  const school = await buildSchool(t.app, { timeZone: 'America/Los_Angeles' });
  const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
  const other = await buildUser(t.app, { schoolId: school.id, role: 'teacher' });
  const s = await Promise.all(
    ['Ana', 'Ben', 'Cruz', 'Dee', 'Eli'].map((firstName) => buildUser(t.app, { schoolId: school.id, role: 'student', firstName, lastName: 'Pupil' })),
  );
  const [ana, ben, cruz, dee, eli] = s as [(typeof s)[0], (typeof s)[0], (typeof s)[0], (typeof s)[0], (typeof s)[0]];
  // Everyone joined long ago, so nobody is marked as new unless a test says so.
  await t.app.services.db
    .updateTable('schoolMemberships')
    .set({ createdAt: new Date('2026-08-20T16:00:00Z') })
    .where('schoolId', '=', school.id)
    .execute();
  const c1 = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'Math', studentIds: [ana.id, ben.id, cruz.id, dee.id] });
  const c2 = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'Art', studentIds: [eli.id, ana.id] });
  const oc = await buildClass(t.app, { schoolId: school.id, ownerId: other.id, name: 'Music', studentIds: [eli.id] });
  await t.app.services.db
    .updateTable('enrolments')
    .set({ createdAt: new Date('2026-08-20T16:00:00Z') })
    .where('classId', 'in', [c1.id, c2.id, oc.id])
    .execute();
  return { school, teacher, other, ana, ben, cruz, dee, eli, c1, c2, oc, cookie: await sessionFor(t.app, teacher.id, school.id) };
}

describe('GET /v1/recognition/not-yet', () => {
  it('lists who had nothing from the teacher in the last N school days, longest waiting first, and equals a recount after gives, deletes, moves and leaving', async () => {
    t.clock.set(NOW);
    const w = await world();
    // Ana: a High 5 today through HTTP. Ben: the day before the window. Cruz: only from another
    // teacher, inside. Dee: a Vibe on the window's first day. Eli: nothing at all.
    const categoryId = (
      await t.app.services.db.selectFrom('categories').select('id').where('kind', '=', 'high5').where('schoolId', 'is', null).executeTakeFirstOrThrow()
    ).id;
    const given = await t.call('POST', '/v1/recognitions', {
      cookie: w.cookie,
      body: { kind: 'high5', recipientId: w.ana.id, categoryIds: [categoryId], comment: '' },
    });
    expect(given.status).toBe(200);
    await give(w.school.id, w.teacher, w.ben.id, '2026-10-01');
    await give(w.school.id, w.other, w.cruz.id, '2026-10-05');
    await give(w.school.id, w.teacher, w.dee.id, '2026-10-02', 'vibe');
    const got = await expectRecount(w.school.id, w.teacher.id, w.cookie);
    expect(got).toMatchObject({ days: 10, from: '2026-10-02', to: '2026-10-15', students: 5 });
    expect(schoolDaysWindowStart('2026-10-15', 10)).toBe('2026-10-02');
    // Never recognised by the teacher first (by name), then the oldest.
    expect(got.notYet.map((s) => [s.name, s.lastFromMe, s.lastFromAnyone, s.notYetFromAnyone])).toEqual([
      ['Cruz Pupil', null, '2026-10-05', false],
      ['Eli Pupil', null, null, true],
      ['Ben Pupil', '2026-10-01', '2026-10-01', true],
    ]);
    expect(got.notYet.find((s) => s.name === 'Eli Pupil')!.classNames).toEqual(['Art']);

    // The High 5 undone: Ana is back on the list.
    await t.app.services.db.deleteFrom('recognitions').where('receiverId', '=', w.ana.id).execute();
    expect((await expectRecount(w.school.id, w.teacher.id, w.cookie)).notYet.map((s) => s.name)).toContain('Ana Pupil');
    // Ben moves to the other teacher's class; Cruz leaves the school (deactivated by a sync).
    await t.app.services.db.deleteFrom('enrolments').where('studentId', '=', w.ben.id).where('classId', '=', w.c1.id).execute();
    await t.app.services.db.insertInto('enrolments').values({ classId: w.oc.id, studentId: w.ben.id }).execute();
    await t.app.services.db.updateTable('schoolMemberships').set({ status: 'inactive' }).where('userId', '=', w.cruz.id).execute();
    const after = await expectRecount(w.school.id, w.teacher.id, w.cookie);
    expect(after.notYet.map((s) => s.name)).toEqual(['Ana Pupil', 'Eli Pupil']);
    expect(after.students).toBe(3);
    // One class only.
    const art = await expectRecount(w.school.id, w.teacher.id, w.cookie, w.c2.id);
    expect(art.notYet.map((s) => s.name)).toEqual(['Ana Pupil', 'Eli Pupil']);
    expect(art.students).toBe(2);
  });

  it('marks who joined inside the window and the school days they were away; the school sets N', async () => {
    t.clock.set(NOW);
    const w = await world();
    await t.app.services.db
      .updateTable('enrolments')
      .set({ createdAt: new Date('2026-10-13T16:00:00Z') })
      .where('studentId', '=', w.dee.id)
      .execute();
    for (const day of ['2026-10-12', '2026-10-13']) {
      await t.app.services.db.insertInto('attendance').values({ classId: w.c1.id, studentId: w.ben.id, schoolDate: day, code: 'A' }).execute();
      await t.app.services.db
        .insertInto('attendance')
        .values({ classId: w.c2.id, studentId: w.ana.id, schoolDate: day, code: day === '2026-10-12' ? 'E' : 'P' })
        .execute();
    }
    const got = await list(w.cookie);
    const by = (name: string) => got.notYet.find((s) => s.name === name)!;
    expect(by('Dee Pupil').joinedOn).toBe('2026-10-13');
    expect(by('Eli Pupil').joinedOn).toBeNull();
    expect(by('Ben Pupil').daysAway).toBe(2);
    expect(by('Ana Pupil').daysAway).toBe(1);

    const admin = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher', isAdmin: true });
    const adminCookie = await sessionFor(t.app, admin.id, w.school.id);
    expect((await t.call('PATCH', '/v1/admin/configuration', { cookie: adminCookie, body: { notYetDays: 0 } })).status).toBe(400);
    expect((await t.call('PATCH', '/v1/admin/configuration', { cookie: adminCookie, body: { notYetDays: 61 } })).status).toBe(400);
    const saved = await t.call('PATCH', '/v1/admin/configuration', { cookie: adminCookie, body: { notYetDays: 3 } });
    expect(saved.json.ResponseData).toMatchObject({ notYetDays: 3 });
    // Three school days back from Thursday: Tuesday.
    expect(await list(w.cookie)).toMatchObject({ days: 3, from: '2026-10-13' });
  });

  it("counts the spread of the teacher's High 5s this term against a recount", async () => {
    t.clock.set(NOW);
    const w = await world();
    for (let i = 0; i < 3; i++) await give(w.school.id, w.teacher, w.ana.id, `2026-09-0${i + 1}`);
    for (let i = 0; i < 6; i++) await give(w.school.id, w.teacher, w.ben.id, `2026-09-1${i}`);
    await give(w.school.id, w.teacher, w.cruz.id, '2026-09-21');
    await give(w.school.id, w.teacher, w.cruz.id, '2026-09-22', 'vibe');
    // Last school year: not this term, but Dee was recognised once, so she is not "never".
    await give(w.school.id, w.teacher, w.dee.id, '2026-05-04');
    const got = await expectRecount(w.school.id, w.teacher.id, w.cookie);
    expect(got.spread).toEqual({ term: { from: '2026-08-01', to: '2026-12-31' }, zero: 2, oneToTwo: 1, threeToFive: 1, more: 1, never: 1 });
  });

  it('answers 401, 400, 403 and 404 to those who may not ask', async () => {
    t.clock.set(NOW);
    const w = await world();
    expect((await t.call('GET', '/v1/recognition/not-yet')).status).toBe(401);
    expect((await t.call('GET', '/v1/recognition/not-yet?classId=nope', { cookie: w.cookie })).status).toBe(400);
    // A class of another teacher of the school, or of another school: not found.
    expect((await t.call('GET', `/v1/recognition/not-yet?classId=${w.oc.id}`, { cookie: w.cookie })).status).toBe(404);
    const student = await sessionFor(t.app, w.ana.id, w.school.id);
    expect((await t.call('GET', '/v1/recognition/not-yet', { cookie: student })).status).toBe(403);
    // Another teacher sees their own class only.
    const other = await sessionFor(t.app, w.other.id, w.school.id);
    expect((await list(other)).notYet.map((s) => s.name)).toEqual(['Eli Pupil']);
  });
});

describe('the monthly "not yet" e-mail', () => {
  it('goes once a month, on the first school days, to each teacher in their language, not to those who turned it off', async () => {
    t.clock.set(NOW);
    const w = await world();
    const es = await buildUser(t.app, { schoolId: w.school.id, role: 'teacher', language: 'es' });
    await buildClass(t.app, { schoolId: w.school.id, ownerId: es.id, studentIds: [w.ana.id] });
    // The other teacher turns it off in their profile.
    const otherCookie = await sessionFor(t.app, w.other.id, w.school.id);
    const off = await t.call('PUT', '/v1/profile', { cookie: otherCookie, body: { firstName: 'Other', lastName: 'Teacher', notYetMail: false } });
    expect(off.status).toBe(200);
    expect(off.json.ResponseData).toMatchObject({ notYetMail: false });
    const student = await sessionFor(t.app, w.ana.id, w.school.id);
    expect((await t.call('GET', '/v1/profile', { cookie: student })).json.ResponseData).toMatchObject({ notYetMail: null });
    // Earlier months of other schools in this database are not this test's: mark them sent.
    await t.app.services.db.updateTable('schools').set({ notYetMailMonth: '2026-11-01' }).where('id', '<>', w.school.id).execute();
    await t.app.services.db.updateTable('schools').set({ notYetMailMonth: '2026-10-01' }).where('id', '=', w.school.id).execute();

    // Sunday 1 November is no school day; Monday 2 November at 06:30 is too early; 07:15 it goes.
    t.clock.set('2026-11-01T17:00:00Z');
    await runNotYetMailTick(t.app.services);
    t.clock.set('2026-11-02T14:30:00Z');
    await runNotYetMailTick(t.app.services);
    expect(await t.app.services.db.selectFrom('jobs').select('id').where('kind', '=', 'mail.send').execute()).toHaveLength(0);
    t.clock.set('2026-11-02T15:15:00Z');
    await runNotYetMailTick(t.app.services);
    await runNotYetMailTick(t.app.services);
    await t.app.services.jobs.runDue();
    const mail = await t.app.services.db
      .selectFrom('devOutbox')
      .select(['recipient', 'subject', 'bodyText'])
      .where('recipient', 'in', [w.teacher.email!, es.email!, w.other.email!])
      .orderBy('id')
      .execute();
    expect(mail.map((m) => m.recipient).sort()).toEqual([w.teacher.email, es.email].sort());
    const en = mail.find((m) => m.recipient === w.teacher.email)!;
    expect(en.subject).toBe('High5: students you have not recognised yet');
    expect(en.bodyText).toContain('5 of your 5 students');
    expect(en.bodyText).toContain('- Eli Pupil (Art): nothing from you this school year; nothing from anyone either');
    const inSpanish = mail.find((m) => m.recipient === es.email)!;
    expect(inSpanish.subject).toBe('High5: estudiantes que aún no has reconocido');
    expect(inSpanish.bodyText).toContain('- Ana Pupil');
    expect(NOT_YET_MAIL_TICK).toBe('not-yet-mail.tick');
  });
});
