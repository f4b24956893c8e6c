import { sql, type RawBuilder } from 'kysely';

/** A user's name for lists, in SQL: first and last name, else the e-mail or username (the rule of `displayName` in recognition/recipients). */
export function displayName(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(nullif(btrim(${sql.ref(`${alias}.firstName`)} || ' ' || ${sql.ref(`${alias}.lastName`)}), ''), ${sql.ref(`${alias}.email`)}, ${sql.ref(`${alias}.username`)}, '')`;
}
