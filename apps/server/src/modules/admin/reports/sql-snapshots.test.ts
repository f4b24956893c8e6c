import { describe, expect, it } from 'vitest';
import { compiledSql } from '../../../test/sql-snapshot.js';
import { moodReport, moodReportBatch, recognitionReport, recognitionReportBatch, type ReportScope } from './queries.js';

// The reports' SQL in each of its shapes, committed under __snapshots__ so a change to it is
// reviewed as SQL (docs/decisions/0450). A changed query fails here; after reviewing
// the new SQL: npx vitest run --project api <this file> -u
const base: ReportScope = {
  schoolId: '00000000-0000-4000-8000-00000000000a',
  role: 'student',
  // A school year that cuts its first and last months: four days added, the rest of the last month taken away.
  from: '2025-11-27',
  to: '2026-11-26',
  classIds: null,
  students: { flags: [] },
  search: '',
  sort: 'name',
  dir: 'asc',
  offset: 500,
  limit: 500,
};
const CLASS = '00000000-0000-4000-8000-0000000000c1';

describe('the SQL of the group report', () => {
  it.each([
    ['group-by-name', base],
    ['group-screen-page-by-name', { ...base, offset: 25, limit: 25 }],
    ['group-by-count', { ...base, sort: 'high5Received', dir: 'desc' as const }],
    ['group-class-search-by-email', { ...base, classIds: [CLASS], search: '50%_off', sort: 'email' }],
    ['group-inside-one-month', { ...base, from: '2026-10-06', to: '2026-10-15' }],
    ['group-whole-months', { ...base, from: '2026-09-01', to: '2026-10-31', sort: 'vibeGiven' }],
    ['group-flags-and-grade', { ...base, students: { flags: ['iep' as const, 'englishLearner' as const], grade: 5 } }],
  ])('%s', async (name, scope) => {
    await expect(await compiledSql((db) => recognitionReport(db, scope))).toMatchFileSnapshot(`./__snapshots__/${name}.sql`);
  });
});

describe('the SQL of the mood meter report', () => {
  it.each([
    ['mood-by-name', base, { filters: [], minimumLow: -1 }],
    ['mood-screen-page-by-name', { ...base, offset: 25, limit: 25 }, { filters: [], minimumLow: -1 }],
    ['mood-by-talk-today', { ...base, sort: 'talkToday', dir: 'desc' as const }, { filters: [], minimumLow: -1 }],
    ['mood-feelings-and-minimum', base, { filters: ['worried', 'rage'], minimumLow: 3 }],
    ['mood-inside-one-month', { ...base, from: '2026-10-06', to: '2026-10-15' }, { filters: ['worried'], minimumLow: -1 }],
  ])('%s', async (name, scope, options) => {
    await expect(await compiledSql((db) => moodReport(db, scope, options))).toMatchFileSnapshot(`./__snapshots__/${name}.sql`);
  });
});

describe('the SQL of a report file batch (docs/decisions/0610)', () => {
  const { offset: _o, limit: _l, ...scope } = base;
  const after = ['adams', 'amy', '00000000-0000-4000-8000-0000000000a1'];
  it('group-file-next-batch', async () => {
    await expect(await compiledSql((db) => recognitionReportBatch(db, scope, after, 500))).toMatchFileSnapshot('./__snapshots__/group-file-next-batch.sql');
  });
  it('mood-file-with-entries', async () => {
    await expect(
      await compiledSql((db) =>
        moodReportBatch(db, { ...scope, sort: 'lowEnjoyment', dir: 'desc' }, { filters: [], minimumLow: -1, entries: true }, null, 500),
      ),
    ).toMatchFileSnapshot('./__snapshots__/mood-file-with-entries.sql');
  });
});
