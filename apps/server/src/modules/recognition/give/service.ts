import type { GiveOptions, GiveResult, Language, RecognitionKind, Role } from '@high5/contract';
import { GiveSchema } from '@high5/contract';
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import { AppError, badRequest, forbidden } from '../../../lib/errors.js';
import type { Membership, SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { categoryName, listCategories } from '../categories/service.js';
import { canGiveTo, commentAllowed } from '../../../policies/recognition.js';
import { displayNameOf } from '../../../lib/display-name.js';
import { assertGiverStanding, resolveRecipient } from '../recipients/service.js';
import { attemptGive, givenToday, parentsOf, schoolSettings, secondsUntilSchoolTomorrow } from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

type GiveInput = z.output<typeof GiveSchema>;

/**
 * The recipient of a give, or the refusal: someone who is not an active member of the
 * giver's current school is "not part of High5" (VIBES_SUBMITTED_NOT_PART_OF_HIGH5, for
 * both kinds: the same for an unknown id and another school's member, so nothing leaks);
 * a member the role rules exclude is RECIPIENT_NOT_ALLOWED.
 */
async function recipientOrRefuse(db: Queryable, user: SessionUser, school: Membership, recipientId: string) {
  const result = await resolveRecipient(db, user, school, recipientId);
  if (!result.ok) {
    if (result.reason === 'not_member') throw new AppError(404, 'VIBES_SUBMITTED_NOT_PART_OF_HIGH5');
    throw forbidden('RECIPIENT_NOT_ALLOWED');
  }
  return result;
}

/** What the give dialog needs for one recipient, checked with the same rules as the give. */
export async function giveOptions(
  db: Queryable,
  services: Services,
  user: SessionUser,
  input: { kind: RecognitionKind; recipientId: string; language?: Language | undefined },
): Promise<GiveOptions> {
  const school = currentSchool(user);
  await assertGiverStanding(db, user, school);
  const { recipient } = await recipientOrRefuse(db, user, school, input.recipientId);
  const settings = await schoolSettings(db, school.schoolId);
  const categories = await listCategories(db, school.schoolId, input.kind, input.language ?? user.language);
  const given = await givenToday(db, { giverId: user.id, schoolId: school.schoolId, now: services.clock.now() });
  return {
    recipient,
    categories,
    commentAllowed: commentAllowed(school.role, recipient.role),
    dailyLimit: settings.dailyGiveLimit,
    remainingToday: Math.max(0, settings.dailyGiveLimit - given[input.kind]),
  };
}

/** How many of each kind the caller may still give today. */
export async function allowance(db: Queryable, services: Services, user: SessionUser) {
  const school = currentSchool(user);
  const settings = await schoolSettings(db, school.schoolId);
  const given = await givenToday(db, { giverId: user.id, schoolId: school.schoolId, now: services.clock.now() });
  return {
    dailyLimit: settings.dailyGiveLimit,
    high5Remaining: Math.max(0, settings.dailyGiveLimit - given.high5),
    vibeRemaining: Math.max(0, settings.dailyGiveLimit - given.vibe),
  };
}

/**
 * Gives a High 5 or a Vibe inside the request's transaction `tx`: one statement tries the
 * give (see `attemptGive`), then every rule is checked on what it read (the giver's standing,
 * the recipient, the role rules, the comment, the categories, the daily limit). A refusal
 * throws, and the transaction undoes whatever the statement wrote. The notification e-mail
 * is queued in the same transaction, so it leaves only if the give commits.
 */
export async function give(tx: Queryable, services: Services, user: SessionUser, input: GiveInput): Promise<GiveResult> {
  const school = currentSchool(user);
  const now = services.clock.now();
  const attempt = await attemptGive(tx, {
    giverId: user.id,
    giverRole: school.role,
    schoolId: school.schoolId,
    recipientId: input.recipientId,
    kind: input.kind,
    categoryIds: input.categoryIds,
    comment: input.comment,
    now,
  });
  if (!attempt || !attempt.giverHasStanding) throw forbidden();
  const member = attempt.recipient;
  if (!member) throw new AppError(404, 'VIBES_SUBMITTED_NOT_PART_OF_HIGH5');
  if (!canGiveTo({ id: user.id, role: school.role, status: school.status }, member)) throw forbidden('RECIPIENT_NOT_ALLOWED');
  if (input.comment !== '' && !commentAllowed(school.role, member.role)) throw badRequest('COMMENT_NOT_ALLOWED');
  if (attempt.categories.length !== new Set(input.categoryIds).size) throw badRequest('CATEGORY_NOT_ALLOWED');
  if (attempt.id === null || attempt.given === null) {
    // The limit renews at the school's midnight: that is when to come back (Retry-After).
    const retryAfterSeconds = await secondsUntilSchoolTomorrow(tx, school.schoolId, now);
    throw new AppError(429, 'DAILY_LIMIT_REACHED', undefined, { dailyLimit: attempt.dailyGiveLimit, remainingToday: 0, retryAfterSeconds });
  }

  if (attempt.high5NotifyEmail && member.id !== user.id) {
    await queueReceivedMail(tx, services, {
      kind: input.kind,
      giverName: displayNameOf(user),
      schoolName: attempt.schoolName,
      recipient: {
        id: member.id,
        role: member.role,
        firstName: member.firstName,
        name: displayNameOf(member),
        email: member.email,
        language: member.language as Language,
      },
      categories: attempt.categories,
    });
  }
  return { id: attempt.id, dailyLimit: attempt.dailyGiveLimit, remainingToday: Math.max(0, attempt.dailyGiveLimit - attempt.given) };
}

/**
 * The "you received" e-mail (docs/decisions/0073): an adult gets it at their own address;
 * for a student it goes to their linked parents, each in their own language.
 */
async function queueReceivedMail(
  tx: Queryable,
  services: Services,
  m: {
    kind: RecognitionKind;
    giverName: string;
    schoolName: string;
    recipient: { id: string; role: Role; firstName: string; name: string; email: string | null; language: Language };
    categories: { nameEn: string; nameEs: string }[];
  },
) {
  const names = (language: Language) => m.categories.map((c) => categoryName(c, language)).join(', ');
  if (m.recipient.role === 'student') {
    for (const parent of await parentsOf(tx, m.recipient.id)) {
      const language = parent.language as Language;
      await services.mail.queue(tx, parent.email!, language, `recognition:mail.${m.kind}ReceivedByChild`, {
        name: parent.firstName,
        child: m.recipient.name,
        giver: m.giverName,
        categories: names(language),
        school: m.schoolName,
      });
    }
    return;
  }
  if (!m.recipient.email) return;
  await services.mail.queue(tx, m.recipient.email, m.recipient.language, `recognition:mail.${m.kind}Received`, {
    name: m.recipient.firstName || m.recipient.name,
    giver: m.giverName,
    categories: names(m.recipient.language),
    school: m.schoolName,
  });
}
