import { sql, type RawBuilder } from 'kysely';

/** Rows read from the database at a time by an export: it holds one batch, never the whole table. */
export const CURSOR_BATCH = 500;

/**
 * A cursor over a query as keyset-paginated batches (docs/decisions/0595): `read` returns up to
 * `limit` rows in a fixed total order after the row whose key is `after` (null: from the start),
 * and `keyOf` gives a row's key. Each batch is one short query, so an export neither holds a
 * connection nor a server-side cursor while the client reads, and it runs the same on PGlite and
 * PostgreSQL (Kysely's `.stream()` is not supported by the PGlite dialect).
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  limit = CURSOR_BATCH,
): AsyncGenerator<Row[]> {
  for (let after: Key | null = null; ;) {
    const batch = await read(after, limit);
    if (batch.length > 0) yield batch;
    if (batch.length < limit) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}

/** Each batch of `batches` turned into rows of another shape (e.g. translated), still one batch at a time. */
export async function* mapBatches<Row, Out>(batches: AsyncIterable<Row[]>, map: (batch: Row[]) => Out[] | Promise<Out[]>): AsyncGenerator<Out[]> {
  for await (const batch of batches) yield await map(batch);
}

/** One term of a keyset order: an SQL expression that is never null, and its direction. */
export type OrderTerm = [RawBuilder<unknown>, 'asc' | 'desc'];

/** `order by` the terms. */
export const orderClause = (terms: OrderTerm[]): RawBuilder<unknown> => sql`order by ${sql.join(terms.map(([term, dir]) => sql`${term} ${sql.raw(dir)}`))}`;

/** The terms as columns k0, k1, … of each row: its key, where the next batch starts. */
export const keyColumns = (terms: OrderTerm[]): RawBuilder<unknown> => sql.join(terms.map(([term], i) => sql`${term} as ${sql.ref(`k${i}`)}`));

/** Rows after `key` (the values of `terms` in the last row read) in the order of `terms`: a keyset batch. */
export function afterKey(terms: OrderTerm[], key: unknown[]): RawBuilder<unknown> {
  const alternatives = terms.map(([term, dir], i) =>
    sql.join(
      [...terms.slice(0, i).map(([earlier], j) => sql`${earlier} = ${key[j]}`), sql`${term} ${sql.raw(dir === 'asc' ? '>' : '<')} ${key[i]}`],
      sql` and `,
    ),
  );
  return sql`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` or `,
  )})`;
}

/** A row read with `keyColumns`: its own fields (without k0… and the bare id), and its key. */
export function withKey(row: Record<string, unknown>, terms: OrderTerm[]): Record<string, unknown> & { key: unknown[] } {
  const fields = Object.fromEntries(Object.entries(row).filter(([name]) => name !== 'id' && !/^k\d+$/.test(name)));
  return { ...fields, key: terms.map((_, i) => row[`k${i}`]) };
}
