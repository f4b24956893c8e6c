import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@high5/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { Membership, SessionUser } from '../lib/session-user.js';

export const SESSION_COOKIE = 'high5_session';
const IDLE_MS = LIMITS.sessionIdleMinutes * 60_000;
const ABSOLUTE_MS = LIMITS.sessionAbsoluteHours * 3_600_000;
// Refreshing last_seen_at on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Cookies get `Secure` everywhere but on a loopback address (local development over http). */
export function isSecure(request: FastifyRequest) {
  return !['localhost', '127.0.0.1', '[::1]'].includes(request.hostname.replace(/:\d+$/, ''));
}

/**
 * Creates a fresh session (a new id at every sign-in) and sets its HttpOnly cookie. A card
 * sign-in's session is tied to its class session (docs/decisions/0553): it ends no later, and
 * closing the class session deletes it.
 */
export async function startSession(
  db: Db,
  reply: FastifyReply,
  userId: string,
  schoolId: string | null,
  now: Date,
  classDevice?: { id: string; expiresAt: Date },
) {
  const token = randomBytes(32).toString('base64url');
  const absolute = now.getTime() + ABSOLUTE_MS;
  const expiresAt = new Date(classDevice ? Math.min(absolute, classDevice.expiresAt.getTime()) : absolute);
  await db
    .insertInto('sessions')
    .values({ tokenHash: hashToken(token), userId, schoolId, createdAt: now, lastSeenAt: now, expiresAt, classDeviceSessionId: classDevice?.id ?? null })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply.request),
    maxAge: Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user (sign-out everywhere, password change, reset). */
export async function endAllSessions(db: Db, userId: string) {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

function membershipsOf(eb: ExpressionBuilder<DB, 'users'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('schoolMemberships as m')
      .innerJoin('schools as sc', 'sc.id', 'm.schoolId')
      .innerJoin('districts as d', 'd.id', 'sc.districtId')
      .select([
        'm.schoolId',
        'sc.name as schoolName',
        'd.name as districtName',
        'd.paid',
        'm.role',
        'm.isAdmin',
        'm.status',
        'sc.high5Vibes as receivedVisible',
        'sc.timeZone',
      ])
      .whereRef('m.userId', '=', 'users.id')
      // An inactive membership (rostering) gives no access to its school.
      .where('m.status', '<>', 'inactive')
      .orderBy('m.createdAt'),
  );
}

export async function loadMemberships(db: Db, userId: string): Promise<Membership[]> {
  const row = await db
    .selectFrom('users')
    .select((eb) => membershipsOf(eb).as('memberships'))
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return (row?.memberships ?? []) as Membership[];
}

/** Resolves the session cookie into `request.user`, enforcing the idle and absolute limits. */
export function registerSession(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100 || !request.url.startsWith('/v1/')) return;
    const { db, clock } = app.services;
    const now = clock.now();
    const tokenHash = hashToken(token);
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users', 'users.id', 's.userId')
      .select([
        's.tokenHash',
        's.schoolId',
        's.lastSeenAt',
        's.expiresAt',
        's.lockedAt',
        'users.id',
        'users.email',
        'users.username',
        'users.firstName',
        'users.lastName',
        'users.language',
        'users.isSuperAdmin',
        'users.mustChangePassword',
        'users.passwordHash',
      ])
      // One round trip per request: the memberships come along as JSON.
      .select((eb) => membershipsOf(eb).as('memberships'))
      .where('s.tokenHash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return;
    if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > IDLE_MS) {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
      return;
    }
    // Polls (the footer count, mood refreshes) do not count as activity, or a forgotten tab would never go idle;
    // nor does anything a locked session asks.
    const background = request.headers['x-high5-background'] === '1' || row.lockedAt !== null;
    if (!background && now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await db.updateTable('sessions').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
    }
    const memberships = row.memberships as Membership[];
    const school = memberships.find((m) => m.schoolId === row.schoolId) ?? memberships[0] ?? null;
    const user: SessionUser = {
      id: row.id,
      sessionHash: tokenHash,
      email: row.email,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      language: row.language as SessionUser['language'],
      isSuperAdmin: row.isSuperAdmin,
      mustChangePassword: row.mustChangePassword,
      hasPassword: row.passwordHash !== null,
      memberships,
      school,
      role: row.isSuperAdmin ? 'superAdmin' : (school?.role ?? null),
      isAdmin: !!school && school.isAdmin && school.status === 'active',
      locked: row.lockedAt !== null,
    };
    request.user = user;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    services: import('../services/index.js').Services;
  }
  interface FastifyContextConfig {
    endpointId?: string;
  }
}
