import { USERNAME_PATTERN, type SignUpSchema, type SetupSchema } from '@high5/contract';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../../db/database.js';
import { AppError, badRequest, conflict } from '../../../lib/errors.js';
import { addMembership, createAccount } from '../../../lib/accounts.js';
import { hashPassword } from '../../../lib/password.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { setSessionSchool } from '../account/queries.js';
import { codeHash, newLinkToken } from '../codes.js';
import { failThen } from '../http.js';
import { assertNewPassword } from '../password-policy.js';
import { cancelOpenCodes, insertCode, useCode } from '../password-reset/queries.js';
import { issuePasswordLink, PASSWORD_LINK_HOURS } from '../password-reset/service.js';
import { loadMe, signInAs, type AuthContext } from '../session/service.js';
import {
  countMemberships,
  findClassByCode,
  findDistrict,
  findDistrictByName,
  findEmailToken,
  findSchoolByName,
  findSchoolWithDistrict,
  findUserByLogin,
  insertDistrict,
  insertEnrolment,
  insertSchool,
  insertSignUpRequest,
  listDistricts,
  takeSignUpRequest,
  listSchools,
  markEmailVerified,
  pendingStaffSchools,
  approvers,
  claimSchool,
  schoolTitle,
} from './queries.js';

type SignUp = z.output<typeof SignUpSchema>;
/** A sign-up without its password (the hash travels instead). */
type SignUpDetails = SignUp extends infer T ? (T extends unknown ? Omit<T, 'password'> : never) : never;
type Setup = z.output<typeof SetupSchema>;

/** How long a confirmation link works. */
export const EMAIL_LINK_HOURS = 24;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const field = (path: string, code: Parameters<typeof badRequest>[0] = 'VALIDATION_FAILED') => badRequest(code, [{ path, code }]);

/** True when the e-mail's domain is on the district's whitelisting domains. */
export function isWhitelisted(email: string | null, domains: string[]) {
  const domain = email?.split('@')[1]?.toLowerCase();
  return !!domain && domains.some((d) => d.trim().toLowerCase().replace(/^@/, '') === domain);
}

export const districts = (db: Db) => listDistricts(db);

export async function districtSchools(db: Db, districtId: string) {
  if (!(await findDistrict(db, districtId))) throw new AppError(404, 'DISTRICT_UNKNOWN');
  return listSchools(db, districtId);
}

/** Queues the confirmation link for an e-mail address (a new link cancels the older ones). */
export async function sendConfirmationLink(db: Db, services: Services, user: { id: string; email: string; firstName: string; language: string }) {
  const now = services.clock.now();
  const token = newLinkToken();
  await cancelOpenCodes(db, user.id, 'email_verify', now);
  await insertCode(db, {
    userId: user.id,
    purpose: 'email_verify',
    codeHash: codeHash(services.secret, 'email_verify', '', token),
    expiresAt: new Date(now.getTime() + EMAIL_LINK_HOURS * 3_600_000),
    createdAt: now,
  });
  const link = `${services.config.publicUrl.replace(/\/$/, '')}/verify-email?token=${token}`;
  await services.mail.queue(db, user.email, user.language as 'en' | 'es', 'auth:mail.verifyEmail', { name: user.firstName, link });
}

/** The teacher's school: an existing one, or one created with its district in this transaction. */
async function teacherSchool(db: Db, body: Extract<SignUpDetails, { role: 'teacher' }>) {
  if (!!body.districtId === !!body.newDistrictName) throw field('body.districtId');
  if (!!body.schoolId === !!body.newSchoolName) throw field('body.schoolId');
  const district = body.districtId ? await findDistrict(db, body.districtId) : await findDistrictByName(db, body.newDistrictName!);
  if (body.districtId && !district) throw field('body.districtId', 'DISTRICT_UNKNOWN');
  if (body.schoolId) {
    const school = await findSchoolWithDistrict(db, body.schoolId);
    if (!school || !district || school.districtId !== district.id) throw field('body.schoolId', 'SCHOOL_UNKNOWN');
    return { district, schoolId: school.id, create: null, unapproved: false };
  }
  // A "new" school or district that already exists (same name, any case) is that one.
  const existing = district ? await findSchoolByName(db, district.id, body.newSchoolName!) : undefined;
  if (existing) return { district: district!, schoolId: existing.id, create: null, unapproved: !existing.approved };
  return { district, schoolId: null, create: { districtName: body.newDistrictName ?? null, schoolName: body.newSchoolName! }, unapproved: false };
}

/**
 * Tells whoever decides that a teacher waits for approval: the school's active admins,
 * or the super admins when it has none (a founder in a paid district). A fixed subject in each
 * reader's language; no name anyone typed, so the school's address carries no one's free text.
 */
