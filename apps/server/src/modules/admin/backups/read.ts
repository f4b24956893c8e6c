import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { isDatabaseDown } from '../../../plugins/errors.js';
import type { Services } from '../../../services/index.js';
import { JobStopped } from '../../../services/jobs.js';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type BackupTrailer } from './export.js';
import { BACKUP_TABLES } from './tables.js';

/** Reading a backup file to restore (docs/decisions/0183, 0510): its lines, bounded, and their shape. */

const KNOWN_TABLES = new Set(BACKUP_TABLES.map((t) => t.name));
type Row = Record<string, unknown>;

/** A restore that cannot go on, with the error code the screen shows. */
export class RestoreRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * The longest line a backup writes: an image file in base64 (photos are stored at most a few MB).
 * A longer line is no backup's, and is refused once this much of it was read.
 */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * The file's lines, unzipped, one at a time, each at most MAX_LINE_CHARS long. A line's pieces
 * are kept apart until its end (one join), so a long line costs its length, not its square.
 * Stops (JobStopped) when the process is shutting down: the job resumes elsewhere or later.
 */
async function* fileLines(services: Services, key: string, signal?: AbortSignal): AsyncGenerator<string> {
  const stream = await services.storage.getStream(key);
  if (!stream) throw new RestoreRefused('BACKUP_FILE_MISSING');
  const gunzip = createGunzip();
  stream.on('error', (error) => gunzip.destroy(error));
  stream.pipe(gunzip).setEncoding('utf8');
  // A shutdown ends the read at once, even while storage is slow to send the next bytes.
  const stop = () => gunzip.destroy(new JobStopped());
  signal?.addEventListener('abort', stop, { once: true });
  let parts: string[] = [];
  let length = 0;
  try {
    if (signal?.aborted) throw new JobStopped();
    for await (const chunk of gunzip as AsyncIterable<string>) {
      let start = 0;
      for (;;) {
        const end = chunk.indexOf('\n', start);
        length += (end === -1 ? chunk.length : end) - start;
        if (length > MAX_LINE_CHARS) throw new RestoreRefused('BACKUP_LINE_TOO_LONG');
        if (end === -1) {
          if (start < chunk.length) parts.push(start ? chunk.slice(start) : chunk);
          break;
        }
        const line = parts.length ? parts.join('') + chunk.slice(start, end) : chunk.slice(start, end);
        parts = [];
        length = 0;
        if (line) yield line;
        start = end + 1;
      }
    }
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof JobStopped || isDatabaseDown(error as Error)) throw error;
    throw new RestoreRefused('BACKUP_FILE_DAMAGED');
  } finally {
    signal?.removeEventListener('abort', stop);
    gunzip.destroy();
    stream.destroy();
  }
  if (parts.length) yield parts.join('');
}

const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string().max(40),
  school: z.object({ id: z.string().uuid(), name: z.string().max(500), district: z.string().max(500) }),
  includesJournals: z.boolean(),
  builtinCategories: z.array(z.object({ id: z.string().uuid(), kind: z.string().max(40), key: z.string().max(100) })).max(1000),
});
const TrailerSchema = z.object({
  end: z.literal(true),
  rows: z.number().int().nonnegative(),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.number().int().nonnegative(),
});

export type Line =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'file'; key: string; base64: string }
  | { kind: 'row'; table: string; row: Row }
  | { kind: 'end'; trailer: BackupTrailer };
/** Files are written a few at a time (each may be large); rows a few hundred at a time. */
export const FILE_BATCH = 20;
export const FILES = ' files';
const IMAGE_KEY = /^(schools\/[0-9a-f-]{36}\/[a-z]+|avatars)\/[0-9a-f-]{36}\.(webp|png|jpe?g)$/;

/** Parses the file's lines, checking its shape: a header of a version this server reads, rows of known tables, a trailer. */
export async function* backupRows(services: Services, key: string, signal?: AbortSignal): AsyncGenerator<Line> {
  let first = true;
  let ended = false;
  for await (const text of fileLines(services, key, signal)) {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new RestoreRefused('BACKUP_FILE_DAMAGED');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
    if (ended) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
    if (first) {
      first = false;
      if (value.format !== BACKUP_FORMAT || value.version !== BACKUP_VERSION) throw new RestoreRefused('BACKUP_FORMAT_UNSUPPORTED');
      const header = HeaderSchema.safeParse(value);
      if (!header.success) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
      yield { kind: 'header', header: header.data };
    } else if (value.end === true) {
      ended = true;
      const trailer = TrailerSchema.safeParse(value);
      if (!trailer.success) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
      yield { kind: 'end', trailer: trailer.data };
    } else if (typeof value.f === 'string') {
      // Only the kinds of file a backup holds: a file cannot be written anywhere else.
      if (typeof value.b !== 'string' || !IMAGE_KEY.test(value.f)) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
      yield { kind: 'file', key: value.f, base64: value.b };
    } else {
      if (typeof value.t !== 'string' || !KNOWN_TABLES.has(value.t) || typeof value.r !== 'object' || value.r === null)
        throw new RestoreRefused('BACKUP_FILE_DAMAGED');
      yield { kind: 'row', table: value.t, row: value.r as Row };
    }
  }
  if (first) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
  if (!ended) throw new RestoreRefused('BACKUP_FILE_DAMAGED');
}
