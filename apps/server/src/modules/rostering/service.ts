import type { RosterConnectionTest, RosterRun, RosterSettings, UpdateRosterSettings } from '@high5/contract';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Services } from '../../services/index.js';
import { audit } from '../../lib/audit.js';
import { nextNightly } from './nightly.js';
import * as q from './queries.js';
import { districtSource, queueRun, redact, ROSTER_FAILED, ROSTER_SYNC_JOB } from './runs.js';
import { RosterSourceError } from './sources/types.js';

type RunRow = Awaited<ReturnType<typeof q.listRuns>>[number];

/** A run as the report shows it; the stored read's key never leaves the server. */
function present(row: RunRow): RosterRun {
  const details = (row.details ?? {}) as {
    schools?: RosterRun['schools'];
    people?: RosterRun['people'];
    problem?: RosterRun['problem'];
    sourceWarnings?: RosterRun['sourceWarnings'];
    carries?: RosterRun['carries'];
  };
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    districtId: row.districtId,
    origin: row.origin as RosterRun['origin'],
    schoolId: row.schoolId,
    status: row.status as RosterRun['status'],
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    counts: (row.counts ?? {}) as RosterRun['counts'],
    people: details.people ?? null,
    schools: (details.schools ?? []).map((s) => ({ ...s, changes: s.changes ?? [] })),
    errorCode: row.errorCode,
    errorDetail: row.errorDetail,
    problem: details.problem ?? null,
    approved: row.approvedBy !== null,
    sourceWarnings: details.sourceWarnings ?? [],
    carries: details.carries ?? null,
  };
}

type District = NonNullable<Awaited<ReturnType<typeof q.districtForSync>>>;

function settingsOf(d: District, now: Date): RosterSettings {
  const day = (v: Date | string | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));
  return {
    kind: d.kind,
    testMode: d.testMode,
    syncTime: String(d.rosterSyncTime).slice(0, 5),
    timeZone: d.rosterTimeZone,
    summerPauseFrom: day(d.summerPauseFrom as Date | string | null),
    summerPauseUntil: day(d.summerPauseUntil as Date | string | null),
    holdPercent: d.rosterHoldPercent,
    flagColumns: { iep: d.onerosterIepColumn, plan504: d.onerosterPlan504Column, englishLearner: d.onerosterElColumn },
    nextRunAt: nextNightly(d, now)?.toISOString() ?? null,
  };
}

export async function getRoster(db: Db, services: Services, districtId: string) {
  const district = await q.districtForSync(db, districtId);
  if (!district) throw notFound();
  return { settings: settingsOf(district, services.clock.now()), runs: (await q.listRuns(db, districtId, null, 30)).map(present) };
}

export async function getRun(db: Db, runId: string) {
  const run = await q.runById(db, runId);
  if (!run) throw notFound();
  return present(run);
}

/** "Sync now": queues a run (or answers the one already waiting or working) in the caller's transaction. */
export async function syncNow(db: Db, services: Services, actorId: string, districtId: string) {
  const district = await q.districtForSync(db, districtId);
  if (!district) throw notFound();
  if (district.kind !== 'aeries' && district.kind !== 'clever') throw new AppError(400, 'ROSTER_NOT_SIS');
  const open = await q.openRun(db, districtId);
  if (open) return getRun(db, open.id);
  const runId = await queueRun(db, services, { districtId, origin: 'sync', schoolId: null, createdBy: actorId, readKey: null });
  await audit(db, { actorId, schoolId: null, action: 'roster.sync', targetType: 'district', targetId: districtId, details: { runId } }, services.clock.now());
  return getRun(db, runId);
}

/** Each request of a connection test may take this long; the whole test a few of them. */
const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/**
 * "Test connection" of the district editor: the driver's own test with the stored credentials
 * (Aeries systeminfo and schools, Clever token and district). A failure is an answer, not an error.
 */
export async function testConnection(db: Db, services: Services, districtId: string): Promise<RosterConnectionTest> {
  const district = await q.districtForSync(db, districtId);
  if (!district) throw notFound();
  if (district.kind !== 'aeries' && district.kind !== 'clever') throw new AppError(400, 'ROSTER_NOT_SIS');
  let secrets: string[] = [];
  try {
    const connection = districtSource(services, district, { requestTimeoutMs: CONNECTION_TEST_TIMEOUT_MS, maxRateLimitRetries: 1, maxServerErrorRetries: 0 });
    secrets = connection.secrets;
    const { description, warnings = [] } = await connection.source.testConnection();
    return { ok: true, description: redact(description, secrets), errorCode: null, warnings };
  } catch (error) {
    if (error instanceof RosterSourceError) return { ok: false, description: null, errorCode: error.code, warnings: [] };
    services.jobs.logger.error({ districtId, error: redact(String(error), secrets) }, 'roster connection test failed');
    return { ok: false, description: null, errorCode: ROSTER_FAILED, warnings: [] };
  }
}

