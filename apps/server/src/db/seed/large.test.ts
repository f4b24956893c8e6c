import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import type { Database } from '../database.js';
import { LARGE_DOMAIN, removeLarge, seedLarge, sizesFor } from './large.js';

// The large seed at 1/100 of its size: the same SQL, in a few seconds. At this scale teacher1's and
// student1's own year fills half of the recognitions and the random draws the rest, with one staff
// member per school (a role that cannot give to its own kind).
const scale = 0.01;
const now = new Date('2026-10-15T16:00:00Z');
let database: Database;
let drop: () => Promise<void>;
let result: Awaited<ReturnType<typeof seedLarge>>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  result = await seedLarge(database.db, { scale, now });
}, 120_000);
afterAll(() => drop());

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(database.db)).rows[0]!.n);

describe('large seed', () => {
  it('when run at a small scale, it makes the sizes asked for', async () => {
    const sizes = sizesFor(scale);
    expect(result.sizes).toEqual(sizes);
    expect(await count(sql`select count(*)::int as n from schools`)).toBe(10);
    expect(await count(sql`select count(*)::int as n from school_memberships where role = 'student'`)).toBe(sizes.students);
    expect(await count(sql`select count(*)::int as n from school_memberships where role = 'teacher'`)).toBe(sizes.teachers);
    expect(await count(sql`select count(*)::int as n from users where is_super_admin`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from moods`)).toBe(sizes.moods);
    expect(result.moods).toBe(sizes.moods);
    expect(await count(sql`select count(*)::int as n from recognitions`)).toBeGreaterThanOrEqual(sizes.recognitions);
    expect(await count(sql`select count(*)::int as n from users where email not like ${`%@${LARGE_DOMAIN}`}`)).toBe(0);
    expect(await count(sql`select count(distinct password_hash)::int as n from users`)).toBe(1);
  });

  it('when done, the monthly counts the reports and the dashboard read match the rows (the load runs without triggers)', async () => {
    expect(await count(sql`select coalesce(sum(high5_given + high5_received + vibe_given + vibe_received), 0)::int as n from recognition_month_counts`)).toBe(
      2 * (await count(sql`select count(*)::int as n from recognitions`)),
    );
    expect(await count(sql`select coalesce(sum(high + low), 0)::int as n from mood_month_counts`)).toBe(result.moods);
    // The category counts, and the copies of each recognition's receiver, school and date they are kept from (decision 0333).
    expect(await count(sql`select coalesce(sum(n), 0)::int as n from received_category_month_counts`)).toBe(
      await count(sql`select count(*)::int as n from recognition_categories`),
    );
    expect(
      await count(sql`select count(*)::int as n from recognition_categories rc join recognitions r on r.id = rc.recognition_id
      where (rc.receiver_id, rc.school_id, rc.school_date) is distinct from (r.receiver_id, r.school_id, r.school_date)`),
    ).toBe(0);
    expect(await count(sql`select coalesce(sum(talk_today), 0)::int as n from mood_month_counts`)).toBe(
      await count(sql`select count(*)::int as n from moods where emergency_priority = 'today'`),
    );
  });

  it('when done, the indexes it dropped for the load are back and its scratch tables are gone', async () => {
    const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename in ('recognitions', 'moods')`.execute(database.db);
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['recognitions_receiver_idx', 'recognitions_giver_idx', 'recognitions_school_idx', 'moods_school_date_idx']),
    );
    expect(await count(sql`select count(*)::int as n from pg_class where relname like 'large\_%' and relpersistence = 't'`)).toBe(0);
  });

  it('when done, every recognition keeps the rules: one school, the school date, the daily limit, in the past, with categories', async () => {
    expect(
      await count(sql`select count(*)::int as n from recognitions r where
        not exists (select 1 from school_memberships m where m.user_id = r.giver_id and m.school_id = r.school_id and m.role = r.giver_role)
        or not exists (select 1 from school_memberships m where m.user_id = r.receiver_id and m.school_id = r.school_id and m.role = r.receiver_role)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from recognitions where giver_id = receiver_id`)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from recognitions r join schools s on s.id = r.school_id where (r.given_at at time zone s.time_zone)::date <> r.school_date`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from (select giver_id, school_date from recognitions group by 1, 2 having count(*) > 20) x`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from recognitions where given_at > ${now.toISOString()}::timestamptz`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from recognitions r where not exists (select 1 from recognition_categories c where c.recognition_id = r.id)`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from recognition_categories rc join recognitions r on r.id = rc.recognition_id join categories c on c.id = rc.category_id where c.kind <> r.kind`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from recognitions where giver_role = 'student' and receiver_role = 'student' and comment <> ''`)).toBe(0);
  });

  it('when done, teacher1 and student1 have a full year of activity, and parents are linked within their school', async () => {
    const days = result.days;
    expect(days).toBeGreaterThanOrEqual(250);
    const of = (email: string, column: 'giver_id' | 'receiver_id') =>
      count(sql`select count(distinct r.school_date)::int as n from recognitions r join users u on u.id = ${sql.ref(`r.${column}`)} where u.email = ${email}`);
    expect(await of(`teacher1@${LARGE_DOMAIN}`, 'giver_id')).toBe(days);
    expect(await of(`teacher1@${LARGE_DOMAIN}`, 'receiver_id')).toBe(days);
    expect(await of(`student1@${LARGE_DOMAIN}`, 'giver_id')).toBeGreaterThan(days * 0.9);
    expect(await count(sql`select count(*)::int as n from moods m join users u on u.id = m.user_id where u.email = ${`student1@${LARGE_DOMAIN}`}`)).toBe(days);
    expect(
      await count(sql`select count(*)::int as n from parent_links l join school_memberships p on p.user_id = l.parent_id
        where not exists (select 1 from school_memberships s where s.user_id = l.student_id and s.school_id = p.school_id and s.role = 'student')`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from parent_links l join users p on p.id = l.parent_id join users s on s.id = l.student_id
        where p.email = ${`parent1@${LARGE_DOMAIN}`} and s.email = ${`student1@${LARGE_DOMAIN}`}`),
    ).toBe(1);
  });

  it('when removed, nothing of it is left', async () => {
    await removeLarge(database.db);
    for (const table of ['users', 'districts', 'schools', 'recognitions', 'recognition_categories', 'moods', 'classes', 'enrolments']) {
      expect(await count(sql`select count(*)::int as n from ${sql.table(table)}`), table).toBe(0);
    }
  });
});
