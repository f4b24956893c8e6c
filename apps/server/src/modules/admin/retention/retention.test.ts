import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildSchool, buildUser, sessionFor } from '../../../test/factories.js';
import { RETENTION_TICK } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.db;
/** The test clock's day, 15/10/2026 at 09:00 in Los Angeles: this school year is 2026-27. */
const MORNING = '2026-10-15T16:00:00Z';

/** A school with a student's moods, attendance, journal and High 5s on both sides of 1 August 2025. */
async function schoolWithHistory() {
  const school = await buildSchool(t.app);
  const admin = await buildUser(t.app, { role: 'teacher', isAdmin: true, schoolId: school.id });
  const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id });
  const student = await buildUser(t.app, { role: 'student', schoolId: school.id });
  const cls = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, studentIds: [student.id] });
  for (const schoolDate of ['2024-03-01', '2025-07-31', '2025-08-01', '2026-10-01']) {
    await db()
      .insertInto('moods')
      .values({ userId: student.id, schoolId: school.id, schoolDate, mood: 'grinning', lowEnjoyment: false, comment: `secret ${schoolDate}` })
      .execute();
    await db().insertInto('attendance').values({ classId: cls.id, studentId: student.id, schoolDate, code: 'P' }).execute();
    await db()
      .insertInto('recognitions')
      .values({
        kind: 'high5',
        schoolId: school.id,
        giverId: teacher.id,
        giverRole: 'teacher',
        receiverId: student.id,
        receiverRole: 'student',
        schoolDate,
        comment: `kept ${schoolDate}`,
      })
      .execute();
  }
  // 31/07/2025 13:00 in Los Angeles: old.
  await db()
    .insertInto('journalEntries')
    .values({ userId: student.id, heading: 'old', description: 'my old words', writtenAt: new Date('2025-07-31T20:00:00Z') })
    .execute();
  // 1 August 2025 05:00 UTC is still 31 July in Los Angeles: old.
  await db()
    .insertInto('journalEntries')
    .values({ userId: student.id, heading: 'old too', description: 'late at night', writtenAt: new Date('2025-08-01T05:00:00Z') })
    .execute();
  await db()
    .insertInto('journalEntries')
    .values({ userId: student.id, heading: 'new', description: 'my new words', writtenAt: new Date('2025-08-01T20:00:00Z') })
    .execute();
  return { school, admin, student, cls, cookie: await sessionFor(t.app, admin.id) };
}

/** The settings as the admin sees them now (a fresh session: the clock moves past the idle limit). */
async function settings(s: { admin: { id: string } }) {
  return (await t.call('GET', '/v1/admin/data-settings', { cookie: await sessionFor(t.app, s.admin.id) })).json.ResponseData;
}

const counts = async (s: { school: { id: string }; student: { id: string }; cls: { id: string } }) => ({
  moods: (await db().selectFrom('moods').select('schoolDate').where('schoolId', '=', s.school.id).orderBy('schoolDate').execute()).map((r) =>
    String(r.schoolDate).slice(0, 10),
  ),
  attendance: (await db().selectFrom('attendance').select('schoolDate').where('classId', '=', s.cls.id).execute()).length,
  journal: (await db().selectFrom('journalEntries').select('heading').where('userId', '=', s.student.id).orderBy('writtenAt').execute()).map((r) => r.heading),
  high5s: (await db().selectFrom('recognitions').select('id').where('schoolId', '=', s.school.id).execute()).length,
});

async function tick(at: string) {
  t.clock.set(at);
  await t.app.services.jobs.enqueue(db(), RETENTION_TICK, {});
  await t.app.services.jobs.runDue();
}

