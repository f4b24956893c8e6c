import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseError } from '../lib/error-facts.js';
import { AppError } from '../lib/errors.js';

/**
 * The database cannot be reached or does not accept connections now (decision 0512): the
 * socket's own errors, class 08 (connection exception), 57P01-57P05 (shut down, crashed,
 * starting up, database dropped, idle session ended), 53300 (too many connections) and 3D000
 * (the database does not exist, e.g. while it is being recreated).
 */
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
  '53300',
  '3D000',
]);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/**
 * PostgreSQL ends a session with FATAL (or PANIC): at sign-in that is a refusal whatever the code,
 * e.g. 55000 "database is not currently accepting connections" (ALLOW_CONNECTIONS false), which
 * as an ERROR is a program's mistake and stays a 500.
 */
const SESSION_ENDED = new Set(['FATAL', 'PANIC']);

/**
 * SQLSTATEs that mean the input was wrong (docs/decisions/0153): every data exception (class
 * 22), integrity violations (23: unique and exclusion are 409, the rest 400) and 54000 (a value
 * too large, e.g. for an index).
 */
const REFUSED_INPUT = /^(22...|23...|54000)$/;

/**
 * True for errors that mean the database cannot be reached right now (503, and jobs retry). pg's own
 * errors carry no code: a connection lost mid-query ("Connection terminated"), a pool that cannot
 * connect in time, and a client whose connection broke ("… is not queryable": what a transaction's
 * ROLLBACK throws after PostgreSQL went away under it, in place of the query's own error).
 */
export function isDatabaseDown(error: { code?: string; message?: string; severity?: string }) {
  if (error.code !== undefined && (DB_DOWN_CODES.has(error.code) || CONNECTION_EXCEPTION.test(error.code))) return true;
  if (error.severity !== undefined && SESSION_ENDED.has(error.severity) && error.code !== undefined && /^[0-9A-Z]{5}$/.test(error.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|is not queryable|PGlite is closed/i.test(error.message ?? '');
}

/** Seconds a 429 tells the client to wait when the refusal did not say (a fixed window's longest). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The wait of a 429, from its ResponseData's `retryAfterSeconds`. */
export function retryAfterOf(data: unknown): number {
  const value = data && typeof data === 'object' && 'retryAfterSeconds' in data ? Number(data.retryAfterSeconds) : NaN;
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : DEFAULT_RETRY_AFTER_SECONDS;
}

/** Maps every failure to the envelope with an honest status; never leaks internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      // Every 429 says when to come back (RFC 9110 Retry-After, in seconds).
      if (error.status === 429) reply.header('retry-after', String(retryAfterOf(error.data)));
      return reply
        .status(error.status)
        .send({ ErrorCode: error.code, ResponseData: error.data ?? null, body: error.code, ...(error.issues ? { issues: error.issues } : {}) });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ ErrorCode: 'PAYLOAD_TOO_LARGE', ResponseData: null, body: 'PAYLOAD_TOO_LARGE' });
    }
    if (error.statusCode === 429) {
      return reply
        .header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS))
        .status(429)
        .send({ ErrorCode: 'RATE_LIMITED', ResponseData: null, body: 'RATE_LIMITED' });
    }
    if (error.validation || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      // Malformed JSON, wrong content type and the like.
      return reply.status(400).send({ ErrorCode: 'VALIDATION_FAILED', ResponseData: null, body: 'VALIDATION_FAILED' });
    }
    if (isDatabaseError(error) && REFUSED_INPUT.test(error.code)) {
      // The database refused a value (class 22 "data exception": bad text encoding, a malformed
      // uuid or date, a number out of range; a constraint; a value too large to index): the
      // caller's input, never a 500. The log names the code and constraint, never the value.
      const conflict = error.code === '23505' || error.code === '23P01';
      request.log.warn({ err: error }, 'database refused input');
      return reply
        .status(conflict ? 409 : 400)
        .send(
          conflict
            ? { ErrorCode: 'CONFLICT', ResponseData: null, body: 'CONFLICT' }
            : { ErrorCode: 'VALIDATION_FAILED', ResponseData: null, body: 'VALIDATION_FAILED' },
        );
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ ErrorCode: 'DB_UNAVAILABLE', ResponseData: null, body: 'DB_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ ErrorCode: 'INTERNAL', ResponseData: null, body: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    // A missing built asset is a 404, never the page: a stale tab must not run HTML as script.
    if (request.url.startsWith('/v1/') || request.url.startsWith('/assets/') || request.method !== 'GET') {
      return reply.status(404).send({ ErrorCode: 'NOT_FOUND', ResponseData: null, body: 'NOT_FOUND' });
    }
    // Any other GET is a screen of the single-page app.
    return reply.sendFile('index.html');
  });
}
