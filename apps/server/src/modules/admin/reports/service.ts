import {
  DEFAULT_REPORT_DAYS,
  USER_REPORT_ITEMS_MAX,
  type ClassOption,
  type MoodReportPage,
  type MoodReportSettings,
  type ReportPage,
  type Role,
  type StudentFilter,
  type UserKindReport,
  type UserReport,
} from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { classReportScope } from '../../../policies/class.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { audit } from '../../../lib/audit.js';
import { checkFlagFilter } from '../../../lib/student-filter.js';
import { schoolYears } from '../../../lib/school-years.js';
import { schoolToday } from '../../../lib/school-today.js';
import {
  classesOf,
  classInSchool,
  findMember,
  findMoodReportSettings,
  moodReport,
  receivedCategoryCounts,
  receivedItems,
  recognitionReport,
  saveMoodReportSettings,
  schoolCategories,
  type BatchScope,
  type MoodReportOptions,
  type ReportScope,
} from './queries.js';

interface Range {
  from: string;
  to: string;
}

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/** Search, order and student filter of a report, as the contract validated them (its CSV file's query). */
export interface ListQuery extends StudentFilter {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
}

/** A report's query with its page. */
export interface PageQuery extends ListQuery {
  page: number;
  pageSize: number;
}

/**
 * A report ends today at the latest, in the school's zone (decision 0582): a To after it is refused
 * as the form refuses it, not run over days that have not happened.
 */
export async function assertNotFuture(db: Db, services: Services, schoolId: string, range: Range) {
  if (range.to > (await schoolToday(db, services, schoolId))) throw badRequest('VALIDATION_FAILED', [{ path: 'query.range', code: 'range_in_future' }]);
}

/** What a report's rows are, for its page and for its CSV file: the rows of `role` in `range`, narrowed and ordered by `query`. */
function batchScope(schoolId: string, role: Role, range: Range, classIds: string[] | null, query: ListQuery): BatchScope {
  return {
    schoolId,
    role,
    from: range.from,
    to: range.to,
    classIds,
    students: { flags: query.flags, grade: query.grade },
    search: query.q,
    sort: query.sort,
    dir: query.dir,
  };
}

const paged = (scope: BatchScope, paging: { page: number; pageSize: number }): ReportScope => ({
  ...scope,
  offset: paging.page * paging.pageSize,
  limit: paging.pageSize,
});

/** A report's range lies in one of the school's years, never silently across two (decision 0573). */
export async function assertOneYear(db: Db, schoolId: string, range: Range) {
  (await schoolYears(db, schoolId)).yearOfRange(range);
}

/** A page that lists nobody (a teacher without classes). */
const emptyPage = (paging: PageQuery) => ({ rows: [], total: 0, page: paging.page, pageSize: paging.pageSize });

/** How many rows match in all: on every row of a page; a page past the end asks again for the count. */
async function totalOf(rows: { total: number }[], scope: ReportScope, again: (scope: ReportScope) => Promise<{ total: number }[]>) {
  if (rows.length > 0) return rows[0]!.total;
  if (scope.offset === 0) return 0;
  const first = await again({ ...scope, offset: 0, limit: 1 });
  return first[0]?.total ?? 0;
}

/**
 * The student filters of a report: students only; flags for admins only, each use audited
 * (docs/decisions/0601). `admin` is false for a teacher's class report.
 */
export async function studentFilter(db: Db, services: Services, actor: Actor, admin: boolean, role: Role, report: string, filter: StudentFilter) {
  if (role !== 'student' && (filter.flags.length > 0 || filter.grade !== undefined))
    throw badRequest('VALIDATION_FAILED', [{ path: 'query.flags', code: 'students_only' }]);
  await checkFlagFilter(db, { actorId: actor.id, schoolId: actor.schoolId, admin, now: services.clock.now() }, report, filter);
}

/** The class filter of a report: students only, and the class must belong to the school. */
export async function classFilter(db: Db, schoolId: string, role: Role, classId: string | undefined): Promise<string[] | null> {
  if (!classId) return null;
  if (role !== 'student') throw badRequest('VALIDATION_FAILED', [{ path: 'query.classId', code: 'students_only' }]);
  if (!(await classInSchool(db, schoolId, classId))) throw notFound();
  return [classId];
}