/** The held run, locked; a stale one says so (decision 0535). */
async function heldRun(db: Db, runId: string) {
  const run = await q.lockRun(db, runId);
  if (!run) throw notFound();
  if (run.status === 'stale') throw conflict('ROSTER_RUN_STALE');
  if (run.status !== 'held') throw conflict('ROSTER_RUN_NOT_HELD');
  return run;
}

/**
 * Approves a held run: the job applies the kept read with its deactivations. Never one older than
 * a run that has finished since (its read is out of date: stale), nor while another run of the
 * district waits or works (that one would finish after it, or its read would be overwritten).
 */
export async function approveRun(db: Db, services: Services, actorId: string, runId: string) {
  const run = await heldRun(db, runId);
  if (await q.newerRun(db, run, ['done', 'preview', 'held', 'failed'])) throw conflict('ROSTER_RUN_STALE');
  if (await q.openRun(db, run.districtId)) throw conflict('ROSTER_RUN_BUSY');
  await q.markApproved(db, runId, actorId);
  await services.jobs.enqueue(db, ROSTER_SYNC_JOB, { runId });
  await audit(
    db,
    { actorId, schoolId: null, action: 'roster.approve', targetType: 'district', targetId: run.districtId, details: { runId } },
    services.clock.now(),
  );
  return getRun(db, runId);
}

/** Sets a held run aside: nothing of it is applied, and its kept read is deleted. */
export async function discardRun(db: Db, services: Services, actorId: string, runId: string) {
  const run = await heldRun(db, runId);
  await q.markDiscarded(db, runId, actorId);
  await audit(
    db,
    { actorId, schoolId: null, action: 'roster.discard', targetType: 'district', targetId: run.districtId, details: { runId } },
    services.clock.now(),
  );
  if (run.readKey) await services.storage.delete(run.readKey);
  return getRun(db, runId);
}

export async function updateRosterSettings(db: Db, services: Services, actorId: string, districtId: string, input: UpdateRosterSettings) {
  const before = await q.districtForSync(db, districtId);
  if (!before) throw notFound();
  await q.updateSettings(db, districtId, {
    ...(input.testMode !== undefined ? { testMode: input.testMode } : {}),
    ...(input.syncTime !== undefined ? { rosterSyncTime: input.syncTime } : {}),
    ...(input.timeZone !== undefined ? { rosterTimeZone: input.timeZone } : {}),
    ...(input.holdPercent !== undefined ? { rosterHoldPercent: input.holdPercent } : {}),
    ...(input.flagColumns?.iep !== undefined ? { onerosterIepColumn: input.flagColumns.iep } : {}),
    ...(input.flagColumns?.plan504 !== undefined ? { onerosterPlan504Column: input.flagColumns.plan504 } : {}),
    ...(input.flagColumns?.englishLearner !== undefined ? { onerosterElColumn: input.flagColumns.englishLearner } : {}),
    ...(input.summerPause !== undefined ? { summerPauseFrom: input.summerPause?.from ?? null, summerPauseUntil: input.summerPause?.until ?? null } : {}),
  });
  const now = services.clock.now();
  const after = settingsOf((await q.districtForSync(db, districtId))!, now);
  await audit(
    db,
    { actorId, schoolId: null, action: 'roster.settings', targetType: 'district', targetId: districtId, details: { before: settingsOf(before, now), after } },
    now,
  );
  return after;
}

/** A uploaded OneRoster zip, already in storage: a run reads it (a school admin's only for their school). */
export async function startUpload(db: Db, services: Services, actorId: string, target: { districtId: string; schoolId: string | null }, storageKey: string) {
  if (!(await q.districtForSync(db, target.districtId))) throw notFound();
  const runId = await queueRun(db, services, {
    districtId: target.districtId,
    origin: 'upload',
    schoolId: target.schoolId,
    createdBy: actorId,
    readKey: storageKey,
  });
  await audit(
    db,
    { actorId, schoolId: target.schoolId, action: 'roster.upload', targetType: 'district', targetId: target.districtId, details: { runId } },
    services.clock.now(),
  );
  return getRun(db, runId);
}

export async function schoolRuns(db: Db, schoolId: string) {
  return (await q.listRuns(db, await districtOfSchool(db, schoolId), schoolId, 30)).map(present);
}

export async function districtOfSchool(db: Db, schoolId: string) {
  const districtId = await q.schoolDistrictId(db, schoolId);
  if (!districtId) throw notFound();
  return districtId;
}
