import { CSV_BOM } from '@high5/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_BATCH, keysetBatches } from '../../../lib/cursor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { buildSchool, buildUser, linkParent, sessionFor } from '../../../test/factories.js';
import { text, unzip } from '../../../test/zip-pdf.js';
import * as q from './queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.db;
const ROWS = 10_000;

/** A student with 10,000 High 5s this year (test clock: 15/10/2026), written by one INSERT … SELECT. */
async function busyStudent() {
  const school = await buildSchool(t.app, { name: 'Escuela Grande' });
  const student = await buildUser(t.app, { role: 'student', schoolId: school.id, firstName: 'Lucía', lastName: 'Núñez', grade: 7 });
  const teacher = await buildUser(t.app, { role: 'teacher', schoolId: school.id, firstName: 'Ana', lastName: 'Gil' });
  const parent = await buildUser(t.app, { role: 'parent', schoolId: school.id, firstName: 'Rosa', lastName: 'Núñez' });
  await linkParent(t.app, parent.id, student.id);
  // Comments that need the writer's quoting and formula guard: the bytes must be toCsv's.
  await sql`insert into recognitions (kind, school_id, giver_id, giver_role, receiver_id, receiver_role, school_date, comment)
    select 'high5', ${school.id}, ${teacher.id}, 'teacher', ${student.id}, 'student', date '2026-08-01' + (g % 70), '=n' || g || ', "ok"'
    from generate_series(1, ${ROWS}) g`.execute(db());
  return { school, student, parent };
}

describe('streamed CSV exports (docs/decisions/0595)', () => {
  it('reads 10,000 rows in batches of at most 500 and writes every one of them in a year export', async () => {
    const f = await busyStudent();
    const scope = { schoolId: f.school.id, studentId: f.student.id, from: '2026-08-01', to: '2027-07-31' };

    // The cursor never holds more than one batch: bounded memory whatever the table's size.
    const sizes: number[] = [];
    for await (const batch of keysetBatches(
      (afterId: number | null, limit) => q.high5Page(db(), { ...scope, afterId: afterId ?? 0, limit }),
      (r) => r.id,
    ))
      sizes.push(batch.length);
    expect(sizes).toHaveLength(ROWS / CURSOR_BATCH);
    expect(Math.max(...sizes)).toBe(CURSOR_BATCH);

    const res = await t.app.inject({ method: 'GET', url: `/v1/year-export/${f.student.id}/2026`, headers: { cookie: await sessionFor(t.app, f.parent.id) } });
    expect(res.statusCode).toBe(200);
    const csv = text(unzip(res.rawPayload)['high5s.csv']);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const records = csv.slice(1).split('\r\n');
    expect(records.pop()).toBe('');
    expect(records).toHaveLength(ROWS + 1);
    expect(records[0]).toBe('Date,From,Role,Categories,Comment');
    expect(records[1]).toBe(`2026-08-02,Ana Gil,Teacher,,"'=n1, ""ok"""`);
    expect(records[ROWS]).toBe(`2026-09-30,Ana Gil,Teacher,,"'=n${ROWS}, ""ok"""`);
  }, 120_000);
});
