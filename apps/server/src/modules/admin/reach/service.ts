import { REACH_MIN_GROUP, type GiversReport, type ReachComparison, type ReachFlag, type ReachGroup, type ReachReport } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import type { Services } from '../../../services/index.js';
import type { Actor } from '../../../policies/actors.js';
import { giverRows, reachRows, type ReachRow } from './queries.js';

interface Range {
  from: string;
  to: string;
}

/** A group as shown: under REACH_MIN_GROUP students its numbers are withheld (docs/decisions/0567). */
function group(key: string, label: string, row: ReachRow | undefined): ReachGroup {
  const students = row?.students ?? 0;
  if (students < REACH_MIN_GROUP) return { key, label, students: null, reached: null, percent: null };
  return { key, label, students, reached: row!.reached, percent: Math.round((1000 * row!.reached) / students) / 10 };
}

const FLAGS: ReachFlag[] = ['iep', 'plan504', 'englishLearner'];

/** The reach report (docs/decisions/0567); every read is audited, as the mood report's. */
export async function reachReport(db: Db, services: Services, actor: Actor, range: Range): Promise<ReachReport> {
  const rows = await reachRows(db, actor.schoolId, range.from, range.to);
  const of = (dimension: ReachRow['dimension']) => rows.filter((r) => r.dimension === dimension);
  const grades = of('grade')
    .sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : Number(a.key) - Number(b.key)))
    .map((r) => group(r.key, r.key, r));
  const classes = of('class')
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((r) => group(r.key, r.label, r));
  const flags: ReachComparison[] = FLAGS.map((flag) => {
    const on = group(
      'true',
      flag,
      of(flag).find((r) => r.key === 'true'),
    );
    const off = group(
      'false',
      flag,
      of(flag).find((r) => r.key === 'false'),
    );
    const difference = on.percent !== null && off.percent !== null ? Math.round(10 * (on.percent - off.percent)) / 10 : null;
    return { flag, with: on, without: off, difference };
  });
  const school = group('', '', of('school')[0]);
  const shown = [school, ...grades, ...classes, ...flags.flatMap((f) => [f.with, f.without])];
  const report = {
    from: range.from,
    to: range.to,
    minimumGroup: REACH_MIN_GROUP,
    school,
    grades,
    classes,
    flags,
    suppressed: shown.filter((g) => g.students === null).length,
  };
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'report.reach.read',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { from: range.from, to: range.to, suppressed: report.suppressed },
    },
    services.clock.now(),
  );
  return report;
}

/** The givers report: distinct students per teacher and staff member, widest first. */
export async function giversReport(db: Db, services: Services, actor: Actor, range: Range): Promise<GiversReport> {
  const rows = await giverRows(db, actor.schoolId, range.from, range.to);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId: actor.schoolId,
      action: 'report.givers.read',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { from: range.from, to: range.to },
    },
    services.clock.now(),
  );
  return { from: range.from, to: range.to, rows };
}
