import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { malformed, parseOneRosterZip, type FlagColumns } from './oneroster.js';
import { RosterSourceError, type RosterRead } from './types.js';

/**
 * A OneRoster zip is unpacked and parsed in a worker thread (docs/decisions/0500): however hostile
 * the file, the server's event loop keeps answering, the worker's heap is capped, and a read that
 * outlasts its time is ended. Its answer is the read, or the malformed file's problem.
 */

export const ONEROSTER_WORKER = {
  /** The worker's heap: a 50,000-student district's parse needs well under half of it. */
  heapMb: 1024,
  /** A read that takes longer is ended. */
  timeoutMs: 120_000,
};

type Answer =
  | { ok: true; read: RosterRead }
  | { ok: false; code: RosterSourceError['code']; detail: string; problem?: RosterSourceError['problem'] }
  | { ok: false; crash: string };

const MARK = 'high5.oneroster';

if (!isMainThread && (workerData as { mark?: string } | null)?.mark === MARK) {
  let answer: Answer;
  try {
    const { bytes, flagColumns } = workerData as { bytes: Uint8Array; flagColumns: Partial<FlagColumns> };
    answer = { ok: true, read: parseOneRosterZip(bytes, { flagColumns }) };
  } catch (error) {
    answer =
      error instanceof RosterSourceError
        ? { ok: false, code: error.code, detail: error.detail, ...(error.problem ? { problem: error.problem } : {}) }
        : { ok: false, crash: String(error) };
  }
  parentPort!.postMessage(answer);
}

/** The server runs its TypeScript through tsx: a worker started from a .ts file loads tsx first. */
function bootScript() {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { code: `import(${JSON.stringify(self)})`, eval: true };
  const tsx = pathToFileURL(createRequire(self).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  return { code: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(self)}); })`, eval: true };
}

/** Parses a OneRoster zip off the event loop; a file the limits refuse fails as `roster_malformed`. */
export function readOneRosterZip(
  bytes: Uint8Array,
  options: { flagColumns?: Partial<FlagColumns>; heapMb?: number; timeoutMs?: number } = {},
): Promise<RosterRead> {
  const own = new Uint8Array(bytes); // a copy the worker receives whole (a Buffer may share a pool)
  const boot = bootScript();
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot.code, {
      eval: boot.eval,
      execArgv: [],
      workerData: { mark: MARK, bytes: own, flagColumns: options.flagColumns ?? {} },
      transferList: [own.buffer],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? ONEROSTER_WORKER.heapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(malformed('too_large'))), options.timeoutMs ?? ONEROSTER_WORKER.timeoutMs);
    worker.on('message', (answer: Answer) =>
      settle(() => {
        if (answer.ok) resolve(answer.read);
        else if ('crash' in answer) reject(new Error(`oneroster worker: ${answer.crash}`));
        else reject(new RosterSourceError(answer.code, answer.detail, answer.problem));
      }),
    );
    // Out of its heap: the file is larger than a roster can be.
    worker.on('error', (error: Error & { code?: string }) => settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? malformed('too_large') : error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`oneroster worker exited with ${code}`))));
  });
}
