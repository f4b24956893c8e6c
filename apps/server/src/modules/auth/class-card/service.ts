import { isCardCode, normalizeCardCode } from '@high5/contract';
import { cardCodeHash, openClassDevice } from '../../../lib/class-device.js';
import { AppError } from '../../../lib/errors.js';
import { startSession } from '../../../plugins/session.js';
import { deleteSession, recordSignInSuccess } from '../account/queries.js';
import { incomingSessionHash } from '../http.js';
import { loadMe, type AuthContext } from '../session/service.js';
import { cardHolder } from './queries.js';

/**
 * Wrong codes one class session (one device) may type before it waits (docs/decisions/0553):
 * a class mistyping all morning stays far below it, a guesser gets 20 tries in 10 minutes.
 */
export const CARD_FAILURES = { max: 20, perSeconds: 600 };

export async function classDeviceStatus(ctx: Pick<AuthContext, 'db' | 'services' | 'request'>) {
  const device = await openClassDevice(ctx.db, ctx.request, ctx.services.clock.now());
  return device
    ? { open: true, className: device.className, schoolName: device.schoolName, expiresAt: device.expiresAt.toISOString() }
    : { open: false, className: null, schoolName: null, expiresAt: null };
}

/**
 * Signs a student in with their class card on a device where their class is open. The session is
 * an ordinary student session in the class's school, bound to the class session: it ends when
 * that closes or expires. Nothing about passwords changes (a pending temporary password still
 * asks for a new one, as at any sign-in).
 */
export async function signInWithCard(ctx: AuthContext, typed: string) {
  const { db, services } = ctx;
  const now = services.clock.now();
  const device = await openClassDevice(db, ctx.request, now);
  if (!device) throw new AppError(403, 'CLASS_DEVICE_CLOSED');
  await services.rateLimits.check('auth.cardFailures', CARD_FAILURES, device.id);
  const code = normalizeCardCode(typed);
  const holder = isCardCode(code) ? await cardHolder(db, device.classId, device.schoolId, cardCodeHash(services.secret, device.classId, code)) : undefined;
  if (!holder) {
    // Counted in the shared store, outside this request's transaction: the 401 does not undo it.
    await services.rateLimits.count('auth.cardFailures', CARD_FAILURES, device.id);
    throw new AppError(401, 'CARD_INVALID');
  }
  if (holder.status !== 'active') throw new AppError(403, 'ACCOUNT_INACTIVE');
  const previous = incomingSessionHash(ctx.request);
  if (previous) await deleteSession(db, previous);
  await recordSignInSuccess(db, holder.id, now);
  await startSession(db, ctx.reply, holder.id, device.schoolId, now, { id: device.id, expiresAt: device.expiresAt });
  if (holder.mustChangePassword) return { status: 'new_password_required' as const };
  return { status: 'signed_in' as const, me: await loadMe(db, holder.id, device.schoolId) };
}
