import {
  type Language,
  LIMITS,
  monthRange,
  RECEIVED_RANGE_MAX_DAYS,
  type ReceivedQuerySchema,
  type ReceivedReport,
  type Role,
  Roles,
  toIsoDate,
} from '@high5/contract';
import { serverT } from '@high5/i18n';
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { schoolYears } from '../../../lib/school-years.js';
import { containsPattern } from '../../../lib/search.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { canReadHiddenReceived, canViewReceived, mayAskForReceived } from '../../../policies/user.js';
import type { Services } from '../../../services/index.js';
import { toCategoryOption } from '../categories/service.js';
import { receivedData, reportContext } from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

type ReceivedQuery = z.output<typeof ReceivedQuerySchema>;

/** Each role with its name in a language (lower case), ordered by that name: the table shows, searches and sorts roles by name. */
const roleNames = new Map<Language, { role: Role; name: string }[]>();
function rolesIn(language: Language) {
  let named = roleNames.get(language);
  if (!named) {
    const t = serverT(language);
    named = Roles.map((role) => ({ role, name: t(`common:roles.${role}`).toLocaleLowerCase(language) })).sort((a, b) => a.name.localeCompare(b.name, language));
    roleNames.set(language, named);
  }
  return named;
}

/** The received report of one user in the viewer's current school: category tiles and one page of the items (search, category, order). */
export async function receivedReport(db: Queryable, services: Services, user: SessionUser, query: ReceivedQuery): Promise<ReceivedReport> {
  if (query.direction === 'given') throw forbidden('GIVEN_CANNOT_BE_VIEWED');
  const school = currentSchool(user);
  const subjectId = query.userId ?? user.id;
  const isSelf = subjectId === user.id;
  const viewer = { id: user.id, isAdmin: user.isAdmin, role: school.role };
  if (!mayAskForReceived(viewer, subjectId)) throw forbidden();
  // One's own report needs nothing the session does not know (its school's settings come with it).
  let ctx = { timeZone: school.timeZone, high5Vibes: school.receivedVisible };
  if (!isSelf) {
    const subject = await reportContext(db, school.schoolId, subjectId, user.id);
    if (!canViewReceived(viewer, { id: subjectId, role: subject.subjectRole as Role | null, viewerIsParent: subject.viewerIsParent })) throw forbidden();
    if (!subject.subjectRole) throw notFound();
    ctx = subject;
  }
  if (!ctx.high5Vibes && !canReadHiddenReceived(viewer)) throw forbidden('RECEIVED_HIDDEN');

  const today = toIsoDate(services.clock.now(), ctx.timeZone);
  const calendar = await schoolYears(db, school.schoolId);
  // Default: this month, cut to this school year (a year may start mid-month).
  const month = monthRange(today);
  const current = calendar.containing(today);
  const range = query.range ?? { from: month.from < current.from ? current.from : month.from, to: month.to > current.to ? current.to : month.to };
  if (days(range.from, range.to) > RECEIVED_RANGE_MAX_DAYS) throw badRequest('VALIDATION_FAILED', [{ path: 'query.range', code: 'too_long' }]);
  // A range never silently runs into another school year (decision 0573).
  const year = calendar.yearOfRange(range);
  const filter = { schoolId: school.schoolId, receiverId: subjectId, kind: query.kind, from: range.from, to: range.to };
  const language = query.language ?? user.language;

  const roles = rolesIn(language);
  const text = query.q.toLocaleLowerCase(language);
  const page = {
    categoryId: query.categoryId ?? null,
    search: query.q ? { pattern: containsPattern(query.q), roles: roles.filter((r) => r.name.includes(text)).map((r) => r.role) } : null,
    language,
    sort: query.sort,
    dir: query.dir,
    roleOrder: roles.map((r) => r.role),
    limit: query.pageSize,
    offset: query.page * query.pageSize,
  };
  const { tiles, total, items: rows } = await receivedData(db, filter, page);
  if (!isSelf) {
    const entry = {
      actorId: user.id,
      schoolId: school.schoolId,
      action: 'recognition.received.read',
      targetType: 'user',
      targetId: subjectId,
      details: { kind: query.kind, from: range.from, to: range.to },
    } as const;
    await audit(services.db, entry, services.clock.now());
  }

  // One signed link per sender, not per item.
  const links = new Map<string, Promise<string>>();
  const linkFor = (key: string | null) => {
    if (!key) return Promise.resolve(null);
    if (!links.has(key)) links.set(key, services.storage.signedUrl(key, LIMITS.profilePhotoLinkSeconds));
    return links.get(key)!;
  };
  const items = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      fromUserId: r.giverId,
      fromName: r.name,
      fromRole: r.giverRole as Role,
      date: r.schoolDate,
      comment: r.comment,
      categoryIds: r.categoryIds,
      fromHandImageUrl: await linkFor(r.imageKey),
    })),
  );
  return {
    kind: query.kind,
    range,
    today,
    schoolYear: { from: year.from, to: year.to },
    categories: tiles.map((t) => ({ ...toCategoryOption(t, language), count: t.count })),
    items,
    total,
  };
}
