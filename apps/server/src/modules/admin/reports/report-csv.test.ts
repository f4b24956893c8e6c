import { brotliDecompressSync } from 'node:zlib';
import { CSV_BOM, type MoodReportRow } from '@high5/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_BATCH, keysetBatches } from '../../../lib/cursor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildClass, buildUser, sessionFor } from '../../../test/factories.js';
import { checkIn, recognise, schoolWithAdmin, superAdmin } from '../test-factories.js';
import { moodReportBatch } from './queries.js';

let t: TestApp;
let s: Awaited<ReturnType<typeof arrange>>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await arrange();
});
afterAll(() => t.close());

const RANGE = '2026-10-06_2026-10-15';

async function arrange() {
  const { school, admin, cookie } = await schoolWithAdmin(t.app);
  const teacher = await buildUser(t.app, { schoolId: school.id, role: 'teacher', firstName: 'Tina', lastName: 'Alpha' });
  // Names the writer must quote and guard against formulas: the bytes are toCsv's.
  const amy = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Amy "A"', lastName: 'Adams, Jr' });
  const bob = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: '=Bob', lastName: 'Brown' });
  const cal = await buildUser(t.app, { schoolId: school.id, role: 'student', firstName: 'Cal', lastName: 'Clark', email: null, username: `cal${Date.now()}` });
  const klass = await buildClass(t.app, { schoolId: school.id, ownerId: teacher.id, name: 'Maths 1', studentIds: [amy.id] });
  await checkIn(t.app, { userId: amy.id, schoolId: school.id, date: '2026-10-10', mood: 'persevere' });
  await checkIn(t.app, { userId: amy.id, schoolId: school.id, date: '2026-10-11', mood: 'worried', emergency: true, priority: 'today' });
  await checkIn(t.app, { userId: amy.id, schoolId: school.id, date: '2026-10-12', mood: 'grinning' });
  await checkIn(t.app, { userId: bob.id, schoolId: school.id, date: '2026-10-12', mood: 'worried', emergency: true, priority: 'not-today' });
  await checkIn(t.app, { userId: bob.id, schoolId: school.id, date: '2026-10-13', mood: 'rage' });
  const other = await schoolWithAdmin(t.app);
  const outsider = await buildUser(t.app, { schoolId: other.school.id, role: 'student', firstName: 'Olga', lastName: 'Outside' });
  await checkIn(t.app, { userId: outsider.id, schoolId: other.school.id, date: '2026-10-12', mood: 'rage' });
  const tina = { id: teacher.id, role: 'teacher' };
  await recognise(t.app, { schoolId: school.id, giver: tina, receiver: { id: amy.id, role: 'student' }, date: '2026-10-10' });
  await recognise(t.app, { schoolId: school.id, giver: tina, receiver: { id: bob.id, role: 'student' }, date: '2026-10-11', kind: 'vibe' });
  await recognise(t.app, { schoolId: school.id, giver: { id: amy.id, role: 'student' }, receiver: { id: bob.id, role: 'student' }, date: '2026-10-12' });
  return { school, admin, cookie, teacher, amy, bob, cal, klass, other, outsider };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The records of a CSV file (without its byte-order mark), split as the writer ends them. */
const records = (csv: string) => {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
};
/** The table of a report file: after the preamble's empty record. */
const table = (csv: string) => {
  const lines = records(csv);
  return lines.slice(lines.indexOf('') + 1);
};

