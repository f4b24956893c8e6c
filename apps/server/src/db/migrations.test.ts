import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/databases.js';
import type { Database, Db } from './database.js';
import { migrate } from './migrate.js';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (the same file, both drivers).
const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const declaredTables = [
  ...new Set(
    files.flatMap((f) => [...readFileSync(dir + f, 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_0-9]+)/gi)].map((m) => m[1]!.toLowerCase())),
  ),
];

let database: Database;
let drop: () => Promise<void>;
let db: Db;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  db = database.db;
});
afterAll(() => drop());

/** Runs `work` in a transaction that is always rolled back, and returns the error it threw (or null). */
async function failure(work: (tx: Db) => Promise<unknown>): Promise<{ code?: string; message: string } | null> {
  const rollback = new Error('rollback');
  try {
    await db.transaction().execute(async (tx) => {
      await work(tx);
      throw rollback;
    });
  } catch (error) {
    if (error === rollback) return null;
    return error as { code?: string; message: string };
  }
  return null;
}

async function fixture(tx: Db) {
  const district = await tx
    .insertInto('districts')
    .values({ name: `District ${Math.random()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const school = await tx.insertInto('schools').values({ name: 'School', districtId: district.id }).returning('id').executeTakeFirstOrThrow();
  const [teacher, student] = await tx
    .insertInto('users')
    .values([
      { email: `t${Math.random()}@example.test`, firstName: 'T' },
      { email: `s${Math.random()}@example.test`, firstName: 'S' },
    ])
    .returning('id')
    .execute();
  const cls = await tx
    .insertInto('classes')
    .values({ schoolId: school.id, name: 'Class', ownerId: teacher!.id, joiningCode: 'ABC123' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { schoolId: school.id, teacherId: teacher!.id, studentId: student!.id, classId: cls.id };
}

describe('migrations', () => {
  it('when applied, every table they declare exists', async () => {
    expect(declaredTables.length).toBeGreaterThanOrEqual(31);
    const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
    const existing = new Set(rows.rows.map((r) => r.name));
    for (const table of declaredTables) expect(existing, table).toContain(table);
    for (const table of [
      'users',
      'schools',
      'recognitions',
      'recognition_categories',
      'moods',
      'categories',
      'attendance',
      'seating_charts',
      'schema_migrations',
    ])
      expect(existing).toContain(table);
  });

  it('when run a second time, applies nothing and changes nothing', async () => {
    const before = await db.selectFrom('schemaMigrations').select('name').orderBy('name').execute();
    const categories = await db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(before.map((r) => r.name)).toEqual(files);
    expect(await migrate(database)).toEqual([]);
    expect(await db.selectFrom('schemaMigrations').select('name').orderBy('name').execute()).toEqual(before);
    expect(
      await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(categories);
  });

  it('when a category name has 36 characters it is refused, 35 is accepted', async () => {
    const name = (n: number) => 'x'.repeat(n);
    const refused = await failure(async (tx) => {
      const { schoolId } = await fixture(tx);
      await tx
        .insertInto('categories')
        .values({ kind: 'high5', schoolId, nameEn: name(36), nameEs: 'Bien' })
        .execute();
    });
    expect(refused?.code).toBe('23514'); // check_violation
    const refusedEs = await failure(async (tx) => {
      const { schoolId } = await fixture(tx);
      await tx
        .insertInto('categories')
        .values({ kind: 'vibe', schoolId, nameEn: 'Fine', nameEs: name(36) })
        .execute();
    });
    expect(refusedEs?.code).toBe('23514');
    expect(
      await failure(async (tx) => {
        const { schoolId } = await fixture(tx);
        await tx
          .insertInto('categories')
          .values({ kind: 'high5', schoolId, nameEn: name(35), nameEs: name(35) })
          .execute();
      }),
    ).toBeNull();
  });

  it('when an attendance code is X it is refused, P A T E are accepted', async () => {
    const refused = await failure(async (tx) => {
      const f = await fixture(tx);
      await tx.insertInto('attendance').values({ classId: f.classId, studentId: f.studentId, schoolDate: '2026-10-15', code: 'X' }).execute();
    });
    expect(refused?.code).toBe('23514');
    expect(
      await failure(async (tx) => {
        const f = await fixture(tx);
        await tx
          .insertInto('attendance')
          .values(['P', 'A', 'T', 'E'].map((code, i) => ({ classId: f.classId, studentId: f.studentId, schoolDate: `2026-10-1${i}`, code })))
          .execute();
      }),
    ).toBeNull();
  });

  it('when a second class takes a joining code already in use it is refused, as is a lowercase code', async () => {
    const duplicate = await failure(async (tx) => {
      const f = await fixture(tx);
      await tx.insertInto('classes').values({ schoolId: f.schoolId, name: 'Other', ownerId: f.teacherId, joiningCode: 'ABC123' }).execute();
    });
    expect(duplicate?.code).toBe('23505'); // unique_violation
    const lowercase = await failure(async (tx) => {
      const f = await fixture(tx);
      await tx.insertInto('classes').values({ schoolId: f.schoolId, name: 'Other', ownerId: f.teacherId, joiningCode: 'abc1234' }).execute();
    });
    expect(lowercase?.code).toBe('23514');
  });

  it('when a user checks in twice on one school date the second is refused; the next day is accepted', async () => {
    const mood = (f: { studentId: string; schoolId: string }, schoolDate: string) => ({
      userId: f.studentId,
      schoolId: f.schoolId,
      schoolDate,
      mood: 'smile',
      lowEnjoyment: false,
    });
    const twice = await failure(async (tx) => {
      const f = await fixture(tx);
      await tx.insertInto('moods').values(mood(f, '2026-10-15')).execute();
      await tx
        .insertInto('moods')
        .values({ ...mood(f, '2026-10-15'), mood: 'weary', lowEnjoyment: true })
        .execute();
    });
    expect(twice?.code).toBe('23505');
    expect(
      await failure(async (tx) => {
        const f = await fixture(tx);
        await tx
          .insertInto('moods')
          .values([mood(f, '2026-10-15'), mood(f, '2026-10-16')])
          .execute();
      }),
    ).toBeNull();
  });

  it('when a student membership carries the 504 flag, it is written and read through Kysely', async () => {
    // Column names with an underscore before digits do not survive Kysely's camelCase mapping (0003).
    expect(
      await failure(async (tx) => {
        const f = await fixture(tx);
        await tx.insertInto('schoolMemberships').values({ userId: f.studentId, schoolId: f.schoolId, role: 'student', grade: 4, plan504: true }).execute();
        await tx.updateTable('schools').set({ urlProgram504: 'https://example.test/504' }).where('id', '=', f.schoolId).execute();
        const m = await tx
          .selectFrom('schoolMemberships')
          .select('plan504')
          .where('userId', '=', f.studentId)
          .where('plan504', '=', true)
          .executeTakeFirstOrThrow();
        const s = await tx.selectFrom('schools').select('urlProgram504').where('id', '=', f.schoolId).executeTakeFirstOrThrow();
        expect(m.plan504).toBe(true);
        expect(s.urlProgram504).toBe('https://example.test/504');
      }),
    ).toBeNull();
    const teacherWith504 = await failure(async (tx) => {
      const f = await fixture(tx);
      await tx.insertInto('schoolMemberships').values({ userId: f.teacherId, schoolId: f.schoolId, role: 'teacher', plan504: true }).execute();
    });
    expect(teacherWith504?.code).toBe('23514');
  });

  it('when migrated, the built-in categories are there: both kinds, unique keys, names within 35 and some over 15', async () => {
    const rows = await db.selectFrom('categories').select(['kind', 'key', 'nameEn', 'nameEs', 'position']).where('schoolId', 'is', null).execute();
    for (const kind of ['high5', 'vibe']) {
      const ofKind = rows.filter((r) => r.kind === kind);
      expect(ofKind.length, kind).toBeGreaterThanOrEqual(8);
      expect(new Set(ofKind.map((r) => r.key)).size).toBe(ofKind.length);
      expect(new Set(ofKind.map((r) => r.position)).size).toBe(ofKind.length);
      expect(
        ofKind.some((r) => r.nameEn.length > 15 || r.nameEs.length > 15),
        `${kind} has a name the UI truncates`,
      ).toBe(true);
    }
    for (const r of rows) {
      expect(r.nameEn.length).toBeLessThanOrEqual(35);
      expect(r.nameEs.length).toBeLessThanOrEqual(35);
      expect(r.nameEs, `${r.key} is translated`).not.toBe(r.nameEn);
    }
    expect(rows.find((r) => r.key === 'teamwork')).toMatchObject({ kind: 'high5', nameEn: 'Teamwork', nameEs: 'Trabajo en equipo' });
  });

  it('when a second built-in category reuses a key of its kind it is refused', async () => {
    const refused = await failure((tx) => tx.insertInto('categories').values({ kind: 'high5', key: 'kindness', nameEn: 'Kind', nameEs: 'Amable' }).execute());
    expect(refused?.code).toBe('23505');
  });
});
