import { type Dashboard, schoolYearMonths, schoolYearOf, toIsoDate } from '@high5/contract';
import type { Queryable } from '../../../db/database.js';
import { calendarTimeZone } from '../../../lib/current-school.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { dashboardCounts, type CountRow } from './queries.js';

type Counts = { high5Given: number; vibeGiven: number; high5Received: number | null; vibeReceived: number | null };
const zero = (withReceived: boolean): Counts => ({ high5Given: 0, vibeGiven: 0, high5Received: withReceived ? 0 : null, vibeReceived: withReceived ? 0 : null });

function add(counts: Counts, row: CountRow) {
  if (row.direction === 'given') counts[row.kind === 'high5' ? 'high5Given' : 'vibeGiven'] += row.n;
  else {
    const key = row.kind === 'high5' ? 'high5Received' : 'vibeReceived';
    counts[key] = (counts[key] ?? 0) + row.n;
  }
}

/**
 * The dashboard in one answer (docs/decisions/0075): all-time totals in the current
 * school and the counts per month of the current school year (August to July, the
 * school's time zone). When the school's high5_vibes setting is OFF, received numbers
 * are not sent at all.
 */
export async function dashboard(db: Queryable, services: Services, user: SessionUser): Promise<Dashboard> {
  // The session already holds the school's zone and its high5_vibes setting (read with the session).
  const school = user.isSuperAdmin ? null : user.school;
  const today = toIsoDate(services.clock.now(), calendarTimeZone(user));
  const year = schoolYearOf(today);
  const withReceived = school?.receivedVisible ?? true;
  const rows = school ? await dashboardCounts(db, { schoolId: school.schoolId, userId: user.id, from: year.from, to: year.to, withReceived }) : [];
  const totals = zero(withReceived);
  const months = schoolYearMonths(today).map((m) => ({ ...m, ...zero(withReceived) }));
  for (const row of rows) {
    add(totals, row);
    const month = row.month ? months.find((m) => m.month === row.month) : undefined;
    if (month) add(month, row);
  }
  return { today, schoolYear: { from: year.from, to: year.to }, receivedVisible: withReceived, totals, months };
}