async function recognitionPage(db: Db, scope: ReportScope): Promise<ReportPage> {
  const shown = await recognitionReport(db, scope);
  return {
    rows: shown.map((r) => ({
      userId: r.userId,
      name: fullName(r),
      email: r.email,
      username: r.username,
      high5Given: r.high5Given,
      high5Received: r.high5Received,
      vibeGiven: r.vibeGiven,
      vibeReceived: r.vibeReceived,
    })),
    total: await totalOf(shown, scope, (s) => recognitionReport(db, s)),
    page: scope.offset / scope.limit,
    pageSize: scope.limit,
  };
}

/** Children's (and colleagues') moods: every read of a mood report, page or file, is on record with what it asked for. */
export async function auditMoodRead(
  db: Db,
  services: Services,
  actor: Actor,
  scope: BatchScope,
  source: string,
  options: MoodReportOptions,
  page?: { offset: number; rows: number },
) {
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'report.mood.read',
      targetType: 'school',
      targetId: actor.schoolId,
      details: {
        source,
        role: scope.role,
        from: scope.from,
        to: scope.to,
        classIds: scope.classIds,
        filters: options.filters,
        minimumLow: options.minimumLow,
        search: scope.search,
        sort: `${scope.sort} ${scope.dir}`,
        ...page,
      },
    },
    services.clock.now(),
  );
}

async function moodPage(db: Db, services: Services, actor: Actor, scope: ReportScope, options: MoodReportOptions, source: string): Promise<MoodReportPage> {
  const shown = await moodReport(db, scope, options);
  await auditMoodRead(db, services, actor, scope, source, options, { offset: scope.offset, rows: shown.length });
  return {
    rows: shown.map((r) => ({
      userId: r.userId,
      name: fullName(r),
      email: r.email,
      username: r.username,
      highEnjoyment: r.highEnjoyment,
      lowEnjoyment: r.lowEnjoyment,
      talkToday: r.talkToday,
      talkNotToday: r.talkNotToday,
    })),
    total: await totalOf(shown, scope, (s) => moodReport(db, s, options)),
    page: scope.offset / scope.limit,
    pageSize: scope.limit,
  };
}

export type GroupQuery = ListQuery & { role: Role; range: Range; classId?: string | undefined };

/** The rows of the group report, checked: one school year, not in the future, a class of the school, flag filters audited. */
export async function groupReportScope(db: Db, services: Services, actor: Actor, query: GroupQuery) {
  const { schoolId } = actor;
  await assertNotFuture(db, services, schoolId, query.range);
  await assertOneYear(db, schoolId, query.range);
  const classIds = await classFilter(db, schoolId, query.role, query.classId);
  await studentFilter(db, services, actor, true, query.role, 'groupReport', query);
  return batchScope(schoolId, query.role, query.range, classIds, query);
}

/** The admin's group report (2.7) and the super admin report (2.8). */
export async function groupReport(db: Db, services: Services, actor: Actor, query: GroupQuery & PageQuery) {
  return recognitionPage(db, paged(await groupReportScope(db, services, actor, query), query));
}

export type MoodQuery = ListQuery & { role: Role; range: Range; classId?: string | undefined; minLow: number; filters: string[] };

/** The rows of the admin's mood meter report, checked as the group report's. */
export async function moodReportScope(db: Db, services: Services, actor: Actor, query: MoodQuery) {
  await assertOneYear(db, actor.schoolId, query.range);
  await assertNotFuture(db, services, actor.schoolId, query.range);
  const classIds = await classFilter(db, actor.schoolId, query.role, query.classId);
  await studentFilter(db, services, actor, true, query.role, 'moodReport', query);
  return batchScope(actor.schoolId, query.role, query.range, classIds, query);
}

