import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../lib/password.js';
import type { TestApp } from '../../test/build-test-app.js';
import { buildSchool, buildUser, type BuildUser } from '../../test/factories.js';

/** A strong password that is on no common list. */
export const NEW_PASSWORD = 'Violet-Harbor-42!';

export const signIn = (t: TestApp, login: string, password: string, cookie?: string) =>
  t.call('POST', '/v1/auth/sign-in', { body: { login, password }, ...(cookie ? { cookie } : {}) });

/** Forgets every rate-limit counter and password throttle, so a test starts with none. */
export async function resetLimits(app: FastifyInstance) {
  await app.services.rateLimits.reset();
  await app.services.db.deleteFrom('signinThrottles').execute();
  await app.services.db.updateTable('users').set({ failedSignins: 0, signinBlockedUntil: null }).execute();
}

/** A user created by an invitation or an admin reset: a temporary password and the challenge. */
export async function buildInvitedUser(app: FastifyInstance, values: BuildUser & { tempPassword: string; expiresAt: Date }) {
  const { tempPassword, expiresAt, ...rest } = values;
  const user = await buildUser(app, { ...rest, mustChangePassword: true });
  await app.services.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(tempPassword), tempPasswordExpiresAt: expiresAt, emailVerifiedAt: null })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** Sets a user's password (tests that need a particular one). */
export async function setUserPassword(app: FastifyInstance, userId: string, password: string) {
  await app.services.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute();
}

/** The dev outbox (the default mail transport in tests), newest first, after running due jobs. */
export async function outbox(app: FastifyInstance, to?: string, options: { since?: number } = {}) {
  // Work done after an answer (see http.ts) may still be committing: look again for a while.
  for (let tries = 0; ; tries++) {
    await app.services.jobs.runDue();
    let query = app.services.db.selectFrom('devOutbox').selectAll().orderBy('id', 'desc');
    if (to) query = query.where('recipient', '=', to);
    if (options.since !== undefined) query = query.where('id', '>', options.since);
    const rows = await query.execute();
    if (rows.length > 0 || !to || tries >= 40) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest message id in the dev outbox (to wait for a newer one). */
export async function lastOutboxId(app: FastifyInstance) {
  const row = await app.services.db.selectFrom('devOutbox').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}

/** The confirmation token of the newest link e-mailed to `to`. */
export async function confirmationToken(app: FastifyInstance, to: string, since?: number) {
  const [mail] = await outbox(app, to, since === undefined ? {} : { since });
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link for ${to}`);
  return token;
}

/** A port free right now on 127.0.0.1 (for servers that must know their URL before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Strings the server must refuse with 400 wherever text is expected. */
export const BAD_TEXT = ['', '   ', 'x'.repeat(10_000), 42, null, ['a'], { a: 1 }, true] as const;

/** A district rostered from Clever whose sync recorded Clever district `cleverDistrictId`, with one school. */
export async function buildCleverDistrict(app: FastifyInstance, cleverDistrictId: string) {
  const district = await app.services.db
    .insertInto('districts')
    .values({
      name: `Clever ${randomBytes(4).toString('hex')}`,
      kind: 'clever',
      paid: true,
      testMode: false,
      baseUrl: 'https://api.clever.com',
      sourceDistrictId: cleverDistrictId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const school = await buildSchool(app, { districtId: district.id });
  return { id: district.id, schoolId: school.id };
}

/** A person the district's Clever sync keeps under Clever user id `cleverUserId` (no e-mail, no password: a rostered child). */
export async function buildCleverPerson(app: FastifyInstance, district: { id: string; schoolId: string }, cleverUserId: string, values: BuildUser = {}) {
  const user = await buildUser(app, {
    schoolId: district.schoolId,
    role: 'student',
    email: null,
    username: `clever.${randomBytes(4).toString('hex')}`,
    ...values,
  });
  await app.services.db.updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute();
  await app.services.db.updateTable('schoolMemberships').set({ rostered: true }).where('userId', '=', user.id).execute();
  await app.services.db.insertInto('rosterPeople').values({ districtId: district.id, sourceId: cleverUserId, userId: user.id }).execute();
  return user;
}