export async function notifyApprovers(db: Db, services: Services, schoolId: string) {
  const [{ toSuperAdmins, people }, school] = await Promise.all([approvers(db, schoolId), schoolTitle(db, schoolId)]);
  const base = services.config.publicUrl.replace(/\/$/, '');
  const url = `${base}${toSuperAdmins ? '/make-admin' : '/admin-users'}`;
  for (const person of people) {
    await services.mail.queue(db, person.email!, person.language === 'es' ? 'es' : 'en', 'auth:mail.teacherWaiting', { schoolName: school.name, url });
  }
}

type Login = { email: string } | { username: string };
type Place = Awaited<ReturnType<typeof teacherSchool>>;
type SignUpFacts = { login: Login; place: Place | null; cls: { id: string; schoolId: string } | null };

export const SIGN_UP_JOB = 'auth.signUpRequested';

/** A code joins a class made by hand: a rostered class's students come from the SIS (docs/decisions/0600). */
async function joinableClass(db: Db, code: string) {
  const cls = await findClassByCode(db, code);
  if (!cls) throw field('body.classCode', 'CLASS_CODE_UNKNOWN');
  if (cls.sourceId !== null) throw field('body.classCode', 'CLASS_ROSTERED');
  return { id: cls.id, schoolId: cls.schoolId };
}

/** Checks a sign-up's school or class and login; throws the 400 the caller sees. */
async function checkSignUp(db: Db, body: SignUpDetails): Promise<SignUpFacts> {
  if (body.role === 'teacher') return { login: { email: body.email }, place: await teacherSchool(db, body), cls: null };
  const cls = await joinableClass(db, body.classCode);
  const value = body.emailOrUsername.toLowerCase();
  if (EMAIL.test(value)) return { login: { email: value }, place: null, cls };
  if (USERNAME_PATTERN.test(value)) return { login: { username: value }, place: null, cls };
  throw field('body.emailOrUsername');
}

/** Creates the account with its school membership (and enrolment); undefined when the login is taken. */
async function createSignUpAccount(
  db: Db,
  services: Services,
  body: SignUpDetails,
  facts: SignUpFacts,
  passwordHash: string,
  now: Date,
): Promise<string | undefined> {
  const { login, place, cls } = facts;
  const email = 'email' in login ? login.email : null;
  const userId = await createAccount(
    db,
    {
      email,
      username: 'username' in login ? login.username : null,
      password: { chosenHash: passwordHash },
      firstName: body.firstName,
      lastName: body.lastName,
      language: body.language,
      aeriesUsername: body.role === 'teacher' && place?.district?.paid && body.aeriesUsername ? body.aeriesUsername : null,
    },
    now,
  );
  if (!userId) return undefined;
  if (place) {
    let { schoolId, district } = place;
    let founder = false;
    if (place.create) {
      // A school founded in a district that already exists waits for the super admin before
      // anyone else can find it (docs/decisions/0157); a new district's first school does not.
      const existingDistrict = !!district;
      district ??= await insertDistrict(db, place.create.districtName!);
      schoolId = (await insertSchool(db, district.id, place.create.schoolName, !existingDistrict)).id;
      founder = true;
    }
    const whitelisted = isWhitelisted(email, district!.whitelistingDomains);
    // The founder of a new school runs it; joining an existing school waits for its admin
    // unless the e-mail's domain is whitelisted. A paid district vets founders as well.
    const status = founder ? (district!.paid && !whitelisted ? 'pending' : 'active') : whitelisted ? 'active' : 'pending';
    // A pending teacher's approvers hear once the address is confirmed (verifyEmail, docs/decisions/0607).
    await addMembership(db, { userId, schoolId: schoolId!, role: 'teacher', isAdmin: founder, status }, now);
  } else if (cls) {
    await addMembership(db, { userId, schoolId: cls.schoolId, role: 'student', isAdmin: false, status: 'active' }, now);
    await insertEnrolment(db, cls.id, userId, now);
  }
  return userId;
}

/**
 * Sign-up (docs/rules/shell.md#sign-up). An e-mail sign-up only checks its input, hashes the
 * password and queues the job that creates the account, so that a taken address answers
 * exactly like a new one, in the same time (the owner is told by e-mail instead). A taken
 * username answers CONFLICT (usernames are public); a new one is signed in at once.
 */
export async function signUp(ctx: AuthContext, body: SignUp) {
  const { db, services } = ctx;
  assertNewPassword(body.password, 'body.password');
  const { password, ...details } = body;
  const facts = await checkSignUp(db, details);
  const passwordHash = await hashPassword(password);

  if ('username' in facts.login) {
    const userId = await createSignUpAccount(db, services, details, facts, passwordHash, services.clock.now());
    if (!userId) throw conflict();
    return { status: 'signed_in' as const, me: await signInAs(ctx, userId) };
  }
  const id = await insertSignUpRequest(db, { details, passwordHash }, services.clock.now());
  await services.jobs.enqueue(db, SIGN_UP_JOB, { id });
  return { status: 'verify_email' as const };
}

