import { schoolDaysWindowStart, schoolYearOf, termOf, toIsoDate, type NotYet } from '@high5/contract';
import type { Queryable } from '../../../db/database.js';
import { notFound } from '../../../lib/errors.js';
import { currentSchool } from '../../../lib/current-school.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { notYetRows, notYetSettings, teachersClass } from './queries.js';

/**
 * A teacher's "not yet" list and spread (docs/decisions/0565, 0566), for all their classes or one:
 * the window is the school's last N school days up to today; "not yet" is nothing (High 5 or
 * Vibe) from this teacher in it, and each row also says whether anyone recognised the student.
 */
export async function notYetFor(db: Queryable, services: Services, teacher: { id: string; schoolId: string }, classId: string | null): Promise<NotYet> {
  const settings = await notYetSettings(db, teacher.schoolId);
  const today = toIsoDate(services.clock.now(), settings.timeZone);
  const from = schoolDaysWindowStart(today, settings.days, settings.schoolDays);
  const term = termOf(today);
  const rows = await notYetRows(db, { schoolId: teacher.schoolId, teacherId: teacher.id, classId, from, to: today, yearFrom: schoolYearOf(today).from, term });
  const recent = (day: string | null) => day !== null && day >= from;
  const spread = { term, zero: 0, oneToTwo: 0, threeToFive: 0, more: 0, never: 0 };
  for (const row of rows) {
    const n = row.termHigh5s;
    if (n === 0) spread.zero++;
    else if (n <= 2) spread.oneToTwo++;
    else if (n <= 5) spread.threeToFive++;
    else spread.more++;
    if (!row.everHigh5) spread.never++;
  }
  return {
    days: settings.days,
    from,
    to: today,
    students: rows.length,
    notYet: rows
      .filter((row) => !recent(row.lastFromMe))
      .map((row) => ({
        id: row.id,
        name: row.name,
        grade: row.grade,
        classNames: row.classNames,
        lastFromMe: row.lastFromMe,
        lastFromAnyone: row.lastFromAnyone,
        notYetFromAnyone: !recent(row.lastFromAnyone),
        joinedOn: row.joinedOn > from ? row.joinedOn : null,
        daysAway: row.daysAway,
      })),
    spread,
  };
}

/** GET /recognition/not-yet: the caller's classes, or one of them (404 for a class they do not teach). */
export async function notYet(db: Queryable, services: Services, user: SessionUser, classId: string | undefined): Promise<NotYet> {
  const school = currentSchool(user);
  const teacher = { id: user.id, schoolId: school.schoolId };
  if (classId && !(await teachersClass(db, school.schoolId, user.id, classId))) throw notFound();
  return notYetFor(db, services, teacher, classId ?? null);
}
