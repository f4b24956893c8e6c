import { randomBytes } from 'node:crypto';
import type { Role } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/password.js';
import { hashToken } from '../plugins/session.js';

/** The password every factory-made user has. */
export const TEST_PASSWORD = 'Test-pass1!';
let passwordHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export async function buildDistrict(app: FastifyInstance, values: { name?: string; paid?: boolean; whitelistingDomains?: string[] } = {}) {
  return app.services.db
    .insertInto('districts')
    .values({ name: values.name ?? `District ${unique()}`, paid: values.paid ?? false, whitelistingDomains: values.whitelistingDomains ?? [] })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildSchool(
  app: FastifyInstance,
  values: { name?: string; districtId?: string; timeZone?: string; dailyGiveLimit?: number; paid?: boolean } = {},
) {
  const districtId = values.districtId ?? (await buildDistrict(app, { paid: values.paid ?? false })).id;
  return app.services.db
    .insertInto('schools')
    .values({
      name: values.name ?? `School ${unique()}`,
      districtId,
      timeZone: values.timeZone ?? 'America/Los_Angeles',
      ...(values.dailyGiveLimit ? { dailyGiveLimit: values.dailyGiveLimit } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface BuildUser {
  role?: Role;
  schoolId?: string;
  isAdmin?: boolean;
  isSuperAdmin?: boolean;
  email?: string | null;
  username?: string | null;
  firstName?: string;
  lastName?: string;
  grade?: number;
  language?: 'en' | 'es';
  status?: 'active' | 'pending';
  mustChangePassword?: boolean;
}

/** A user with the test password, a member of `schoolId` with `role` (unless super admin). */
export async function buildUser(app: FastifyInstance, values: BuildUser = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const id = unique();
  const user = await app.services.db
    .insertInto('users')
    .values({
      email: values.email === undefined ? `user-${id}@example.test` : values.email,
      username: values.username ?? null,
      passwordHash: await passwordHash,
      firstName: values.firstName ?? 'Test',
      lastName: values.lastName ?? `User ${id}`,
      language: values.language ?? 'en',
      isSuperAdmin: values.isSuperAdmin ?? false,
      emailVerifiedAt: new Date(),
      mustChangePassword: values.mustChangePassword ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!values.isSuperAdmin) {
    const schoolId = values.schoolId ?? (await buildSchool(app)).id;
    const role = values.role ?? 'teacher';
    await app.services.db
      .insertInto('schoolMemberships')
      .values({
        userId: user.id,
        schoolId,
        role,
        isAdmin: values.isAdmin ?? false,
        status: values.status ?? 'active',
        grade: role === 'student' ? (values.grade ?? 5) : null,
      })
      .execute();
  }
  return user;
}

/** A session cookie for `userId`, as if they had signed in (optionally in `schoolId`). */
export async function sessionFor(app: FastifyInstance, userId: string, schoolId: string | null = null) {
  const token = randomBytes(32).toString('base64url');
  const now = app.services.clock.now();
  await app.services.db
    .insertInto('sessions')
    .values({ tokenHash: hashToken(token), userId, schoolId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 12 * 3_600_000) })
    .execute();
  return `high5_session=${token}`;
}

export async function buildClass(app: FastifyInstance, values: { schoolId: string; ownerId: string; name?: string; studentIds?: string[] }) {
  const cls = await app.services.db
    .insertInto('classes')
    .values({
      schoolId: values.schoolId,
      ownerId: values.ownerId,
      name: values.name ?? `Class ${unique()}`,
      joiningCode: randomBytes(4).toString('hex').toUpperCase(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await app.services.db.insertInto('classTeachers').values({ classId: cls.id, teacherId: values.ownerId }).execute();
  for (const studentId of values.studentIds ?? []) {
    await app.services.db.insertInto('enrolments').values({ classId: cls.id, studentId }).execute();
  }
  return cls;
}

/**
 * Links a parent to a student. By default a link the school knows (as an admin's confirmation
 * leaves it, docs/decisions/0540); `{ confirmed: false }` for one a student made by inviting.
 */
export async function linkParent(app: FastifyInstance, parentId: string, studentId: string, options: { confirmed?: boolean } = {}) {
  const confirmedAt = options.confirmed === false ? null : new Date();
  await app.services.db.insertInto('parentLinks').values({ parentId, studentId, confirmedAt }).execute();
}