/** The job of an e-mail sign-up: creates the account and e-mails its link, or tells the owner. */
export async function processSignUp(services: Services, requestId: string) {
  await inTransaction(services.db, async (db) => {
    const request = await takeSignUpRequest(db, requestId);
    if (!request) return;
    const { details, passwordHash } = request.payload as { details: SignUpDetails; passwordHash: string };
    const now = services.clock.now();
    let facts: SignUpFacts;
    try {
      facts = await checkSignUp(db, details);
    } catch (error) {
      if (error instanceof AppError) return; // the school or class went away meanwhile
      throw error;
    }
    if (!('email' in facts.login)) return;
    const email = facts.login.email;
    const userId = await createSignUpAccount(db, services, details, facts, passwordHash, now);
    if (userId) {
      await sendConfirmationLink(db, services, { id: userId, email, firstName: details.firstName, language: details.language });
      return;
    }
    const owner = await findUserByLogin(db, { email });
    if (!owner?.email) return;
    if (owner.unclaimed) {
      await offerClaim(db, services, { ...owner, email: owner.email }, facts.place?.schoolId ?? facts.cls?.schoolId ?? null, details.language);
      return;
    }
    if (owner.emailVerifiedAt) {
      const base = services.config.publicUrl.replace(/\/$/, '');
      await services.mail.queue(db, owner.email, owner.language as 'en' | 'es', 'auth:mail.signupExisting', {
        name: owner.firstName,
        signInUrl: `${base}/`,
        forgotUrl: `${base}/forgotpassword`,
      });
    } else {
      // Never confirmed: the owner gets a fresh link for the account that already exists.
      await sendConfirmationLink(db, services, { ...owner, email: owner.email });
    }
  });
}

/**
 * A sign-up with the address of an account a school made (rostered, or invited and never used):
 * the mailbox gets a one-time link to choose the password, which also confirms the address. The
 * password typed at sign-up is not kept: whoever typed it has not shown they own the address
 * (docs/decisions/0536). An account every school has deactivated is offered nothing.
 */
async function offerClaim(
  db: Db,
  services: Services,
  owner: { id: string; email: string; firstName: string },
  chosenSchoolId: string | null,
  language: 'en' | 'es',
) {
  const school = await claimSchool(db, owner.id, chosenSchoolId);
  if (!school) return;
  const { link } = await issuePasswordLink(db, services, owner.id);
  await services.mail.queue(db, owner.email, language, 'auth:mail.signupRostered', {
    name: owner.firstName,
    school: school.name,
    link,
    hours: PASSWORD_LINK_HOURS,
  });
}

/** Confirms an e-mail address with the link's token. An expired link sends a fresh one. */
export async function verifyEmail(ctx: AuthContext, token: string) {
  const now = ctx.services.clock.now();
  const row = await findEmailToken(ctx.db, codeHash(ctx.services.secret, 'email_verify', '', token));
  if (!row) throw field('body.token', 'CODE_INVALID');
  if (row.usedAt) {
    // A second click on a link that worked is fine; a replaced link is not.
    if (row.emailVerifiedAt) return {};
    throw field('body.token', 'CODE_INVALID');
  }
  if (row.expiresAt <= now) {
    const email = row.emailVerifiedAt ? null : row.email;
    return failThen(ctx.reply, field('body.token', 'CODE_EXPIRED'), async () => {
      if (email) await sendConfirmationLink(ctx.db, ctx.services, { id: row.userId, email, firstName: row.firstName, language: row.language });
    });
  }
  await useCode(ctx.db, row.id, now);
  await markEmailVerified(ctx.db, row.userId, now);
  // Only a confirmed address is worth an approver's time (docs/decisions/0607).
  for (const { schoolId } of await pendingStaffSchools(ctx.db, row.userId)) await notifyApprovers(ctx.db, ctx.services, schoolId);
  return {};
}

/** Initial setup of a signed-in user without a school (e.g. after Google sign-in). */
export async function setup(ctx: AuthContext, user: SessionUser, body: Setup) {
  const { db, services } = ctx;
  if (user.isSuperAdmin || (await countMemberships(db, user.id)) > 0) throw conflict();
  const now = services.clock.now();
  let schoolId: string;
  if (body.role === 'teacher') {
    const school = await findSchoolWithDistrict(db, body.schoolId);
    if (!school) throw field('body.schoolId', 'SCHOOL_UNKNOWN');
    schoolId = school.id;
    const status = isWhitelisted(user.email, school.whitelistingDomains) ? 'active' : 'pending';
    await addMembership(db, { userId: user.id, schoolId, role: 'teacher', isAdmin: false, status }, now);
    if (status === 'pending') await notifyApprovers(db, services, schoolId);
  } else {
    const cls = await joinableClass(db, body.classCode);
    schoolId = cls.schoolId;
    await addMembership(db, { userId: user.id, schoolId, role: 'student', isAdmin: false, status: 'active' }, now);
    await insertEnrolment(db, cls.id, user.id, now);
  }
  await setSessionSchool(db, user.sessionHash, schoolId);
  return loadMe(db, user.id, schoolId);
}
