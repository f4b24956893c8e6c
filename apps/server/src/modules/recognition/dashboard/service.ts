import { addDays, monthRange, schoolYearOf, toIsoDate, type Dashboard, type MonthRange, type SchoolYearSpan } from '@high5/contract';
import type { Queryable } from '../../../db/database.js';
import { calendarTimeZone } from '../../../lib/current-school.js';
import { schoolYears } from '../../../lib/school-years.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { dashboardCounts, type CountRow } from './queries.js';

type Counts = { high5Given: number; vibeGiven: number; high5Received: number | null; vibeReceived: number | null };
const zero = (withReceived: boolean): Counts => ({
  high5Given: 0,
  vibeGiven: 0,
  high5Received: withReceived ? 0 : null,
  vibeReceived: withReceived ? 0 : null,
});

function add(counts: Counts, row: CountRow) {
  if (row.direction === 'given') counts[row.kind === 'high5' ? 'high5Given' : 'vibeGiven'] += row.n;
  else {
    const key = row.kind === 'high5' ? 'high5Received' : 'vibeReceived';
    counts[key] = (counts[key] ?? 0) + row.n;
  }
}

/** The months a school year touches, each cut to the year. */
function monthsOf(year: SchoolYearSpan): MonthRange[] {
  const months: MonthRange[] = [];
  for (let m = monthRange(year.from); m.from <= year.to; m = monthRange(addDays(m.to, 1))) {
    months.push({ month: m.month, from: m.from < year.from ? year.from : m.from, to: m.to > year.to ? year.to : m.to });
  }
  return months;
}

/**
 * The dashboard in one answer (docs/decisions/0075, 0573): the totals and the counts per month of
 * one school year of the current school (the school's own years, lib/school-years.ts): the one
 * containing `year`, else the current one. When the school's high5_vibes setting is OFF, received
 * numbers are not sent at all.
 */
export async function dashboard(db: Queryable, services: Services, user: SessionUser, query: { year?: string | undefined } = {}): Promise<Dashboard> {
  // The session already holds the school's zone and its high5_vibes setting (read with the session).
  const school = user.isSuperAdmin ? null : user.school;
  const today = toIsoDate(services.clock.now(), calendarTimeZone(user));
  const calendar = school ? await schoolYears(db, school.schoolId) : null;
  const year = calendar ? calendar.containing(query.year ?? today) : schoolYearOf(query.year ?? today);
  const withReceived = school?.receivedVisible ?? true;
  const rows = school ? await dashboardCounts(db, { schoolId: school.schoolId, userId: user.id, from: year.from, to: year.to, withReceived }) : [];
  const totals = zero(withReceived);
  const months = monthsOf(year).map((m) => ({ ...m, ...zero(withReceived) }));
  for (const row of rows) {
    const month = months.find((m) => m.month === row.month);
    if (!month) continue;
    add(totals, row);
    add(month, row);
  }
  return { today, schoolYear: { from: year.from, to: year.to }, receivedVisible: withReceived, totals, months };
}