describe('/v1/admin/data-settings', () => {
  it('answers 401 signed out, 403 to a teacher, 400 to values out of range (nothing saved)', async () => {
    const s = await schoolWithHistory();
    expect((await t.call('GET', '/v1/admin/data-settings')).status).toBe(401);
    const teacher = await sessionFor(t.app, (await buildUser(t.app, { role: 'teacher', schoolId: s.school.id })).id);
    expect((await t.call('GET', '/v1/admin/data-settings', { cookie: teacher })).status).toBe(403);
    expect((await t.call('PUT', '/v1/admin/data-settings', { cookie: teacher, body: { retentionYears: 2, familyExportMinGrade: 6 } })).status).toBe(403);
    for (const body of [
      { retentionYears: 0, familyExportMinGrade: 6 },
      { retentionYears: 21, familyExportMinGrade: 6 },
      { retentionYears: 2, familyExportMinGrade: 14 },
      { retentionYears: 2.5, familyExportMinGrade: 6 },
      { familyExportMinGrade: 6 },
    ]) {
      const res = await t.call('PUT', '/v1/admin/data-settings', { cookie: s.cookie, body });
      expect(res.status).toBe(400);
      expect(res.json.ErrorCode).toBe('VALIDATION_FAILED');
    }
    expect((await t.call('GET', '/v1/admin/data-settings', { cookie: s.cookie })).json.ResponseData).toEqual({
      retentionYears: null,
      familyExportMinGrade: 6,
      nextDeletion: null,
    });
  });

  it("saves the school's choice (audited) and shows the next deletion: tonight when older data is there, else the next year's first day", async () => {
    t.clock.set(MORNING);
    const s = await schoolWithHistory();
    const res = await t.call('PUT', '/v1/admin/data-settings', { cookie: s.cookie, body: { retentionYears: 2, familyExportMinGrade: 4 } });
    expect(res.status).toBe(200);
    expect(res.json.ResponseData).toEqual({
      retentionYears: 2,
      familyExportMinGrade: 4,
      nextDeletion: { on: '2026-10-15', before: '2025-08-01', oldestKept: { startYear: 2025, from: '2025-08-01', to: '2026-07-31' } },
    });
    const audit = await db().selectFrom('auditLog').selectAll().where('action', '=', 'dataSettings.update').where('schoolId', '=', s.school.id).execute();
    expect(audit).toMatchObject([
      { actorId: s.admin.id, details: { from: { retentionYears: null, familyExportMinGrade: 6 }, to: { retentionYears: 2, familyExportMinGrade: 4 } } },
    ]);
    // Keeping everything again: nothing is ever deleted.
    expect(
      (await t.call('PUT', '/v1/admin/data-settings', { cookie: s.cookie, body: { retentionYears: null, familyExportMinGrade: 4 } })).json.ResponseData
        .nextDeletion,
    ).toBeNull();
  });
});

describe('the nightly retention job', () => {
  it('deletes moods, journals and attendance before the oldest kept year, keeps the rest and every High 5, and audits counts only', async () => {
    t.clock.set(MORNING);
    const s = await schoolWithHistory();
    const untouched = await schoolWithHistory();
    await t.call('PUT', '/v1/admin/data-settings', { cookie: s.cookie, body: { retentionYears: 2, familyExportMinGrade: 6 } });

    // Not before 02:00 at the school: at 01:30 in Los Angeles nothing runs yet.
    await tick('2026-10-15T08:30:00Z');
    expect((await counts(s)).moods).toHaveLength(4);

    await tick(MORNING);
    expect(await counts(s)).toEqual({ moods: ['2025-08-01', '2026-10-01'], attendance: 2, journal: ['new'], high5s: 4 });
    expect(await counts(untouched)).toEqual({
      moods: ['2024-03-01', '2025-07-31', '2025-08-01', '2026-10-01'],
      attendance: 4,
      journal: ['old', 'old too', 'new'],
      high5s: 4,
    });
    const audit = await db().selectFrom('auditLog').selectAll().where('action', '=', 'retention.delete').where('schoolId', '=', s.school.id).execute();
    expect(audit).toMatchObject([
      {
        actorId: null,
        targetId: s.school.id,
        details: { before: '2025-08-01', oldestKeptYear: 2025, retentionYears: 2, moods: 2, attendance: 2, journalEntries: 2 },
      },
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/secret|words|late at night/);

    // Once a night: the same day's later ticks do nothing; the next deletion is when 2025-26 falls out.
    await db()
      .insertInto('moods')
      .values({ userId: s.student.id, schoolId: s.school.id, schoolDate: '2025-01-01', mood: 'grinning', lowEnjoyment: false })
      .execute();
    await tick('2026-10-15T23:00:00Z');
    expect((await counts(s)).moods).toHaveLength(3);
    expect((await settings(s)).nextDeletion).toEqual({
      on: '2026-10-16',
      before: '2025-08-01',
      oldestKept: { startYear: 2025, from: '2025-08-01', to: '2026-07-31' },
    });
    await tick('2026-10-16T10:00:00Z');
    expect((await counts(s)).moods).toEqual(['2025-08-01', '2026-10-01']);
    expect((await settings(s)).nextDeletion).toEqual({
      on: '2027-08-01',
      before: '2026-08-01',
      oldestKept: { startYear: 2026, from: '2026-08-01', to: '2027-07-31' },
    });
    expect(await db().selectFrom('auditLog').select('id').where('action', '=', 'retention.delete').where('schoolId', '=', s.school.id).execute()).toHaveLength(
      2,
    );

    // The new year comes: 2025-26 goes.
    await tick('2027-08-01T16:00:00Z');
    expect(await counts(s)).toEqual({ moods: ['2026-10-01'], attendance: 1, journal: [], high5s: 4 });
  });
});
