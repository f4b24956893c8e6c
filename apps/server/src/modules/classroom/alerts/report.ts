import { addDays, CLASSROOM_LIMITS, toIsoDate, type AlertReportRow } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';

type Counts = Omit<AlertReportRow, 'week' | 'className'>;

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function count(alerts: { open: boolean; escalated: boolean; ackMinutes: number | null }[]): Counts {
  const acks = alerts.flatMap((a) => (a.ackMinutes === null ? [] : [a.ackMinutes]));
  return {
    alerts: alerts.length,
    open: alerts.filter((a) => a.open).length,
    escalated: alerts.filter((a) => a.escalated).length,
    acknowledged: acks.length,
    medianAckMinutes: median(acks),
    worstAckMinutes: acks.length ? Math.max(...acks) : null,
  };
}

/** Monday of the week of a school-local date. */
const mondayOf = (isoDate: string) => {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDays(isoDate, -((day + 6) % 7));
};

/**
 * The admins' alerts report (docs/decisions/0423): the school by school-local week (decision
 * 0462), and by week and class; no student names. An alert counts once in each class the student
 * is in ('' for none); each week's school row and the total count it once. Minutes to the first acknowledgement are wall-clock minutes, rounded to one decimal.
 */
export async function alertReport(db: Db, services: Services, actor: { id: string; schoolId: string }, range: { from: string; to: string }) {
  if (addDays(range.from, CLASSROOM_LIMITS.maxRangeDays - 1) < range.to) throw badRequest('DATE_RANGE_TOO_LONG');
  const school = await db.selectFrom('schools').select('timeZone').where('id', '=', actor.schoolId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('alerts as a')
    .leftJoin('enrolments as e', 'e.studentId', 'a.studentId')
    .leftJoin('classes as c', (j) => j.onRef('c.id', '=', 'e.classId').on('c.schoolId', '=', actor.schoolId))
    .select(['a.id', 'a.openedAt', 'a.closedAt', 'a.escalatedAt', 'a.firstAcknowledgedAt', 'c.name as className'])
    .where('a.schoolId', '=', actor.schoolId)
    .where('a.openedAt', '>=', new Date(`${addDays(range.from, -1)}T00:00:00Z`))
    .where('a.openedAt', '<', new Date(`${addDays(range.to, 2)}T00:00:00Z`))
    .execute();
  const alerts = new Map<string, { week: string; classes: Set<string>; open: boolean; escalated: boolean; ackMinutes: number | null }>();
  for (const row of rows) {
    const date = toIsoDate(row.openedAt, school.timeZone);
    if (date < range.from || date > range.to) continue;
    const entry = alerts.get(row.id) ?? {
      week: mondayOf(date),
      classes: new Set<string>(),
      open: row.closedAt === null,
      escalated: row.escalatedAt !== null,
      ackMinutes: row.firstAcknowledgedAt ? Math.round((row.firstAcknowledgedAt.getTime() - row.openedAt.getTime()) / 6_000) / 10 : null,
    };
    entry.classes.add(row.className ?? '');
    alerts.set(row.id, entry);
  }
  const groups = new Map<string, (typeof alerts extends Map<string, infer V> ? V : never)[]>();
  for (const alert of alerts.values()) {
    for (const className of alert.classes) {
      const key = `${alert.week}\u0000${className}`;
      groups.set(key, [...(groups.get(key) ?? []), alert]);
    }
  }
  const result = [...groups].map(([key, list]) => {
    const [week, className] = key.split('\u0000') as [string, string];
    return { week, className, ...count(list) };
  });
  result.sort((a, b) => b.week.localeCompare(a.week) || a.className.localeCompare(b.className));
  const byWeek = new Map<string, (typeof alerts extends Map<string, infer V> ? V : never)[]>();
  for (const alert of alerts.values()) byWeek.set(alert.week, [...(byWeek.get(alert.week) ?? []), alert]);
  const weeks = [...byWeek].map(([week, list]) => ({ week, ...count(list) })).sort((a, b) => b.week.localeCompare(a.week));
  await audit(
    db,
    { actorId: actor.id, schoolId: actor.schoolId, action: 'alerts.report', targetType: 'school', targetId: actor.schoolId, details: range },
    services.clock.now(),
  );
  return { total: count([...alerts.values()]), weeks, rows: result };
}
