import { randomBytes } from 'node:crypto';
import { hashToken } from '../../apps/server/src/plugins/session.js';
import type { Services } from '../../apps/server/src/services/index.js';

/** A signed-in session for the benchmarks (a row as sign-in would write it), as a cookie header. */
export async function sessionFor(services: Services, userId: string, schoolId: string | null = null) {
  const token = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  await services.db
    .insertInto('sessions')
    .values({ tokenHash: hashToken(token), userId, schoolId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 12 * 3_600_000) })
    .execute();
  return `high5_session=${token}`;
}