/** The admin's mood meter report (2.9); the read is audited. */
export async function adminMoodReport(db: Db, services: Services, actor: Actor, query: MoodQuery & PageQuery) {
  const scope = paged(await moodReportScope(db, services, actor, query), query);
  return moodPage(db, services, actor, scope, { filters: query.filters, minimumLow: query.minLow }, 'admin');
}

function kindReport(
  categories: Awaited<ReturnType<typeof schoolCategories>>,
  counts: Map<string, number>,
  items: Awaited<ReturnType<typeof receivedItems>>,
): UserKindReport {
  return {
    categories: categories
      .filter((c) => c.enabled || (counts.get(c.id) ?? 0) > 0)
      .map((c) => ({ id: c.id, nameEn: c.nameEn, nameEs: c.nameEs, enabled: c.enabled, count: counts.get(c.id) ?? 0 })),
    items: items
      .slice(0, USER_REPORT_ITEMS_MAX)
      .map((i) => ({ id: i.id, fromName: fullName(i), fromRole: i.giverRole as Role, date: i.schoolDate, comment: i.comment, categoryIds: i.categoryIds })),
    truncated: items.length > USER_REPORT_ITEMS_MAX,
  };
}

/** The Reports dialog: what one member of the school received, by category and item. A student's is audited. */
export async function userReport(db: Db, services: Services, actor: Actor, userId: string, range: Range): Promise<UserReport> {
  await assertOneYear(db, actor.schoolId, range);
  const member = await findMember(db, actor.schoolId, userId);
  if (!member) throw notFound();
  await assertNotFuture(db, services, actor.schoolId, range);
  const load = async (kind: 'high5' | 'vibe') => {
    const [categories, counts, items] = await Promise.all([
      schoolCategories(db, actor.schoolId, kind),
      receivedCategoryCounts(db, actor.schoolId, userId, kind, range.from, range.to),
      receivedItems(db, actor.schoolId, userId, kind, range.from, range.to, USER_REPORT_ITEMS_MAX + 1),
    ]);
    return kindReport(categories, counts, items);
  };
  const [high5, vibe] = await Promise.all([load('high5'), load('vibe')]);
  if (member.role === 'student') {
    await audit(
      db,
      {
        actorId: actor.id,
        schoolId: actor.schoolId,
        action: 'report.user.read',
        targetType: 'user',
        targetId: userId,
        details: { from: range.from, to: range.to },
      },
      services.clock.now(),
    );
  }
  return { user: { id: member.id, name: fullName(member), email: member.email, username: member.username, role: member.role as Role }, high5, vibe };
}

/**
 * Classes with the first day of the school year each belongs to: a closed year's class its year's,
 * every other class this year's (docs/decisions/0608), so a report and its picker keep to one year.
 */
async function classesWithYear(db: Db, services: Services, schoolId: string, teacherId: string | null) {
  const classes = await classesOf(db, schoolId, teacherId);
  const calendar = await schoolYears(db, schoolId);
  const thisYear = calendar.containing(await schoolToday(db, services, schoolId)).from;
  return { calendar, classes: classes.map((c) => ({ ...c, yearStart: c.closedYearStart ?? thisYear })) };
}

const presentClass = (c: { id: string; name: string; firstName: string; lastName: string; yearStart: string }): ClassOption => ({
  id: c.id,
  name: c.name,
  teacherName: fullName(c),
  yearStart: c.yearStart,
});

export async function schoolClasses(db: Db, services: Services, schoolId: string) {
  return (await classesWithYear(db, services, schoolId, null)).classes.map(presentClass);
}

// --- Class reports: a teacher sees only the classes they teach; an admin every class of the school.

/** Who may use the class reports, and which classes they see: null when every class of the school. */
export function classReportViewer(user: SessionUser): { actor: Actor; teacherId: string | null } {
  const scope = classReportScope(user);
  if (!scope || !user.school) throw forbidden();
  return { actor: { id: user.id, schoolId: user.school.schoolId, superAdmin: false }, teacherId: scope === 'school' ? null : user.id };
}

export async function visibleClasses(db: Db, services: Services, user: SessionUser) {
  const { actor, teacherId } = classReportViewer(user);
  return (await classesWithYear(db, services, actor.schoolId, teacherId)).classes.map(presentClass);
}

