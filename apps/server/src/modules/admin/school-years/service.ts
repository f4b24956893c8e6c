import {
  addDays,
  daysBetween,
  firstClosingYearStart,
  ROLLOVER_START_MAX_DAYS,
  schoolYearAmong,
  toIsoDate,
  type GradeMode,
  type RolloverInput,
  type RolloverPlan,
  type SchoolYearAdmin,
  type SchoolYears,
} from '@high5/contract';
import type { Db, Queryable } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { currentSchool } from '../../../lib/current-school.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { schoolYears } from '../../../lib/school-years.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import * as q from './queries.js';

/** A closing year lasts at least this long: a second rollover days after the first is a mistake (undo it instead). */
const MIN_YEAR_DAYS = 183;

type MembershipChange = { userId: string; grade: [number | null, number | null]; status: ['active', 'active' | 'inactive'] };
interface Changes {
  memberships: MembershipChange[];
  classIds: string[];
}

/** The school's grade rule: as set, else 'roster' for a rostered school and 'promote' for the others. */
export function gradeModeOf(school: { gradeRollover: string | null; sourceId: string | null }): GradeMode {
  return (school.gradeRollover as GradeMode | null) ?? (school.sourceId ? 'roster' : 'promote');
}

const todayOf = (services: Services, timeZone: string) => toIsoDate(services.clock.now(), timeZone);

/** The caller's school's years for a year picker (any member). */
export async function yearsForPicker(db: Queryable, services: Services, user: SessionUser): Promise<SchoolYears> {
  const school = currentSchool(user);
  const today = todayOf(services, school.timeZone);
  const calendar = await schoolYears(db, school.schoolId);
  return { today, current: calendar.containing(today), years: calendar.list(today) };
}

/** The rollover screen's state. */
export async function adminState(db: Queryable, services: Services, actor: Actor): Promise<SchoolYearAdmin> {
  const school = await q.schoolRow(db, actor.schoolId);
  const today = todayOf(services, school.timeZone);
  const [calendar, last, suggested, openClass] = await Promise.all([
    schoolYears(db, actor.schoolId),
    q.lastRollover(db, actor.schoolId),
    q.highestGrade(db, actor.schoolId),
    q.hasOpenClass(db, actor.schoolId),
  ]);
  return {
    today,
    current: calendar.containing(today),
    years: calendar.list(today),
    rostered: school.sourceId !== null,
    gradeMode: gradeModeOf(school),
    finalGrade: school.finalGrade,
    suggestedFinalGrade: suggested,
    lastRollover: last
      ? {
          id: last.id,
          origin: last.origin as 'admin' | 'roster',
          appliedAt: last.appliedAt.toISOString(),
          startsOn: last.startsOn,
          undoneAt: last.undoneAt?.toISOString() ?? null,
          undoable: !last.undoneAt && !openClass,
        }
      : null,
  };
}

/**
 * Every change a rollover starting on `input.startsOn` would make, worked out from the database
 * as it is: the preview shows it, the rollover applies exactly it (the same function, decision 0571).
 */
