import { Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ObjectStorage } from '../../../services/storage.js';
import { BACKUP_TABLES } from './tables.js';

export const BACKUP_FORMAT = 'high5-school-backup' as const;
export const BACKUP_VERSION = 2;
const FETCH_ROWS = 500;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  school: { id: string; name: string; district: string };
  includesJournals: boolean;
  /** The built-in categories' ids here and their stable keys: another High5 has other ids for them. */
  builtinCategories: { id: string; kind: string; key: string }[];
}

/** The last line of a file: what it holds, so a cut file is never taken for a whole one. */
export interface BackupTrailer {
  end: true;
  rows: number;
  tables: Record<string, number>;
  /** Image files (photos, hand avatars) held as `{"f": key, "b": base64}` lines before the rows. */
  files: number;
}

/**
 * The lines of a school's backup (gzip NDJSON, docs/decisions/0182): a header, its image files, one line per row
 * (`{"t": table, "r": row}`, the row as PostgreSQL's own JSON so every value comes back exactly),
 * and a trailer. Rows are read through a cursor, a few hundred at a time, in the caller's
 * transaction, so no school ever sits whole in memory.
 */
async function* backupLines(db: Db, storage: ObjectStorage, header: BackupHeader, counts: BackupTrailer): AsyncGenerator<string> {
  yield JSON.stringify(header) + '\n';
  // Images first, so that a restore has them back before the rows that name them.
  const users = BACKUP_TABLES.find((t) => t.name === 'users')!.where(header.school.id);
  const avatars = BACKUP_TABLES.find((t) => t.name === 'avatars')!.where(header.school.id);
  await sql`declare backup_files no scroll cursor for
    select photo_key as key from users t where ${users} and photo_key is not null
    union select image_key from avatars t where ${avatars}`.execute(db);
  for (;;) {
    const batch = await sql<{ key: string }>`fetch 50 from backup_files`.execute(db);
    for (const { key } of batch.rows) {
      const bytes = await storage.get(key);
      if (!bytes) continue;
      counts.files++;
      yield JSON.stringify({ f: key, b: bytes.toString('base64') }) + '\n';
    }
    if (batch.rows.length < 50) break;
  }
  await sql`close backup_files`.execute(db);
  for (const table of BACKUP_TABLES) {
    if (table.journal && !header.includesJournals) continue;
    const hidden = sql.join(
      (table.secret ?? []).map((column) => sql` - ${sql.lit(column)}`),
      sql``,
    );
    await sql`declare backup_rows no scroll cursor for
      select (to_jsonb(t)${hidden})::text as row from ${sql.table(table.name)} t where ${table.where(header.school.id)}`.execute(db);
    let n = 0;
    for (;;) {
      const batch = await sql<{ row: string }>`fetch ${sql.lit(FETCH_ROWS)} from backup_rows`.execute(db);
      let chunk = '';
      for (const { row } of batch.rows) chunk += `{"t":${JSON.stringify(table.name)},"r":${row}}\n`;
      n += batch.rows.length;
      if (chunk) yield chunk;
      if (batch.rows.length < FETCH_ROWS) break;
    }
    await sql`close backup_rows`.execute(db);
    counts.tables[table.name] = n;
    counts.rows += n;
  }
  yield JSON.stringify(counts) + '\n';
}

/**
 * A gzip stream of the school's backup, read from `db` (which must be a transaction: cursors
 * live in one). `done` resolves with the row counts once the last line was produced.
 */
export function backupStream(db: Db, storage: ObjectStorage, header: BackupHeader) {
  const counts: BackupTrailer = { end: true, rows: 0, tables: {}, files: 0 };
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const source = Readable.from(backupLines(db, storage, header, counts));
  const gzip = createGzip();
  // A failed query must fail the upload, never end it as if the file were whole.
  source.on('error', (error) => counter.destroy(error));
  gzip.on('error', (error) => counter.destroy(error));
  source.pipe(gzip).pipe(counter);
  return { stream: counter, counts, bytes: () => bytes };
}
