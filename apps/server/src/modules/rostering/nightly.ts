import { toIsoDate } from '@high5/contract';
import { nextRun } from '../../services/job-schedules.js';
import type { Services } from '../../services/index.js';
import * as q from './queries.js';
import { queueRun } from './runs.js';

/** Every few minutes (once across processes), queues the nightly run of each district that is due. */
export const ROSTER_NIGHTLY_TICK = 'roster.nightly';

const isoOf = (v: Date | string | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** True on the days of the district's summer pause (its own dates, in its time zone; docs/decisions/0403). */
export function paused(district: { summerPauseFrom: unknown; summerPauseUntil: unknown; rosterTimeZone: string }, now: Date) {
  const from = isoOf(district.summerPauseFrom as Date | string | null);
  const until = isoOf(district.summerPauseUntil as Date | string | null);
  if (!from || !until) return false;
  const today = toIsoDate(now, district.rosterTimeZone);
  return from <= today && today <= until;
}

/**
 * Each district's next nightly time is claimed by a conditional UPDATE, so one process queues it
 * however many run the tick; a paused district's night passes without a run.
 */
export async function runNightlyTick(services: Services) {
  const now = services.clock.now();
  let queued = 0;
  for (const d of await q.nightlyDistricts(services.db)) {
    const schedule = { name: `roster.${d.id}`, kind: ROSTER_NIGHTLY_TICK, dailyAt: String(d.rosterSyncTime).slice(0, 5), timeZone: d.rosterTimeZone };
    const due = d.rosterNextRunAt;
    if (due && due > now) continue;
    if (!(await q.claimNightly(services.db, d.id, due, nextRun(schedule, now)))) continue;
    // The first sight of a district only sets its next night.
    if (!due || paused(d, now)) continue;
    await services.db.transaction().execute(async (tx) => {
      if (await q.openRun(tx, d.id)) return;
      await queueRun(tx, services, { districtId: d.id, origin: 'nightly', schoolId: null, createdBy: null, readKey: null });
      queued++;
    });
  }
  return queued;
}

type NightlyDistrict = Parameters<typeof paused>[0] & { id: string; kind: string; rosterSyncTime: unknown; rosterNextRunAt: Date | null };

/**
 * When the nightly run is next due: the claimed next night (or the next sync time when none is
 * claimed yet), moved past the nights of a summer pause, which pass without a run.
 */
export function nextNightly(d: NightlyDistrict, now: Date): Date | null {
  if (d.kind !== 'aeries' && d.kind !== 'clever') return null;
  const schedule = { name: `roster.${d.id}`, kind: ROSTER_NIGHTLY_TICK, dailyAt: String(d.rosterSyncTime).slice(0, 5), timeZone: d.rosterTimeZone };
  let at = d.rosterNextRunAt && d.rosterNextRunAt > now ? d.rosterNextRunAt : nextRun(schedule, now);
  // A pause is at most a few months; a year of nights bounds the walk.
  for (let night = 0; night < 400 && paused(d, at); night++) at = nextRun(schedule, at);
  return at;
}
