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
