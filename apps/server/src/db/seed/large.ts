import { toIsoDate } from '@high5/contract';
/**
 * `npm run seed:large [-- --force] [-- --scale=0.1]`: fills a database with a large district for
 * benchmarks and capacity checks: 10 schools, 10,000 students, 600 teachers, 4,000 parents, 200 staff,
 * 1,200 classes, 1,000,000 High 5s and Positive Vibes and 1,000,000 mood check-ins over the last
 * 365 days. Everything is set-based SQL (generate_series, INSERT ... SELECT) in chunks.
 *
 * Opens DATABASE_URL (PostgreSQL) or else the PGlite database in DATA_DIR, migrating it first.
 * Refuses a database that already has users unless --force, which first removes an earlier
 * large seed (and only that) and keeps everything else.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { loadConfig } from '../../config.js';
import { hashPassword } from '../../lib/password.js';
import { openDatabase } from '../open.js';
import type { DB } from '../schema.js';

export const LARGE_PASSWORD = 'Large-seed1!';
export const LARGE_DOMAIN = 'large.high5.test';
const TZ = 'America/Los_Angeles';
const DISTRICTS = ['Large Seed Unified', 'Large Seed Valley'];
const SCHOOL_NAMES = [
  'Oak Grove Elementary',
  'Riverside Elementary',
  'Sunset Elementary',
  'Maple Elementary',
  'Hillcrest Middle',
  'Lincoln Middle',
  'Valley View Elementary',
  'Cedar Elementary',
  'Lakeside Middle',
  'Mountain View Middle',
];
const FIRST = [
  'Ava',
  'Noah',
  'Sofía',
  'Liam',
  'Mia',
  'Mateo',
  'Emma',
  'Lucas',
  'Isabella',
  'Ethan',
  'Camila',
  'Diego',
  'Olivia',
  'Leo',
  'Chloe',
  'Gabriel',
  'Zara',
  'Owen',
  'Valentina',
  'Julian',
  'Aria',
  'Samuel',
  'Hannah',
  'Adrián',
  'Grace',
  'Daniel',
  'Lily',
  'Aiden',
  'Elena',
  'Caleb',
  'Nora',
  'Ryan',
  'Paola',
  'Henry',
  'Ximena',
  'Benjamin',
  'Harper',
  'Jacob',
  'Zoe',
  'Nathan',
];
const LAST = [
  'Johnson',
  'Martínez',
  'Kim',
  'López',
  'Smith',
  'Silva',
  'Wright',
  'Ali',
  'Adams',
  'Park',
  'Sánchez',
  'Ortiz',
  'Chen',
  'Hernández',
  'Patel',
  "O'Connor",
  'Torres',
  'Nguyen',
  'Brown',
  'Williams',
  'Cruz',
  'Davis',
  'Thompson',
  'Rivera',
  'Wilson',
  'Flores',
  'Moore',
  'Jackson',
  'Lee',
  'Reyes',
  'Clark',
  'Evans',
  'Morales',
  'Castro',
  'Hall',
  'Gutiérrez',
  'Young',
  'Vargas',
  'Mitchell',
  'Scott',
];
const SUBJECTS = ['Homeroom', 'Math', 'Science', 'Reading', 'Art', 'Music'];
const COMMENTS = [
  'Thank you for helping a classmate today!',
  'Great teamwork on the project.',
  'You kept trying even when it was hard.',
  'Thanks for making class so much fun!',
  '¡Gracias por tu ayuda hoy!',
  '¡Excelente trabajo en equipo!',
  'You make our school a better place.',
  'Thank you for being so respectful.',
  '',
  'Keep shining!',
];
const PLEASANT = [
  'smiley',
  'smile',
  'grinning',
  'relaxed',
  'stuck_out_tongue_winking_eye',
  'slightly_smiling_face',
  'innocent',
  'sunglasses',
  'hushed',
  'relieved',
];
const UNPLEASANT = [
  'triumph',
  'rage',
  'worried',
  'grimacing',
  'unamused',
  'face_with_rolling_eyes',
  'face_with_head_bandage',
  'sleeping',
  'pensive',
  'disappointed',
  'persevere',
  'weary',
];

interface Sizes {
  schools: number;
  students: number;
  teachers: number;
  parents: number;
  staff: number;
  recognitions: number;
  moods: number;
}

export function sizesFor(scale: number): Sizes {
  const perSchool = (n: number, min: number) => Math.max(min, Math.round((n * scale) / 10)) * 10;
  return {
    schools: 10,
    students: perSchool(10_000, 5),
    teachers: perSchool(600, 2),
    parents: perSchool(4_000, 2),
    staff: perSchool(200, 1),
    recognitions: Math.max(1000, Math.round(1_000_000 * scale)),
    moods: Math.max(1000, Math.round(1_000_000 * scale)),
  };
}

/** A one-line progress bar on stderr (a line per step when stderr is not a terminal). */
class Progress {
  private done = 0;
  private readonly started = Date.now();
  constructor(private readonly total: number) {}
  advance(weight: number, label: string) {
    this.done += weight;
    const share = Math.min(1, this.done / this.total);
    const width = 30;
    const filled = Math.round(share * width);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%  ${((Date.now() - this.started) / 1000).toFixed(1).padStart(6)} s  ${label}`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(100)}`);
    else process.stderr.write(`${line}\n`);
  }
  finish() {
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;
const fmt = (n: number) => n.toLocaleString('en-US');

/** Fills `db` (which must not hold a large seed already); returns what it made. */
export async function seedLarge(db: Kysely<DB>, options: { scale?: number; now?: Date; onProgress?: Progress } = {}) {
  const sizes = sizesFor(options.scale ?? 1);
  const now = options.now ?? new Date();
  const today = toIsoDate(now, TZ);
  const progress = options.onProgress;
  const S = sizes.students / 10;
  const T = sizes.teachers / 10;
  const P = Math.min(sizes.parents / 10, Math.floor(S / 2));
  const C = 2 * T; // classes per school: every teacher owns two
  const step = Math.max(1, Math.floor(C / 4)); // each student sits in four classes of the school
  const passwordHash = await hashPassword(LARGE_PASSWORD);
  const nowLit = sql`${now.toISOString()}::timestamptz`;

  // One transaction: a failed or interrupted seed leaves nothing behind, not even the dropped indexes.
  const result = await db.transaction().execute(async (tx) => {
    const run = <R>(query: RawBuilder<R>) => query.execute(tx);
    const inserted = async (query: RawBuilder<unknown>) => Number((await run(query)).numAffectedRows ?? 0);
    // Loading first and indexing after is several times faster than updating the indexes row by
    // row, and the generated rows reference only rows made here, so a superuser skips the
    // foreign-key triggers too (the constraints stay; the rows satisfy them by construction).
    await run(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    const superuser = (await run(sql<{ s: boolean }>`SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user`)).rows[0]?.s;
    if (superuser) await run(sql`SET LOCAL session_replication_role = replica`);
    const indexes = (
      await run(sql<{ name: string; definition: string }>`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename IN ('recognitions', 'recognition_categories', 'moods')
          AND indexname NOT IN (SELECT conname FROM pg_constraint)`)
    ).rows;
    for (const index of indexes) await run(sql`DROP INDEX ${sql.ref(index.name)}`);

    // --- schools and people ------------------------------------------------------------------
    await run(sql`CREATE TEMP TABLE large_schools AS
      SELECT n AS school_no, gen_random_uuid() AS id, (${textArray(SCHOOL_NAMES)})[n] AS name, CASE WHEN n <= 6 THEN 1 ELSE 2 END AS district_no
      FROM generate_series(1, ${sizes.schools}::int) n`);
    await run(
      sql`CREATE TEMP TABLE large_districts AS SELECT n AS district_no, gen_random_uuid() AS id, (${textArray(DISTRICTS)})[n] AS name FROM generate_series(1, 2) n`,
    );
    await run(sql`INSERT INTO districts (id, name, kind, paid, test_mode, whitelisting_domains)
      SELECT id, name, 'free', district_no = 2, false, ARRAY[${LARGE_DOMAIN}::text] FROM large_districts`);
    await run(sql`INSERT INTO schools (id, district_id, name, time_zone, daily_give_limit)
      SELECT s.id, d.id, s.name, ${sql.lit(TZ)}, 20 FROM large_schools s JOIN large_districts d USING (district_no)`);

    // Every member: its role, its running number n (the e-mail is role || n), its school and
    // its index within the school's members of that role (round robin over the schools).
    await run(sql`CREATE TEMP TABLE large_members AS
      SELECT gen_random_uuid() AS id, r.role, n, 1 + (n - 1) % 10 AS school_no, (n - 1) / 10 AS idx
      FROM (VALUES ('student', ${sizes.students}::int), ('teacher', ${sizes.teachers}::int), ('parent', ${P * 10}::int), ('staff', ${sizes.staff}::int)) r(role, total),
        generate_series(1, r.total) n`);
    await run(sql`CREATE UNIQUE INDEX ON large_members (school_no, role, idx)`);
    await run(sql`ANALYZE large_members`);
    await run(sql`INSERT INTO users (id, email, password_hash, first_name, last_name, language, email_verified_at, date_of_birth)
      SELECT id, role || n || '@' || ${LARGE_DOMAIN}, ${passwordHash},
        (${textArray(FIRST)})[1 + (n * 7 + length(role)) % ${FIRST.length}], (${textArray(LAST)})[1 + (n * 13) % ${LAST.length}],
        CASE WHEN n % 5 = 0 THEN 'es' ELSE 'en' END, ${nowLit},
        CASE WHEN role = 'student' THEN (${today}::date - ((6 + idx % 9) * 365 + (n * 37) % 365)) END
      FROM large_members`);
    await run(sql`INSERT INTO users (email, password_hash, first_name, last_name, is_super_admin, email_verified_at)
      VALUES (${`superadmin@${LARGE_DOMAIN}`}, ${passwordHash}, 'Large', 'Superadmin', true, ${nowLit})`);
    await run(sql`INSERT INTO school_memberships (user_id, school_id, role, is_admin, grade, iep, plan504, language_level)
      SELECT m.id, s.id, m.role, m.role = 'teacher' AND m.idx = 0,
        CASE WHEN m.role = 'student' THEN m.idx % 9 END,
        m.role = 'student' AND m.n % 23 = 0, m.role = 'student' AND m.n % 31 = 0,
        CASE WHEN m.role <> 'student' THEN NULL WHEN m.n % 17 = 0 THEN 'L' WHEN m.n % 19 = 0 THEN 'LF' END
      FROM large_members m JOIN large_schools s USING (school_no)`);
    // Parent k of a school has the school's students k and k + P as children.
    await run(sql`INSERT INTO parent_links (parent_id, student_id)
      SELECT p.id, s.id FROM large_members p
      JOIN large_members s ON s.role = 'student' AND s.school_no = p.school_no AND s.idx IN (p.idx, p.idx + ${P}::int)
      WHERE p.role = 'parent'`);
    progress?.advance(6, `${fmt(sizes.students + sizes.teachers + P * 10 + sizes.staff)} users`);

    // --- classes -----------------------------------------------------------------------------
    await run(sql`CREATE TEMP TABLE large_classes AS
      SELECT gen_random_uuid() AS id, s.school_no, s.id AS school_id, j, t.id AS owner_id
      FROM large_schools s CROSS JOIN generate_series(0, ${C - 1}::int) j
      JOIN large_members t ON t.role = 'teacher' AND t.school_no = s.school_no AND t.idx = j % ${T}::int`);
    await run(sql`CREATE UNIQUE INDEX ON large_classes (school_no, j)`);
    await run(sql`INSERT INTO classes (id, school_id, name, owner_id, joining_code)
      SELECT id, school_id, (${textArray(SUBJECTS)})[1 + j % ${SUBJECTS.length}] || ' - Room ' || (100 + j), owner_id, 'LS' || lpad((school_no * 10000 + j)::text, 6, '0')
      FROM large_classes`);
    await run(sql`INSERT INTO class_teachers (class_id, teacher_id, is_substitute)
      SELECT id, owner_id, false FROM large_classes
      UNION ALL
      SELECT c.id, t.id, true FROM large_classes c JOIN large_members t ON t.role = 'teacher' AND t.school_no = c.school_no AND t.idx = (c.j + 1) % ${T}::int
      WHERE c.j % 10 = 5 AND ${T}::int > 1`);
    await run(sql`INSERT INTO enrolments (class_id, student_id)
      SELECT DISTINCT c.id, s.id FROM large_members s CROSS JOIN generate_series(0, 3) k
      JOIN large_classes c ON c.school_no = s.school_no AND c.j = (s.idx + k * ${step}::int) % ${C}::int
      WHERE s.role = 'student'`);
    progress?.advance(3, `${fmt(C * 10)} classes and their enrolments`);

    // --- the days and who gives to whom --------------------------------------------------------
    await run(sql`CREATE TEMP TABLE large_days AS
      SELECT (row_number() OVER (ORDER BY d) - 1)::int AS di, d::date AS d
      FROM generate_series((${today}::date - 364)::timestamp, ${today}::date::timestamp, interval '1 day') d
      WHERE extract(isodow FROM d) < 6`);
    const days = Number((await run(sql<{ n: number }>`SELECT count(*)::int AS n FROM large_days`)).rows[0]!.n);
    // Who gives to whom, with cumulative shares [lo, hi) and the size of each role in a school.
    const count = { student: S, teacher: T, parent: P, staff: sizes.staff / 10 } as Record<string, number>;
    // A role with one member in a school has nobody of its own role to give to (a small-scale seed's
    // one staff member): that pair is left out, and the last pair's range takes its share.
    const pairs = (
      [
        ['student', 'student', 0.27],
        ['student', 'teacher', 0.16],
        ['student', 'staff', 0.02],
        ['teacher', 'student', 0.25],
        ['teacher', 'teacher', 0.05],
        ['teacher', 'staff', 0.02],
        ['teacher', 'parent', 0.03],
        ['parent', 'student', 0.06],
        ['parent', 'teacher', 0.04],
        ['staff', 'student', 0.05],
        ['staff', 'teacher', 0.04],
        ['staff', 'staff', 0.01],
      ] as [string, string, number][]
    ).filter(([giver, receiver]) => giver !== receiver || count[receiver]! > 1);
    let lo = 0;
    const pairRows = pairs.map(([giver, receiver, share]) => {
      const row = sql`(${lo}::float8, ${lo + share}::float8, ${giver}, ${receiver}, ${count[giver]!}::int, ${count[receiver]!}::int)`;
      lo += share;
      return row;
    });
    await run(
      sql`CREATE TEMP TABLE large_pairs AS SELECT * FROM (VALUES ${sql.join(pairRows)}) v(lo, hi, giver_role, receiver_role, giver_count, receiver_count)`,
    );
    await run(sql`UPDATE large_pairs SET hi = 1.01 WHERE hi = (SELECT max(hi) FROM large_pairs)`);
    await run(sql`ANALYZE large_schools, large_districts, large_classes, large_days, large_pairs`);

    const high5Ids = (
      await run(sql<{ ids: string[] }>`SELECT array_agg(id ORDER BY position) AS ids FROM categories WHERE school_id IS NULL AND kind = 'high5'`)
    ).rows[0]!.ids;
    const vibeIds = (await run(sql<{ ids: string[] }>`SELECT array_agg(id ORDER BY position) AS ids FROM categories WHERE school_id IS NULL AND kind = 'vibe'`))
      .rows[0]!.ids;
    const maxId = async () => Number((await run(sql<{ n: number }>`SELECT coalesce(max(id), 0)::int8 AS n FROM recognitions`)).rows[0]!.n);
    // One to three categories for a High 5, one or two for a vibe, distinct per recognition.
    const linkCategories = (after: number) =>
      run(sql`INSERT INTO recognition_categories (recognition_id, category_id, receiver_id, school_id, school_date)
        SELECT r.id, CASE WHEN r.kind = 'high5'
          THEN (${high5Ids}::uuid[])[1 + ((r.id * 7 + k) % ${high5Ids.length}::int)::int]
          ELSE (${vibeIds}::uuid[])[1 + ((r.id * 7 + k) % ${vibeIds.length}::int)::int] END,
          r.receiver_id, r.school_id, r.school_date
        FROM recognitions r CROSS JOIN generate_series(0, 2) k
        WHERE r.id > ${after} AND k < CASE WHEN r.kind = 'high5' THEN 1 + r.id % 3 ELSE 1 + r.id % 2 END`);
    const givenAt = (day: ReturnType<typeof sql>, minute: ReturnType<typeof sql>) =>
      sql`least((${day} + ${minute} * interval '1 minute') AT TIME ZONE ${sql.lit(TZ)}, ${nowLit})`;

    // --- the benchmark accounts: teacher1 and student1 (school 1), active every school day ----
    let before = await maxId();
    await run(sql`CREATE TEMP TABLE large_known AS
      SELECT (SELECT id FROM large_members WHERE role = 'teacher' AND n = 1) AS teacher_id,
             (SELECT id FROM large_members WHERE role = 'student' AND n = 1) AS student_id,
             (SELECT id FROM large_schools WHERE school_no = 1) AS school_id,
             (SELECT array_agg(DISTINCT e.student_id) FROM enrolments e JOIN large_classes c ON c.id = e.class_id JOIN large_members t ON t.id = c.owner_id AND t.role = 'teacher' AND t.n = 1) AS pupils,
             (SELECT array_agg(id) FROM large_members WHERE school_no = 1 AND role = 'teacher' AND n > 1) AS colleagues,
             (SELECT array_agg(id) FROM large_members WHERE school_no = 1 AND role = 'staff') AS staff,
             (SELECT array_agg(id) FROM large_members WHERE school_no = 1 AND role = 'parent') AS parents`);
    // [giver column, giver role, receiver expression, receiver role, per day, kind]
    const known: [string, string, string, string, number, 'high5' | 'vibe'][] = [
      ['teacher_id', 'teacher', 'pupils', 'student', 5, 'high5'],
      ['teacher_id', 'teacher', 'pupils', 'student', 2, 'vibe'],
      ['teacher_id', 'teacher', 'colleagues', 'teacher', 1, 'high5'],
      ['student_id', 'student', 'pupils', 'student', 1, 'high5'],
      ['student_id', 'student', 'teacher', 'teacher', 1, 'high5'],
      ['student_id', 'student', 'pupils', 'student', 1, 'vibe'],
      ['pupils', 'student', 'teacher', 'teacher', 3, 'high5'],
      ['pupils', 'student', 'teacher', 'teacher', 1, 'vibe'],
      ['pupils', 'student', 'student', 'student', 2, 'high5'],
      ['teacher_id', 'teacher', 'student', 'student', 1, 'high5'],
      ['staff', 'staff', 'student', 'student', 1, 'vibe'],
      ['parents', 'parent', 'teacher', 'teacher', 1, 'high5'],
    ];
    const pickFrom = (what: string) =>
      what === 'teacher'
        ? sql`k.teacher_id`
        : what === 'student'
          ? sql`k.student_id`
          : what.endsWith('_id')
            ? sql.ref(`k.${what}`)
            : sql`(${sql.ref(`k.${what}`)})[1 + floor(random() * cardinality(${sql.ref(`k.${what}`)}))::int]`;
    let knownCount = 0;
    for (const [giver, giverRole, receiver, receiverRole, perDay, kind] of known) {
      knownCount +=
        await inserted(sql`INSERT INTO recognitions (kind, school_id, giver_id, giver_role, receiver_id, receiver_role, comment, given_at, school_date)
        SELECT ${kind}, x.school_id, x.giver_id, ${giverRole}, x.receiver_id, ${receiverRole},
          ${giverRole === 'student' && receiverRole === 'student' ? sql`''` : sql`(${textArray(COMMENTS)})[1 + floor(random() * ${COMMENTS.length})::int]`},
          ${givenAt(sql`x.d`, sql`x.minute`)}, x.d
        FROM (
          SELECT k.school_id, ${pickFrom(giver)} AS giver_id, ${pickFrom(receiver)} AS receiver_id, d.d, 480 + floor(random() * 450)::int AS minute
          FROM large_known k CROSS JOIN large_days d CROSS JOIN generate_series(1, ${perDay}::int) g
          OFFSET 0
        ) x
        WHERE x.giver_id <> x.receiver_id`);
    }
    await linkCategories(before);

    // --- everyone else: the rest of the million, in chunks ------------------------------------
    const remaining = Math.max(0, sizes.recognitions - knownCount);
    const chunks = Math.max(1, Math.ceil(remaining / 100_000));
    const recognitionWeight = 60;
    progress?.advance(recognitionWeight / (chunks + 1), `${fmt(knownCount)} recognitions of teacher1 and student1`);
    let made = knownCount;
    for (let c = 0; c < chunks; c++) {
      const size = Math.floor(remaining / chunks) + (c < remaining % chunks ? 1 : 0);
      before = await maxId();
      // First the random draws, in a table of their own with statistics, so the joins below
      // are plain equality hash joins (the planner cannot estimate joins on random() well).
      await run(sql`CREATE TEMP TABLE large_batch AS
        SELECT x.kind, x.school_no, x.di, x.minute, x.rc, p.giver_role, p.receiver_role, floor(x.gr * p.giver_count)::int AS giver_idx,
          CASE
            WHEN p.giver_role = 'parent' AND p.receiver_role = 'student' THEN floor(x.gr * p.giver_count)::int + CASE WHEN x.rr < 0.5 THEN 0 ELSE ${P}::int END
            WHEN p.giver_role = p.receiver_role AND floor(x.rr * p.receiver_count)::int = floor(x.gr * p.giver_count)::int THEN (floor(x.rr * p.receiver_count)::int + 1) % p.receiver_count
            ELSE floor(x.rr * p.receiver_count)::int
          END AS receiver_idx
        FROM (
          SELECT CASE WHEN random() < 0.75 THEN 'high5' ELSE 'vibe' END AS kind, 1 + floor(random() * 10)::int AS school_no,
            random() AS pr, random() AS gr, random() AS rr, random() AS rc,
            floor(random() * ${days}::int)::int AS di, 480 + floor(random() * 450)::int AS minute
          FROM generate_series(1, ${size}::int)
          OFFSET 0
        ) x
        JOIN large_pairs p ON x.pr >= p.lo AND x.pr < p.hi`);
      await run(sql`ANALYZE large_batch`);
      made += await inserted(sql`INSERT INTO recognitions (kind, school_id, giver_id, giver_role, receiver_id, receiver_role, comment, given_at, school_date)
        SELECT y.kind, s.id, g.id, y.giver_role, r.id, y.receiver_role,
          CASE WHEN y.giver_role = 'student' AND y.receiver_role = 'student' THEN '' ELSE (${textArray(COMMENTS)})[1 + floor(y.rc * ${COMMENTS.length})::int] END,
          ${givenAt(sql`d.d`, sql`y.minute`)}, d.d
        FROM large_batch y
        JOIN large_schools s ON s.school_no = y.school_no
        JOIN large_days d ON d.di = y.di
        JOIN large_members g ON g.school_no = y.school_no AND g.role = y.giver_role AND g.idx = y.giver_idx
        JOIN large_members r ON r.school_no = y.school_no AND r.role = y.receiver_role AND r.idx = y.receiver_idx`);
      await run(sql`DROP TABLE large_batch`);
      await linkCategories(before);
      progress?.advance(recognitionWeight / (chunks + 1), `recognitions ${fmt(made)} / ${fmt(sizes.recognitions)}`);
    }

    // --- moods: one check-in per student per school day, on a random share of the days --------
    // Each school gets its exact share; student1 checks in every school day.
    for (let school = 1; school <= sizes.schools; school++) {
      const share = Math.floor(sizes.moods / sizes.schools) + (school <= sizes.moods % sizes.schools ? 1 : 0);
      await run(sql`INSERT INTO moods (user_id, school_id, school_date, mood, low_enjoyment, emergency, emergency_priority, comment, checked_in_at, acknowledged_at)
        SELECT x.user_id, x.school_id, x.d,
          CASE WHEN x.low THEN (${textArray(UNPLEASANT)})[1 + floor(x.m * ${UNPLEASANT.length})::int] ELSE (${textArray(PLEASANT)})[1 + floor(x.m * ${PLEASANT.length})::int] END,
          x.low, x.low, CASE WHEN NOT x.low THEN 'none' WHEN x.urgent THEN 'today' ELSE 'not-today' END, '',
          x.at, CASE WHEN x.low AND x.urgent AND x.d < ${today}::date THEN x.at + interval '1 hour' END
        FROM (
          SELECT m.id AS user_id, s.id AS school_id, d.d, random() < 0.28 AS low, random() < 0.1 AS urgent, random() AS m,
            ${givenAt(sql`d.d`, sql`(450 + floor(random() * 90)::int)`)} AS at
          FROM large_members m JOIN large_schools s USING (school_no) CROSS JOIN large_days d
          WHERE m.role = 'student' AND m.school_no = ${school}::int
          -- random() per student-day (a filter on random() alone would be drawn once per student)
          ORDER BY m.n = 1 DESC, random()
          LIMIT ${share}::int
        ) x`);
      progress?.advance(25 / sizes.schools, `moods, school ${school} of ${sizes.schools}`);
    }

    for (const index of indexes) await run(sql.raw(index.definition));
    // The monthly counts' triggers did not run under session_replication_role = replica.
    if (superuser) await run(sql`SELECT recount_recognition_month_counts(id), recount_mood_month_counts(id) FROM large_schools`);
    await run(sql`ANALYZE`);
    progress?.advance(6, `${indexes.length} indexes rebuilt, statistics updated`);
    const totals = (
      await run(sql<{ recognitions: number; high5s: number; moods: number; users: number }>`SELECT
        (SELECT count(*) FROM recognitions r JOIN large_schools s ON s.id = r.school_id)::int AS recognitions,
        (SELECT count(*) FROM recognitions r JOIN large_schools s ON s.id = r.school_id WHERE r.kind = 'high5')::int AS high5s,
        (SELECT count(*) FROM moods m JOIN large_schools s ON s.id = m.school_id)::int AS moods,
        (SELECT count(*) FROM large_members)::int + 1 AS users`)
    ).rows[0]!;
    for (const table of ['large_pairs', 'large_known', 'large_days', 'large_classes', 'large_members', 'large_districts', 'large_schools'])
      await run(sql`DROP TABLE ${sql.table(table)}`);
    return { sizes, days, ...totals };
  });
  // Marks the fresh pages all-visible, as autovacuum would in a while: index-only scans (the
  // reports' edge days) otherwise visit the table for every row, and benchmarks measure that.
  await sql`VACUUM ANALYZE recognitions, recognition_categories, moods, recognition_month_counts, received_category_month_counts, mood_month_counts`.execute(
    db,
  );
  return result;
}

/** Removes an earlier large seed: its districts (and with them schools, classes, activity) and its users. */
export async function removeLarge(db: Kysely<DB>) {
  await db.deleteFrom('districts').where('name', 'in', DISTRICTS).execute();
  await db.deleteFrom('users').where('email', 'like', `%@${LARGE_DOMAIN}`).execute();
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const scaleArg = args.find((a) => a.startsWith('--scale='));
  const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
  if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be a number above 0 and at most 10');
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  try {
    const where = database.kind === 'postgres' ? `PostgreSQL (${new URL(config.databaseUrl!).pathname.slice(1)})` : `PGlite in ${config.dataDir}`;
    const hasUsers = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (hasUsers && !force) {
      process.stderr.write(
        `The database (${where}) already has users: the large seed only fills an empty database. Run with --force to add it anyway (an earlier large seed is replaced, other data is kept).\n`,
      );
      process.exitCode = 1;
      return;
    }
    const started = Date.now();
    if (hasUsers) {
      process.stderr.write('Removing an earlier large seed, if any…\n');
      await removeLarge(database.db);
    }
    process.stderr.write(`Seeding ${where}${scale !== 1 ? ` at scale ${scale}` : ''}…\n`);
    const progress = new Progress(100);
    const result = await seedLarge(database.db, { scale, onProgress: progress });
    progress.finish();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      [
        `Large seed done in ${seconds} s: ${fmt(result.users)} users, ${result.sizes.schools} schools, ${fmt(result.recognitions)} recognitions (${fmt(result.high5s)} High 5s), ${fmt(result.moods)} mood check-ins over ${result.days} school days.`,
        `Every account's password: ${LARGE_PASSWORD}`,
        `  teacher1@${LARGE_DOMAIN}    teacher and admin at ${SCHOOL_NAMES[0]}, active every school day (benchmarks use it)`,
        `  student1@${LARGE_DOMAIN}    student at ${SCHOOL_NAMES[0]} in teacher1's class, active every school day (benchmarks use it)`,
        `  parent1@${LARGE_DOMAIN}     parent of student1`,
        `  staff1@${LARGE_DOMAIN}      staff at ${SCHOOL_NAMES[0]}`,
        `  superadmin@${LARGE_DOMAIN}  super admin`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
    release();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    process.stderr.write(`\nThe large seed failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
