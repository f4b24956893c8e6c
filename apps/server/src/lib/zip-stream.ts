import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/** One file of a ZIP: its name and its content, produced a piece at a time. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<Uint8Array | string>;
}

/**
 * A ZIP written as it is read (fflate, already the roster upload's reader): each entry's pieces are
 * deflated as they come and handed on, the next piece pulled only when the reader wants more, so
 * no file sits whole in memory. Entries are written one after the other.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, mtime: Date): Readable {
  async function* bytes() {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    const drain = function* () {
      if (failure) throw failure;
      yield* out.splice(0);
    };
    for await (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      for await (const piece of entry.content) {
        file.push(typeof piece === 'string' ? strToU8(piece) : piece);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(bytes(), { objectMode: false });
}