async function plan(db: Queryable, schoolId: string, input: RolloverInput) {
  const calendar = await schoolYears(db, schoolId);
  const current = calendar.recorded.find((r) => r.endsOn === null);
  const closingFrom = current?.startsOn ?? firstClosingYearStart(input.startsOn);
  if (daysBetween(closingFrom, input.startsOn) < MIN_YEAR_DAYS) throw badRequest('SCHOOL_YEAR_START_INVALID');
  const closed = calendar.recorded.filter((r) => r.endsOn !== null && r.startsOn < closingFrom);
  const after = [...closed, { startsOn: closingFrom, endsOn: addDays(input.startsOn, -1) }, { startsOn: input.startsOn, endsOn: null }];

  const [classes, teachers, students] = await Promise.all([q.openClasses(db, schoolId), q.teachersOfOpenClasses(db, schoolId), q.activeStudents(db, schoolId)]);
  const promoted: RolloverPlan['promoted'] = [];
  const graduating: RolloverPlan['graduating'] = [];
  let unchangedCount = 0;
  for (const s of students) {
    if (input.gradeMode !== 'promote' || s.grade === null || input.finalGrade === null) unchangedCount++;
    else if (s.grade >= input.finalGrade) graduating.push({ userId: s.userId, name: s.name, grade: s.grade });
    else promoted.push({ userId: s.userId, name: s.name, from: s.grade, to: s.grade + 1 });
  }
  const result: RolloverPlan = {
    closing: schoolYearAmong(after, closingFrom),
    opening: schoolYearAmong(after, input.startsOn),
    gradeMode: input.gradeMode,
    finalGrade: input.finalGrade,
    classes: classes.map((c) => ({ id: c.id, name: c.name, ownerName: c.ownerName, studentCount: c.studentCount ?? 0 })),
    promoted,
    graduating,
    unchangedCount,
    teachers,
  };
  return { plan: result, current };
}

/** The admin's start day must be near today (either way). */
function assertNearToday(startsOn: string, today: string) {
  if (Math.abs(daysBetween(today, startsOn)) > ROLLOVER_START_MAX_DAYS) throw badRequest('SCHOOL_YEAR_START_INVALID');
}

export async function previewRollover(db: Queryable, services: Services, actor: Actor, input: RolloverInput): Promise<RolloverPlan> {
  const school = await q.schoolRow(db, actor.schoolId);
  assertNearToday(input.startsOn, todayOf(services, school.timeZone));
  return (await plan(db, actor.schoolId, input)).plan;
}

/** Applies a rollover in the caller's transaction and records what it changed for undo. */
async function applyPlan(tx: Db, now: Date, schoolId: string, input: RolloverInput, origin: 'admin' | 'roster', actorId: string | null): Promise<RolloverPlan> {
  const { plan: p, current } = await plan(tx, schoolId, input);
  let closedYearId: string;
  if (current) {
    await q.closeYear(tx, current.id, p.closing.to);
    closedYearId = current.id;
  } else {
    closedYearId = await q.insertYear(tx, { schoolId, startsOn: p.closing.from, endsOn: p.closing.to, now });
  }
  const openedYearId = await q.insertYear(tx, { schoolId, startsOn: input.startsOn, endsOn: null, now });
  const classIds = p.classes.map((c) => c.id);
  await q.setClassesYear(tx, classIds, closedYearId);

  const memberships: MembershipChange[] = [];
  for (const s of p.promoted) {
    await q.setMembership(tx, schoolId, s.userId, { grade: s.to, status: 'active' });
    memberships.push({ userId: s.userId, grade: [s.from, s.to], status: ['active', 'active'] });
  }
  for (const s of p.graduating) {
    await q.setMembership(tx, schoolId, s.userId, { grade: s.grade, status: 'inactive' });
    memberships.push({ userId: s.userId, grade: [s.grade, s.grade], status: ['active', 'inactive'] });
  }
  // A graduate's open sessions leave the school, as a deactivated member's do.
  await q.detachSessions(
    tx,
    schoolId,
    p.graduating.map((s) => s.userId),
  );
  if (origin === 'admin') await q.saveSettings(tx, schoolId, { gradeRollover: input.gradeMode, finalGrade: input.finalGrade });
  const changes: Changes = { memberships, classIds };
  await q.insertRollover(tx, {
    schoolId,
    openedYearId,
    closedYearId,
    startsOn: input.startsOn,
    origin,
    gradeMode: input.gradeMode,
    finalGrade: input.finalGrade,
    changes,
    createdClosedYear: !current,
    appliedBy: actorId,
    appliedAt: now,
  });
  const details = {
    origin,
    startsOn: input.startsOn,
    gradeMode: input.gradeMode,
    classes: classIds.length,
    promoted: p.promoted.length,
    graduated: p.graduating.length,
  };
  await audit(tx, { actorId, schoolId, action: 'schoolYear.rollover', targetType: 'school', targetId: schoolId, details }, now);
  return p;
}