/**
 * The classes a class report covers: the one asked for (which the viewer must see) or all they see,
 * of the range's school year only: a closed year's class is reported inside its year, this year's
 * classes inside this one, so nobody reads a year's figures through another year's class
 * (docs/decisions/0608). A class of another year than the range's: 400 RANGE_CROSSES_SCHOOL_YEAR.
 */
async function reportClassIds(db: Db, services: Services, user: SessionUser, classId: string | undefined, range: Range) {
  const viewer = classReportViewer(user);
  const { schoolId } = viewer.actor;
  const { calendar, classes } = await classesWithYear(db, services, schoolId, viewer.teacherId);
  if (classId && !classes.some((c) => c.id === classId)) throw notFound();
  const year = calendar.yearOfRange(range).from;
  const inYear = classes.filter((c) => c.yearStart === year);
  if (classId && !inYear.some((c) => c.id === classId))
    throw badRequest('RANGE_CROSSES_SCHOOL_YEAR', [{ path: 'query.range', code: 'RANGE_CROSSES_SCHOOL_YEAR' }]);
  return { ...viewer, classIds: classId ? [classId] : inYear.map((c) => c.id) };
}

export type ClassQuery = ListQuery & { classId?: string | undefined; range: Range };

/**
 * The rows of a class report, checked: the class the viewer sees in the range's year, not in the
 * future, flag filters for admins only (audited). `scope` is null when the viewer has no class.
 */
export async function classReportRows(db: Db, services: Services, user: SessionUser, query: ClassQuery, report: 'classReport' | 'classMoodReport') {
  const { actor, classIds, teacherId } = await reportClassIds(db, services, user, query.classId, query.range);
  await assertNotFuture(db, services, actor.schoolId, query.range);
  await studentFilter(db, services, actor, teacherId === null, 'student', report, query);
  return { actor, teacherId, scope: classIds.length ? batchScope(actor.schoolId, 'student', query.range, classIds, query) : null };
}

export async function classRecognitionReport(db: Db, services: Services, user: SessionUser, query: ClassQuery & PageQuery): Promise<ReportPage> {
  const { scope } = await classReportRows(db, services, user, query, 'classReport');
  return scope ? recognitionPage(db, paged(scope, query)) : emptyPage(query);
}

/** Who read a class's moods, as the audit records it. */
export const classMoodSource = (teacherId: string | null) => (teacherId ? 'teacher' : 'admin-class');

export async function classMoodReport(db: Db, services: Services, user: SessionUser, query: ClassQuery & PageQuery): Promise<MoodReportPage> {
  const { actor, teacherId, scope } = await classReportRows(db, services, user, query, 'classMoodReport');
  if (!scope) return emptyPage(query);
  return moodPage(db, services, actor, paged(scope, query), { filters: [], minimumLow: -1 }, classMoodSource(teacherId));
}

// --- Saved mood meter report settings, per school.

export async function getMoodReportSettings(db: Db, schoolId: string): Promise<MoodReportSettings> {
  const row = await findMoodReportSettings(db, schoolId);
  return row
    ? { rangeDays: row.rangeDays, minimumLowEnjoyment: row.minimumLowEnjoyment, filters: row.filters as MoodReportSettings['filters'] }
    : { rangeDays: DEFAULT_REPORT_DAYS, minimumLowEnjoyment: -1, filters: [] };
}

export async function putMoodReportSettings(db: Db, services: Services, actor: Actor, settings: MoodReportSettings) {
  const minimumLowEnjoyment = settings.minimumLowEnjoyment > 0 ? settings.minimumLowEnjoyment : -1;
  const filters = [...new Set(settings.filters)];
  await saveMoodReportSettings(db, actor.schoolId, { rangeDays: settings.rangeDays, minimumLowEnjoyment, filters });
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'moodReport.settings',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { ...settings, minimumLowEnjoyment, filters },
    },
    services.clock.now(),
  );
  return getMoodReportSettings(db, actor.schoolId);
}
