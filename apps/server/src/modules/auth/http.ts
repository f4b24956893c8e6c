import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../lib/errors.js';
import { retryAfterOf } from '../../plugins/errors.js';
import { hashToken, SESSION_COOKIE } from '../../plugins/session.js';

/**
 * Sends the answer first, then does `work` inside the request's transaction, which commits
 * afterwards. Two reasons: a failure that must be remembered (a failed sign-in, a wrong code)
 * cannot be thrown, since throwing rolls the count back; and a failed sign-in writes to a
 * different table for known and unknown logins, which must not show in the answer's timing.
 * Later attempts on the same account read it `for update` and so wait for this commit.
 */
async function answerThen(reply: FastifyReply, status: number, envelope: object, work?: () => Promise<void>): Promise<never> {
  reply.status(status).send(envelope);
  if (work) {
    // Wait until the answer has left (handed to the socket), then one more turn.
    if (!reply.raw.writableFinished) await new Promise<void>((resolve) => reply.raw.once('finish', () => resolve()).once('close', () => resolve()));
    await nextTurn();
    try {
      await work();
    } catch (error) {
      reply.request.log.error({ err: error }, 'work after the answer failed');
      throw error;
    }
  }
  return reply as never;
}

/** Answers with `error`, then does `work` (see answerThen). */
export function failThen(reply: FastifyReply, error: AppError, work?: () => Promise<void>): Promise<never> {
  if (error.status === 429) reply.header('retry-after', String(retryAfterOf(error.data)));
  return answerThen(
    reply,
    error.status,
    { ErrorCode: error.code, ResponseData: error.data ?? null, body: error.code, ...(error.issues ? { issues: error.issues } : {}) },
    work,
  );
}

/** The hash of whatever session cookie the request came with (valid or not), to delete it at sign-in. */
export function incomingSessionHash(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? hashToken(token) : null;
}
