import { sql, type RawBuilder } from 'kysely';

/*
 * A user's name for lists: first and last name, else the e-mail, else the username. One rule in two
 * forms: `displayName` where the query builds the name, `displayNameOf` for a row already read.
 * display-name.test.ts checks on the database that both give the same name.
 */

export function displayName(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(nullif(btrim(${sql.ref(`${alias}.firstName`)} || ' ' || ${sql.ref(`${alias}.lastName`)}), ''), ${sql.ref(`${alias}.email`)}, ${sql.ref(`${alias}.username`)}, '')`;
}

export function displayNameOf(row: { firstName: string; lastName: string; email?: string | null; username?: string | null }): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email || row.username || '';
}