describe('GET /admin/reports/mood.csv', () => {
  it('streams the JSON report’s rows in its order, with the preamble, low check-ins and a file name', async () => {
    const query = `role=student&range=${RANGE}&sort=lowEnjoyment&dir=desc`;
    const json = await get(`/v1/admin/reports/mood?${query}&pageSize=100`, { cookie: s.cookie });
    const rows = (json.json() as { ResponseData: { rows: MoodReportRow[] } }).ResponseData.rows;
    const res = await get(`/v1/admin/reports/mood.csv?${query}`, { cookie: s.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Mood-meter-report_Student_2026-10-06_2026-10-15.csv"`);
    const lines = records(res.body);
    expect(lines.slice(0, 12)).toEqual([
      'Report,Mood meter report',
      'From,2026-10-06',
      'To,2026-10-15',
      'User group,Student',
      'Class,All classes',
      'Low-enjoyment feelings,All',
      'Minimum low-enjoyment count,None',
      'Search,None',
      'Sorted by,Low enjoyment (sorted descending)',
      'Downloaded on,2026-10-15',
      '',
      'Name,E-mail or username,High enjoyment,Low enjoyment,Asked to talk today,"Wants to talk, not today",Low-enjoyment check-ins',
    ]);
    // Equal low counts go by last name, as on the screen.
    expect(rows.map((r) => r.name)).toEqual(['Amy "A" Adams, Jr', '=Bob Brown', 'Cal Clark']);
    expect(table(res.body).slice(1)).toEqual([
      `"Amy ""A"" Adams, Jr",${s.amy.email},1,2,1,0,2026-10-10 Sad; 2026-10-11 Worried (Asked to talk today)`,
      `'=Bob Brown,${s.bob.email},0,2,0,1,"2026-10-12 Worried (Wants to talk, not today); 2026-10-13 Angry"`,
      `Cal Clark,${s.cal.username},0,0,0,0,`,
    ]);
    expect(table(res.body)).toHaveLength(rows.length + 1);
  });

  it('names the class and filters, and writes the caller’s language', async () => {
    const es = await buildUser(t.app, { schoolId: s.school.id, role: 'teacher', isAdmin: true, language: 'es' });
    const res = await get(`/v1/admin/reports/mood.csv?role=student&range=${RANGE}&classId=${s.klass.id}&filters=worried,persevere&minLow=2&q=amy`, {
      cookie: await sessionFor(t.app, es.id, s.school.id),
    });
    expect(res.statusCode).toBe(200);
    const lines = records(res.body);
    expect(lines[0]).toMatch(/^Informe,/);
    expect(lines).toContain('Clase,Maths 1');
    expect(lines).toContain('Búsqueda,amy');
    expect(table(res.body)).toHaveLength(2);
    expect(table(res.body)[1]).toMatch(/^"Amy ""A"" Adams, Jr",/);
  });

  it('is compressed when the client asks', async () => {
    const res = await get(`/v1/admin/reports/mood.csv?role=student&range=${RANGE}`, { cookie: s.cookie, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toMatch(/^\uFEFFReport,Mood meter report\r\n/);
  });

  it('allows only the school’s admins, and lists only the school’s people', async () => {
    expect((await get(`/v1/admin/reports/mood.csv?role=student&range=${RANGE}`)).statusCode).toBe(401);
    const teacher = await sessionFor(t.app, s.teacher.id, s.school.id);
    expect((await get(`/v1/admin/reports/mood.csv?role=student&range=${RANGE}`, { cookie: teacher })).statusCode).toBe(403);
    // Another school's admin: our class is not found, and our students never show.
    const theirs = await get(`/v1/admin/reports/mood.csv?role=student&range=${RANGE}&classId=${s.klass.id}`, { cookie: s.other.cookie });
    expect(theirs.statusCode).toBe(404);
    const all = await get(`/v1/admin/reports/mood.csv?role=student&range=${RANGE}`, { cookie: s.other.cookie });
    expect(table(all.body).slice(1)).toEqual([`Olga Outside,${s.outsider.email},0,1,0,0,2026-10-12 Angry`]);
  });

  it.each([
    ['no range', 'role=student'],
    ['an unknown sort column', `role=student&range=${RANGE}&sort=password`],
    ['an unknown feeling', `role=student&range=${RANGE}&filters=happy`],
    ['a class for teachers', `role=teacher&range=${RANGE}&classId=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`],
    ['a range in the future', 'role=student&range=2026-10-06_2026-10-20'],
  ])('answers 400 VALIDATION_FAILED for %s', async (_, query) => {
    const res = await get(`/v1/admin/reports/mood.csv?${query}`, { cookie: s.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'VALIDATION_FAILED' });
  });
});

describe('a 10,000-row mood CSV (docs/decisions/0595)', () => {
  const ROWS = 10_000;
  it('is read in batches of at most 500 and writes every row', async () => {
    const { school, cookie } = await schoolWithAdmin(t.app);
    await sql`with u as (
        insert into users (email, password_hash, first_name, last_name, language, email_verified_at)
        select 'big' || g || '@example.test', 'x', 'Kid', 'N' || lpad(g::text, 5, '0'), 'en', now() from generate_series(1, ${ROWS}) g
        returning id)
      insert into school_memberships (user_id, school_id, role, is_admin, status, grade) select id, ${school.id}, 'student', false, 'active', 5 from u`.execute(
      t.app.services.db,
    );
    const scope = {
      schoolId: school.id,
      role: 'student',
      from: '2026-10-06',
      to: '2026-10-15',
      classIds: null,
      students: { flags: [] },
      search: '',
      sort: 'name',
      dir: 'asc' as const,
    };
    const sizes: number[] = [];
    for await (const batch of keysetBatches(
      (after: unknown[] | null, limit) => moodReportBatch(t.app.services.db, scope, { filters: [], minimumLow: -1 }, after, limit),
      (r) => r.key,
    ))
      sizes.push(batch.length);
    expect(sizes).toHaveLength(ROWS / CURSOR_BATCH);
    expect(Math.max(...sizes)).toBe(CURSOR_BATCH);

    const res = await get(`/v1/admin/reports/mood.csv?role=student&range=2026-10-06_2026-10-15`, { cookie });
    expect(res.statusCode).toBe(200);
    const lines = table(res.body);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toBe('Kid N00001,big1@example.test,0,0,0,0,');
    expect(lines[ROWS]).toBe(`Kid N${ROWS},big${ROWS}@example.test,0,0,0,0,`);

    // The group report's file reads the same way (docs/decisions/0610).
    const group = await get(`/v1/admin/reports/group.csv?role=student&range=2026-10-06_2026-10-15&sort=email&dir=desc`, { cookie });
    expect(group.statusCode).toBe(200);
    const rows = table(group.body);
    expect(rows).toHaveLength(ROWS + 1);
    // By e-mail address, last first: "big9@" sorts after "big9999@" ('@' after '9').
    expect(rows[1]).toBe('Kid N00009,big9@example.test,0,0,0,0');
    expect(rows[ROWS]).toBe(`Kid N${ROWS},big${ROWS}@example.test,0,0,0,0`);
  }, 120_000);
});

describe('the group report file (docs/decisions/0610)', () => {
  it('writes the JSON report’s rows in its order, with the preamble and a file name', async () => {
    const query = `role=student&range=${RANGE}&sort=high5Received&dir=desc`;
    const json = await get(`/v1/admin/reports/group?${query}`, { cookie: s.cookie });
    const names = (json.json() as { ResponseData: { rows: { name: string }[] } }).ResponseData.rows.map((r) => r.name);
    const res = await get(`/v1/admin/reports/group.csv?${query}`, { cookie: s.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Report_Student_2026-10-06_2026-10-15.csv"');
    expect(records(res.body).slice(0, 8)).toEqual([
      'Report,Report',
      'From,2026-10-06',
      'To,2026-10-15',
      'User group,Student',
      'Search,None',
      'Sorted by,High 5s received (sorted descending)',
      'Downloaded on,2026-10-15',
      '',
    ]);
    expect(table(res.body)).toEqual([
      'Name,E-mail or username,High 5s given,High 5s received,Vibes given,Vibes received',
      `"Amy ""A"" Adams, Jr",${s.amy.email},1,1,0,0`,
      `'=Bob Brown,${s.bob.email},0,1,0,1`,
      `Cal Clark,${s.cal.username},0,0,0,0`,
    ]);
    expect(names).toEqual(['Amy "A" Adams, Jr', '=Bob Brown', 'Cal Clark']);
  });

  it('names the grade and search in the caller’s language, and keeps to them', async () => {
    const es = await buildUser(t.app, { schoolId: s.school.id, role: 'teacher', isAdmin: true, language: 'es' });
    await t.app.services.db.updateTable('schoolMemberships').set({ grade: 4 }).where('userId', '=', s.bob.id).execute();
    const res = await get(`/v1/admin/reports/group.csv?role=student&range=${RANGE}&grade=4`, { cookie: await sessionFor(t.app, es.id, s.school.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Informe_Estudiante_2026-10-06_2026-10-15.csv"');
    const lines = records(res.body);
    expect(lines).toContain('Grupo de usuarios,Estudiante');
    expect(lines).toContain('Grado,4');
    expect(table(res.body).slice(1)).toEqual([`'=Bob Brown,${s.bob.email},0,1,0,1`]);
  });

  it('gives the super admin any school’s file, with the school and the class', async () => {
    const { cookie } = await superAdmin(t.app);
    const res = await get(`/v1/super/schools/${s.school.id}/reports/group.csv?role=student&range=${RANGE}&classId=${s.klass.id}`, { cookie });
    expect(res.statusCode).toBe(200);
    const lines = records(res.body);
    expect(lines.slice(3, 6)).toEqual(['School,' + s.school.name, 'User group,Student', 'Class,Maths 1']);
    expect(table(res.body).slice(1)).toEqual([`"Amy ""A"" Adams, Jr",${s.amy.email},1,1,0,0`]);
    expect((await get(`/v1/super/schools/${s.school.id}/reports/group.csv?role=student&range=${RANGE}`, { cookie: s.cookie })).statusCode).toBe(403);
  });

  it('is the school admins’ only, and another school’s class is not found', async () => {
    const teacher = await sessionFor(t.app, s.teacher.id, s.school.id);
    expect((await get(`/v1/admin/reports/group.csv?role=student&range=${RANGE}`, { cookie: teacher })).statusCode).toBe(403);
    expect((await get(`/v1/admin/reports/group.csv?role=student&range=${RANGE}&classId=${s.klass.id}`, { cookie: s.other.cookie })).statusCode).toBe(404);
    const crossing = await get(`/v1/admin/reports/group.csv?role=student&range=2026-07-20_2026-08-10`, { cookie: s.cookie });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json()).toMatchObject({ ErrorCode: 'RANGE_CROSSES_SCHOOL_YEAR' });
  });
});

describe('the class report files (docs/decisions/0610)', () => {
  it('give a teacher their class’s students, High 5 and mood tabs, the mood file audited', async () => {
    const cookie = await sessionFor(t.app, s.teacher.id, s.school.id);
    const high5 = await get(`/v1/class-reports/recognition.csv?range=${RANGE}`, { cookie });
    expect(high5.statusCode).toBe(200);
    expect(high5.headers['content-disposition']).toBe('attachment; filename="High-5-report_All-classes_2026-10-06_2026-10-15.csv"');
    expect(records(high5.body).slice(0, 4)).toEqual(['Report,High 5 report', 'From,2026-10-06', 'To,2026-10-15', 'Class,All classes']);
    expect(table(high5.body)).toEqual(['Name,E-mail or username,High 5s given,High 5s received', `"Amy ""A"" Adams, Jr",${s.amy.email},1,1`]);

    const mood = await get(`/v1/class-reports/mood.csv?range=${RANGE}&classId=${s.klass.id}&sort=lowEnjoyment&dir=desc`, { cookie });
    expect(mood.statusCode).toBe(200);
    expect(records(mood.body)).toContain('Class,Maths 1');
    expect(table(mood.body)).toEqual([
      'Name,E-mail or username,High enjoyment,Low enjoyment,Asked to talk today,"Wants to talk, not today"',
      `"Amy ""A"" Adams, Jr",${s.amy.email},1,2,1,0`,
    ]);
    const audit = await t.app.services.db
      .selectFrom('auditLog')
      .select('details')
      .where('actorId', '=', s.teacher.id)
      .where('action', '=', 'report.mood.read')
      .execute();
    expect(audit.map((a) => (a.details as { source: string }).source)).toEqual(['teacher-csv']);
  });

  it('give a teacher without classes the header alone, and refuse students and other schools', async () => {
    const lonely = await buildUser(t.app, { schoolId: s.school.id, role: 'teacher' });
    const res = await get(`/v1/class-reports/recognition.csv?range=${RANGE}`, { cookie: await sessionFor(t.app, lonely.id, s.school.id) });
    expect(res.statusCode).toBe(200);
    expect(table(res.body)).toEqual(['Name,E-mail or username,High 5s given,High 5s received']);
    const student = await sessionFor(t.app, s.amy.id, s.school.id);
    expect((await get(`/v1/class-reports/mood.csv?range=${RANGE}`, { cookie: student })).statusCode).toBe(403);
    expect((await get(`/v1/class-reports/mood.csv?range=${RANGE}&classId=${s.klass.id}`, { cookie: s.other.cookie })).statusCode).toBe(404);
    const teacher = await sessionFor(t.app, s.teacher.id, s.school.id);
    const flags = await get(`/v1/class-reports/recognition.csv?range=${RANGE}&flags=iep`, { cookie: teacher });
    expect(flags.statusCode).toBe(403);
    expect(flags.json()).toMatchObject({ ErrorCode: 'FLAG_FILTER_ADMIN_ONLY' });
  });
});
