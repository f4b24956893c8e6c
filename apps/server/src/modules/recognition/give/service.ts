import type { GiveOptions, GiveResult, Language, RecognitionKind, Role } from '@high5/contract';
import { GiveSchema } from '@high5/contract';
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import { schoolDate } from '../../../lib/dates.js';
import { AppError, badRequest, forbidden } from '../../../lib/errors.js';
import type { Membership, SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { categoryName, checkCategories, listCategories } from '../categories/service.js';
import { assertGiverStanding, commentAllowed, currentMembership, displayName, resolveRecipient } from '../recipients/service.js';
import { countGivenOn, countsGivenOn, insertRecognition, lockGiverMembership, parentsOf, schoolSettings } from './queries.js';

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

/** The school's today in its own time zone. */
const todayIn = (services: Services, timeZone: string) => schoolDate(services.clock.now(), timeZone);

/** What the give dialog needs for one recipient, checked with the same rules as the give. */
export async function giveOptions(db: Queryable, services: Services, user: SessionUser, input: { kind: RecognitionKind; recipientId: string; language?: Language | undefined }): Promise<GiveOptions> {
  const school = currentMembership(user);
  await assertGiverStanding(db, user, school);
  const { recipient } = await recipientOrRefuse(db, user, school, input.recipientId);
  const settings = await schoolSettings(db, school.schoolId);
  const categories = await listCategories(db, school.schoolId, input.kind, input.language ?? user.language);
  const used = await countGivenOn(db, { giverId: user.id, schoolId: school.schoolId, kind: input.kind, date: todayIn(services, settings.timeZone) });
  return {
    recipient,
    categories,
    commentAllowed: commentAllowed(school.role, recipient.role),
    dailyLimit: settings.dailyGiveLimit,
    remainingToday: Math.max(0, settings.dailyGiveLimit - used),
  };
}

/** How many of each kind the caller may still give today. */
export async function allowance(db: Queryable, services: Services, user: SessionUser) {
  const school = currentMembership(user);
  const settings = await schoolSettings(db, school.schoolId);
  const used = await countsGivenOn(db, { giverId: user.id, schoolId: school.schoolId, date: todayIn(services, settings.timeZone) });
  return {
    dailyLimit: settings.dailyGiveLimit,
    high5Remaining: Math.max(0, settings.dailyGiveLimit - used.high5),
    vibeRemaining: Math.max(0, settings.dailyGiveLimit - used.vibe),
  };
}

/**
 * Gives a High 5 or a Vibe inside the request's transaction `tx`. Every rule is checked
 * here (recipient, role rules, categories, comment, the daily limit); the giver's
 * membership row is locked before counting so concurrent gives cannot pass the limit,
 * and the notification e-mail is queued in the same transaction (sent only if it commits).
 */
export async function give(tx: Queryable, services: Services, user: SessionUser, input: GiveInput): Promise<GiveResult> {
  const school = currentMembership(user);
  await assertGiverStanding(tx, user, school);
  const { member, recipient } = await recipientOrRefuse(tx, user, school, input.recipientId);
  const comment = input.comment;
  if (comment !== '' && !commentAllowed(school.role, recipient.role)) throw badRequest('COMMENT_NOT_ALLOWED');
  const categories = await checkCategories(tx, school.schoolId, input.kind, input.categoryIds);
  if (!categories) throw badRequest('CATEGORY_NOT_ALLOWED');
  const settings = await schoolSettings(tx, school.schoolId);

  if (!(await lockGiverMembership(tx, user.id, school.schoolId))) throw forbidden();
  const now = services.clock.now();
  const today = schoolDate(now, settings.timeZone);
  const used = await countGivenOn(tx, { giverId: user.id, schoolId: school.schoolId, kind: input.kind, date: today });
  if (used >= settings.dailyGiveLimit) {
    throw new AppError(429, 'DAILY_LIMIT_REACHED', undefined, { dailyLimit: settings.dailyGiveLimit, remainingToday: 0 });
  }
  const id = await insertRecognition(tx, {
    kind: input.kind,
    schoolId: school.schoolId,
    giverId: user.id,
    giverRole: school.role,
    receiverId: recipient.id,
    receiverRole: recipient.role,
    comment,
    givenAt: now,
    schoolDate: today,
    categoryIds: categories.map((c) => c.id),
  });

  if (settings.high5NotifyEmail && recipient.id !== user.id) {
    await queueReceivedMail(tx, services, {
      kind: input.kind,
      giverName: displayName(user),
      schoolName: settings.name,
      recipient: { id: recipient.id, role: recipient.role, firstName: member.firstName, name: recipient.name, email: member.email, language: member.language as Language },
      categories,
    });
  }
  return { id, dailyLimit: settings.dailyGiveLimit, remainingToday: settings.dailyGiveLimit - used - 1 };
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