/** The admin's rollover: the preview's changes, applied in one transaction (the route's). */
export async function applyRollover(db: Db, services: Services, actor: Actor, input: RolloverInput): Promise<RolloverPlan> {
  const school = await q.schoolRow(db, actor.schoolId, true);
  assertNearToday(input.startsOn, todayOf(services, school.timeZone));
  return applyPlan(db, services.clock.now(), actor.schoolId, input, 'admin', actor.id);
}

/** Undoes the last rollover while the new year has no class (decision 0571). */
export async function undoRollover(db: Db, services: Services, actor: Actor): Promise<SchoolYearAdmin> {
  await q.schoolRow(db, actor.schoolId, true);
  const last = await q.lastRollover(db, actor.schoolId);
  if (!last || last.undoneAt) throw conflict('ROLLOVER_NOTHING_TO_UNDO');
  if (await q.hasOpenClass(db, actor.schoolId)) throw conflict('ROLLOVER_UNDO_CLASS_EXISTS');
  const changes = last.changes as unknown as Changes;
  for (const m of changes.memberships)
    await q.restoreMembership(db, actor.schoolId, m.userId, { grade: m.grade[1], status: m.status[1] }, { grade: m.grade[0], status: m.status[0] });
  await q.setClassesYear(db, changes.classIds, null);
  if (last.openedYearId) await q.deleteYear(db, last.openedYearId);
  if (last.closedYearId) {
    if (last.createdClosedYear) await q.deleteYear(db, last.closedYearId);
    else await q.reopenYear(db, last.closedYearId);
  }
  const now = services.clock.now();
  await q.markUndone(db, last.id, actor.id, now);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'schoolYear.undo',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { startsOn: last.startsOn },
    },
    now,
  );
  return adminState(db, services, actor);
}

/** `2026-2027` (or `2026`) → 2026: the calendar year a roster's school year starts in. */
function rosterStartYear(label: string | null | undefined): number | null {
  const match = label ? /^(\d{4})(?:\s*[-–/]\s*\d{2,4})?$/.exec(label.trim()) : null;
  return match ? Number(match[1]) : null;
}

/**
 * A rostered school's new year (decision 0572): when the roster describes a later school year than
 * the school is in, the school rolls over on the sync's day, by its own grade rule, inside the
 * sync's transaction (a held or test run rolls it back with the rest). The first year a roster
 * names is only remembered. Returns the new year's first day, or null.
 */
export async function rollOverForRoster(tx: Db, now: Date, schoolId: string, rosterYear: string | null | undefined): Promise<string | null> {
  const year = rosterStartYear(rosterYear);
  if (year === null) return null;
  const school = await q.schoolRow(tx, schoolId, true);
  const current = await q.currentYearRow(tx, schoolId);
  const known = Math.max(school.rosterSchoolYear ?? -Infinity, current ? Number(current.startsOn.slice(0, 4)) : -Infinity);
  if (year <= known || !Number.isFinite(known)) {
    if (school.rosterSchoolYear !== year && year > (school.rosterSchoolYear ?? -Infinity)) await q.saveSettings(tx, schoolId, { rosterSchoolYear: year });
    return null;
  }
  const today = toIsoDate(now, school.timeZone);
  const mode = gradeModeOf(school);
  const finalGrade = school.finalGrade ?? (await q.highestGrade(tx, schoolId));
  await q.saveSettings(tx, schoolId, { rosterSchoolYear: year });
  try {
    await applyPlan(tx, now, schoolId, { startsOn: today, gradeMode: mode, finalGrade }, 'roster', null);
  } catch (error) {
    // The school started its year by hand less than half a year ago: the roster's year is that one.
    if (error instanceof Error && 'code' in error && error.code === 'SCHOOL_YEAR_START_INVALID') return null;
    throw error;
  }
  return today;
}
