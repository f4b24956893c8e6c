import { describe, expect, it } from 'vitest';
import { compiledSql } from '../../../test/sql-snapshot.js';
import { receivedData, type ReceivedPage } from './queries.js';

// The received report's SQL, committed under __snapshots__ so a change to it is reviewed as SQL.
// A changed query fails here; after reviewing the new SQL: npx vitest run --project api <this file> -u
const filter = {
  schoolId: '00000000-0000-4000-8000-00000000000a',
  receiverId: '00000000-0000-4000-8000-000000000002',
  kind: 'high5' as const,
  from: '2026-10-01',
  to: '2026-10-31',
};
const firstPage: ReceivedPage = {
  categoryId: null,
  search: null,
  language: 'en',
  sort: 'date',
  dir: 'desc',
  roleOrder: ['parent', 'staff', 'student', 'teacher'],
  limit: 25,
  offset: 0,
};

describe('the SQL of the received report', () => {
  it.each([
    // What the screen asks for when it opens (and the bench measures).
    ['received-first-page', firstPage],
    // A search by a sender in Spanish, sorted by role, third page of 50.
    [
      'received-search-by-role',
      {
        ...firstPage,
        search: { pattern: '%doc%', roles: ['teacher'] },
        language: 'es',
        sort: 'role',
        dir: 'asc',
        roleOrder: ['teacher', 'student', 'parent', 'staff'],
        limit: 50,
        offset: 100,
      },
    ],
    // The category dialog's one category, here sorted by sender (Z to A).
    ['received-category-by-sender', { ...firstPage, categoryId: '00000000-0000-4000-8000-0000000000c1', sort: 'from', dir: 'desc' }],
  ] satisfies [string, ReceivedPage][])('%s', async (name, page) => {
    await expect(await compiledSql((db) => receivedData(db, filter, page))).toMatchFileSnapshot(`./__snapshots__/${name}.sql`);
  });

  // A range that cuts two months, oldest first (decision 0333): the whole month from the counts,
  // the first month's two days inside added from the rows, the last month's days outside subtracted.
  it('received-cut-range-oldest-first', async () => {
    const range = { ...filter, from: '2026-09-29', to: '2026-11-20' };
    await expect(await compiledSql((db) => receivedData(db, range, { ...firstPage, dir: 'asc', offset: 25 }))).toMatchFileSnapshot(
      './__snapshots__/received-cut-range-oldest-first.sql',
    );
  });
});
