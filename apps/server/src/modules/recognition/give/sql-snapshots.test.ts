import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/databases.js';
import { compiledSql } from '../../../test/sql-snapshot.js';
import { attemptGive, givenToday, parentsOf, schoolSettings, secondsUntilSchoolTomorrow } from './queries.js';

// The give's SQL, committed under __snapshots__ so a change to it is reviewed as SQL.
// A changed query fails here; after reviewing the new SQL: npx vitest run --project api <this file> -u
const SCHOOL = '00000000-0000-4000-8000-00000000000a';
const GIVER = '00000000-0000-4000-8000-000000000001';
const RECIPIENT = '00000000-0000-4000-8000-000000000002';
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const NOW = new Date('2026-10-15T16:00:00Z');

describe('the SQL of a give', () => {
  it.each([
    ['school-settings', (db) => schoolSettings(db, SCHOOL)],
    ['given-today', (db) => givenToday(db, { giverId: GIVER, schoolId: SCHOOL, now: NOW })],
    ['seconds-until-tomorrow', (db) => secondsUntilSchoolTomorrow(db, SCHOOL, NOW)],
    [
      'attempt-give',
      (db) =>
        attemptGive(db, {
          giverId: GIVER,
          giverRole: 'teacher',
          schoolId: SCHOOL,
          recipientId: RECIPIENT,
          kind: 'high5',
          categoryIds: [CATEGORY, CATEGORY],
          comment: 'Great work',
          now: NOW,
        }),
    ],
    ['parents-of', (db) => parentsOf(db, RECIPIENT)],
  ] satisfies [string, Parameters<typeof compiledSql>[0]][])('%s', async (name, run) => {
    await expect(await compiledSql(run)).toMatchFileSnapshot(`./__snapshots__/${name}.sql`);
  });
});

// The give's rules that live in SQL (the daily limit, the recipient and category checks): the
// function as the migrated database holds it, whichever migration last replaced it.
describe('the give function in the database', () => {
  it('give_recognition', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const { rows } = await sql<{ definition: string }>`select pg_get_functiondef('give_recognition'::regproc) as definition`.execute(database.db);
      await expect(`${rows[0]!.definition.trimEnd()}\n`).toMatchFileSnapshot('./__snapshots__/give-recognition-function.sql');
    } finally {
      await drop();
    }
  });
});
