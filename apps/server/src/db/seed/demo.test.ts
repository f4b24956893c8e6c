import { toIsoDate } from '@high5/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';

// The test clock stands at 2026-10-15T16:00Z: a Thursday, 09:00 in Los Angeles.
let t: TestApp;
let firstRun: boolean;
beforeAll(async () => {
  t = await buildTestApp();
  firstRun = await seedDemoIfEmpty(t.app.services);
}, 120_000);
afterAll(() => t.close());

const db = () => t.app.services.db;

async function memberships(login: string) {
  const column = login.includes('@') ? 'u.email' : 'u.username';
  return db()
    .selectFrom('users as u')
    .leftJoin('schoolMemberships as m', 'm.userId', 'u.id')
    .leftJoin('schools as s', 's.id', 'm.schoolId')
    .select([
      'u.id',
      'u.email',
      'u.username',
      'u.isSuperAdmin',
      'u.language',
      'u.emailVerifiedAt',
      'u.passwordHash',
      'm.role',
      'm.isAdmin',
      'm.grade',
      's.name as school',
    ])
    .where(column, '=', login)
    .orderBy('s.name')
    .execute();
}

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db())).rows[0]!.n);

describe('demo seed', () => {
  it('when the database is empty it seeds, and the second time it does nothing', async () => {
    expect(firstRun).toBe(true);
    const users = await count(sql`select count(*)::int as n from users`);
    const recognitions = await count(sql`select count(*)::int as n from recognitions`);
    expect(await seedDemoIfEmpty(t.app.services)).toBe(false);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(users);
    expect(await count(sql`select count(*)::int as n from recognitions`)).toBe(recognitions);
    expect(await count(sql`select count(*)::int as n from districts`)).toBe(1);
  });

  it('when seeded, every demo account exists, verified, in English, with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const rows = await memberships(account.login);
      expect(rows.length, account.login).toBeGreaterThan(0);
      expect(rows[0]!.emailVerifiedAt, account.login).toBeInstanceOf(Date);
      expect(rows[0]!.language).toBe('en');
    }
    const [student] = await memberships('student@demo.high5.test');
    expect(await verifyPassword(student!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(student!.passwordHash!, 'High5-demo')).toBe(false);
    const distinct = await count(sql`select count(distinct password_hash)::int as n from users`);
    expect(distinct).toBe(1);
  });

  it('when seeded, each account has its role and school', async () => {
    const superadmin = await memberships('superadmin@demo.high5.test');
    expect(superadmin).toMatchObject([{ isSuperAdmin: true, role: null, school: null }]);
    expect(await memberships('admin@demo.high5.test')).toMatchObject([{ role: 'teacher', isAdmin: true, school: 'Demo Elementary' }]);
    expect(await memberships('teacher@demo.high5.test')).toMatchObject([
      { role: 'teacher', isAdmin: false, school: 'Demo Elementary' },
      { role: 'teacher', isAdmin: false, school: 'Demo Middle' },
    ]);
    expect(await memberships('student@demo.high5.test')).toMatchObject([{ role: 'student', grade: 4, school: 'Demo Elementary' }]);
    expect(await memberships('parent@demo.high5.test')).toMatchObject([{ role: 'parent', school: 'Demo Elementary' }]);
    expect(await memberships('staff@demo.high5.test')).toMatchObject([{ role: 'staff', school: 'Demo Elementary' }]);
    expect(await memberships('demo.student2')).toMatchObject([{ role: 'student', email: null, username: 'demo.student2', school: 'Demo Elementary' }]);
  });

  it('when seeded, the teacher owns classes at both schools, the student is in one of them, the parent is linked to the student', async () => {
    const owned = await db()
      .selectFrom('classes as c')
      .innerJoin('users as u', 'u.id', 'c.ownerId')
      .innerJoin('schools as s', 's.id', 'c.schoolId')
      .select(['c.id', 'c.joiningCode', 's.name as school'])
      .where('u.email', '=', 'teacher@demo.high5.test')
      .execute();
    expect(new Set(owned.map((c) => c.school))).toEqual(new Set(['Demo Elementary', 'Demo Middle']));
    const enrolled = await sql<{ n: number }>`select count(*)::int as n from enrolments e join users u on u.id = e.student_id
      where u.email = 'student@demo.high5.test' and e.class_id in (${sql.join(owned.map((c) => c.id))})`.execute(db());
    expect(enrolled.rows[0]!.n).toBeGreaterThan(0);
    const links = await sql<{
      email: string;
    }>`select s.email from parent_links l join users p on p.id = l.parent_id join users s on s.id = l.student_id where p.email = 'parent@demo.high5.test'`.execute(
      db(),
    );
    expect(links.rows).toEqual([{ email: 'student@demo.high5.test' }]);
    const codes = await db().selectFrom('classes').select('joiningCode').execute();
    for (const c of codes) expect(c.joiningCode).toMatch(/^[A-Z0-9]{6,10}$/);
    expect(await count(sql`select count(*)::int as n from class_teachers where is_substitute`)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from enrolment_requests`)).toBeGreaterThanOrEqual(1);
  });

  it('when seeded, the community has the expected size', async () => {
    const byRole = await sql<{ role: string; n: number }>`select role, count(distinct user_id)::int as n from school_memberships group by role`.execute(db());
    const n = Object.fromEntries(byRole.rows.map((r) => [r.role, r.n]));
    expect(n.student).toBeGreaterThanOrEqual(35);
    expect(n.student).toBeLessThanOrEqual(45);
    expect(n.teacher).toBeGreaterThanOrEqual(6);
    expect(n.teacher).toBeLessThanOrEqual(9);
    expect(n.parent).toBeGreaterThanOrEqual(5);
    expect(n.staff).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(distinct grade)::int as n from school_memberships where role = 'student'`)).toBe(9);
    expect(await count(sql`select count(*)::int as n from school_memberships where iep or plan504 or language_level is not null`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*)::int as n from trusted_adults`)).toBeGreaterThanOrEqual(3);
    const high5s = await count(sql`select count(*)::int as n from recognitions where kind = 'high5'`);
    expect(high5s).toBeGreaterThanOrEqual(300); // 1 August to 15 October
    expect(high5s).toBeLessThanOrEqual(4000);
    expect(await count(sql`select count(*)::int as n from recognitions where kind = 'vibe'`)).toBeGreaterThanOrEqual(100);
    expect(await count(sql`select count(*)::int as n from moods`)).toBeGreaterThanOrEqual(1000);
    for (const table of ['journal_entries', 'seating_charts', 'attendance', 'high5_feedback', 'student_notes', 'invitations', 'school_notification_emails']) {
      expect(await count(sql`select count(*)::int as n from ${sql.table(table)}`), table).toBeGreaterThan(0);
    }
  });

  it('when seeded, the demo student and teacher have given and received plenty', async () => {
    for (const email of ['student@demo.high5.test', 'teacher@demo.high5.test']) {
      const given = await count(
        sql`select count(*)::int as n from recognitions r join users u on u.id = r.giver_id where u.email = ${email} and r.kind = 'high5'`,
      );
      const received = await count(
        sql`select count(*)::int as n from recognitions r join users u on u.id = r.receiver_id where u.email = ${email} and r.kind = 'high5'`,
      );
      expect(given, `${email} given`).toBeGreaterThanOrEqual(20);
      expect(received, `${email} received`).toBeGreaterThanOrEqual(20);
    }
  });

  it('when seeded, every recognition keeps the rules: one school, the school date, the daily limit, in the past, with categories', async () => {
    const now = t.clock.now();
    const outsideSchool = await count(sql`select count(*)::int as n from recognitions r where
      not exists (select 1 from school_memberships m where m.user_id = r.giver_id and m.school_id = r.school_id and m.role = r.giver_role)
      or not exists (select 1 from school_memberships m where m.user_id = r.receiver_id and m.school_id = r.school_id and m.role = r.receiver_role)`);
    expect(outsideSchool).toBe(0);
    expect(await count(sql`select count(*)::int as n from recognitions where giver_id = receiver_id`)).toBe(0);
    const wrongDate = await count(
      sql`select count(*)::int as n from recognitions r join schools s on s.id = r.school_id where (r.given_at at time zone s.time_zone)::date <> r.school_date`,
    );
    expect(wrongDate).toBe(0);
    const overLimit = await count(sql`select count(*)::int as n from (select r.giver_id, r.school_date, count(*) as c, min(s.daily_give_limit) as cap
      from recognitions r join schools s on s.id = r.school_id group by 1, 2) x where c > cap`);
    expect(overLimit).toBe(0);
    expect(await count(sql`select count(*)::int as n from recognitions where given_at > ${now.toISOString()}::timestamptz`)).toBe(0);
    const yearStart = await count(sql`select count(*)::int as n from recognitions where school_date < '2026-08-01'`);
    expect(yearStart).toBe(0);
    const uncategorised = await count(
      sql`select count(*)::int as n from recognitions r where not exists (select 1 from recognition_categories c where c.recognition_id = r.id)`,
    );
    expect(uncategorised).toBe(0);
    const wrongCategory =
      await count(sql`select count(*)::int as n from recognition_categories rc join recognitions r on r.id = rc.recognition_id join categories c on c.id = rc.category_id
      where c.kind <> r.kind or (c.school_id is not null and c.school_id <> r.school_id)`);
    expect(wrongCategory).toBe(0);
    // The comment box is hidden when a student gives to a student.
    expect(await count(sql`select count(*)::int as n from recognitions where giver_role = 'student' and receiver_role = 'student' and comment <> ''`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from recognitions where comment ~ '[áéíóúñ¡¿]'`)).toBeGreaterThan(0);
    // The daily limit reads daily_give_counts: every seeded give is counted there.
    const counted = await count(sql`select coalesce(sum(given), 0)::int as n from daily_give_counts`);
    expect(counted).toBe(await count(sql`select count(*)::int as n from recognitions`));
  });

  it('when seeded, moods are one per student per day, and today has unacknowledged emergencies', async () => {
    const today = toIsoDate(t.clock.now(), 'America/Los_Angeles');
    expect(
      await count(
        sql`select count(*)::int as n from moods m join school_memberships sm on sm.user_id = m.user_id and sm.school_id = m.school_id where sm.role <> 'student'`,
      ),
    ).toBe(0);
    const urgent = await count(
      sql`select count(*)::int as n from moods where school_date = ${today}::date and emergency and emergency_priority = 'today' and acknowledged_at is null and low_enjoyment`,
    );
    expect(urgent).toBeGreaterThanOrEqual(2);
    expect(
      await count(sql`select count(*)::int as n from moods where emergency_priority = 'today' and school_date < ${today}::date and acknowledged_at is null`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from moods where low_enjoyment <> emergency or (not low_enjoyment and emergency_priority <> 'none')`),
    ).toBe(0);
    const seats = await db().selectFrom('seatingCharts').select(['seats', 'classId']).executeTakeFirstOrThrow();
    const seated = Object.values(seats.seats as Record<string, string>);
    const enrolled = await db().selectFrom('enrolments').select('studentId').where('classId', '=', seats.classId).execute();
    expect(new Set(seated)).toEqual(new Set(enrolled.map((e) => e.studentId)));
  });

  it('when seeded twice on two empty databases, both demos are the same', async () => {
    const other = await buildTestApp();
    try {
      await seedDemoIfEmpty(other.app.services);
      const fingerprint = (app: TestApp) =>
        sql<{ users: string; recognitions: number; given: string }>`select
          (select string_agg(id::text || coalesce(email, username), ',' order by id) from users) as users,
          (select count(*)::int from recognitions) as recognitions,
          (select sum(extract(epoch from given_at))::text from recognitions) as given`.execute(app.app.services.db);
      expect((await fingerprint(other)).rows[0]).toEqual((await fingerprint(t)).rows[0]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
