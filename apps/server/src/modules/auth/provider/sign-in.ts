import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inTransaction, type Db } from '../../../db/database.js';
import { AppError } from '../../../lib/errors.js';
import { isSecure } from '../../../plugins/session.js';
import { isInactiveOnly, recordSignInSuccess } from '../account/queries.js';
import type { AuthRateRule } from '../rate-limits.js';
import { signInAs } from '../session/service.js';
import { STATE_MAX_AGE_S } from './state.js';

/** The provider sign-in's start is limited per address; false (and no redirect to the provider) when over. */
export async function withinStartLimit(app: FastifyInstance, request: FastifyRequest, rule: AuthRateRule): Promise<boolean> {
  try {
    await app.authLimits.hit(rule, request.ip);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The state cookie, readable only by the server, sent back only to the provider's callback path. */
export function setStateCookie(request: FastifyRequest, reply: FastifyReply, name: string, path: string, value: string) {
  reply.setCookie(name, value, { path, httpOnly: true, sameSite: 'lax', secure: isSecure(request), maxAge: STATE_MAX_AGE_S });
}

export type Found<C extends string> = { userId: string } | { refused: C };

/**
 * The end of every provider sign-in, once the provider said who this is: the account `find`
 * names, refused if every school deactivated it (as the password sign-in refuses it), else a
 * new session in place of the one the browser came with. Returns the refusal, or null.
 */
export async function signInThroughProvider<C extends string>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  find: (db: Db, now: Date) => Promise<Found<C>>,
): Promise<C | 'ACCOUNT_INACTIVE' | null> {
  const { services } = app;
  return inTransaction(services.db, async (db) => {
    const now = services.clock.now();
    const found = await find(db, now);
    if ('refused' in found) return found.refused;
    if (await isInactiveOnly(db, found.userId)) return 'ACCOUNT_INACTIVE' as const;
    await recordSignInSuccess(db, found.userId, now);
    await signInAs({ db, services, request, reply, limits: app.authLimits }, found.userId);
    return null;
  });
}
