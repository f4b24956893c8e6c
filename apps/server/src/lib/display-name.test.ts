import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, type Database } from '../db/database.js';
import { displayName, displayNameOf } from './display-name.js';

const rows = [
  { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.test', username: null },
  { firstName: 'Ana', lastName: '', email: null, username: 'ana.r' },
  { firstName: '', lastName: 'Ruiz', email: null, username: null },
  { firstName: ' ', lastName: ' ', email: 'blank@example.test', username: 'blank' },
  { firstName: '', lastName: '', email: null, username: 'only.login' },
  { firstName: '', lastName: '', email: null, username: null },
];

let database: Database;
beforeAll(async () => {
  database = await openPGlite();
});
afterAll(() => database.close());

describe('a display name (lib/display-name.ts)', () => {
  it('is the same in SQL and in JavaScript', async () => {
    const values = sql.join(rows.map((r) => sql`(${r.firstName}::text, ${r.lastName}::text, ${r.email}::text, ${r.username}::text)`));
    const { rows: names } = await sql<{
      name: string;
    }>`select ${displayName('u')} as name from (values ${values}) as u(first_name, last_name, email, username)`.execute(database.db);
    expect(names.map((n) => n.name)).toEqual(rows.map(displayNameOf));
    expect(names.map((n) => n.name)).toEqual(['Ana Ruiz', 'Ana', 'Ruiz', 'blank@example.test', 'only.login', '']);
  });
});
