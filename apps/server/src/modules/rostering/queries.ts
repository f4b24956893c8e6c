import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Kysely only: sync runs and the district's rostering settings. */

export function districtForSync(db: Db, id: string) {
  return db
    .selectFrom('districts')
    .select([
      'id',
      'name',
      'kind',
      'testMode',
      'baseUrl',
      'credentialsEncrypted',
      'rosterCursor',
      'rosterTimeZone',
      'rosterSyncTime',
      'summerPauseFrom',
      'summerPauseUntil',
      'rosterHoldPercent',
      'onerosterIepColumn',
      'onerosterPlan504Column',
      'onerosterElColumn',
      'rosterNextRunAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRun(
  db: Db,
  values: { districtId: string; origin: 'sync' | 'nightly' | 'upload'; schoolId: string | null; createdBy: string | null; readKey: string | null; now: Date },
) {
  const row = await db
    .insertInto('rosterRuns')
    .values({
      districtId: values.districtId,
      origin: values.origin,
      schoolId: values.schoolId,
      createdBy: values.createdBy,
      readKey: values.readKey,
      status: 'queued',
      createdAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims a queued run for this process. A run already `running` is claimed too: its job only comes
 * back when the process that ran it died (the job's lease ran out), and it is then failed, not rerun.
 */
export async function claimRun(db: Db, id: string, now: Date) {
  const before = await db.selectFrom('rosterRuns').select('status').where('id', '=', id).executeTakeFirst();
  if (!before || (before.status !== 'queued' && before.status !== 'running')) return undefined;
  const row = await db
    .updateTable('rosterRuns')
    .set({ status: 'running', startedAt: now })
    .where('id', '=', id)
    .where('status', '=', before.status)
    .returning(['id', 'districtId', 'origin', 'schoolId', 'readKey', 'approvedBy'])
    .executeTakeFirst();
  return row ? { ...row, interrupted: before.status === 'running' } : undefined;
}

/** Runs of the district whose school overlaps `schoolId` (a district-wide run overlaps every school). */
function overlapping(schoolId: string | null) {
  return schoolId === null ? sql<boolean>`true` : sql<boolean>`(r.school_id is null or r.school_id = ${schoolId})`;
}

/** `r` was queued before the run `runId` (timestamps may tie: the queue's order decides). */
const queuedBefore = (runId: string) => sql<boolean>`(r.created_at, r.seq) < (select n.created_at, n.seq from roster_runs n where n.id = ${runId})`;

/**
 * A run has finished: every older held run of the district that overlaps it (and an approved one
 * not yet started) read the source before it, so it becomes stale (docs/decisions/0535). Answers
 * their stored reads, which nothing will apply any more.
 */
export async function staleOlderRuns(db: Db, run: { id: string; districtId: string; schoolId: string | null }) {
  const older = await db
    .selectFrom('rosterRuns as r')
    .select(['r.id', 'r.readKey'])
    .where('r.districtId', '=', run.districtId)
    .where('r.id', '<>', run.id)
    .where((eb) => eb.or([eb('r.status', '=', 'held'), eb.and([eb('r.status', '=', 'queued'), eb('r.approvedBy', 'is not', null)])]))
    .where(overlapping(run.schoolId))
    .where(queuedBefore(run.id))
    .forUpdate()
    .execute();
  if (older.length === 0) return [];
  await db
    .updateTable('rosterRuns')
    .set({ status: 'stale', readKey: null })
    .where(
      'id',
      'in',
      older.map((r) => r.id),
    )
    .execute();
  return older.flatMap((r) => (r.readKey ? [r.readKey] : []));
}

/** True when a run of the district that overlaps `run` was queued after it and has finished (or still works). */
export async function newerRun(db: Db, run: { id: string; districtId: string; schoolId: string | null }, statuses: string[]) {
  const row = await db
    .selectFrom('rosterRuns as r')
    .select('r.id')
    .where('r.districtId', '=', run.districtId)
    .where('r.id', '<>', run.id)
    .where('r.status', 'in', statuses)
    .where(overlapping(run.schoolId))
    .where(sql<boolean>`not ${queuedBefore(run.id)}`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The super admins' addresses and languages: who hears of a held or failed run. */
export function superAdminContacts(db: Db) {
  return db.selectFrom('users').select(['email', 'language']).where('isSuperAdmin', '=', true).where('email', 'is not', null).execute();
}

export async function finishRun(
  db: Db,
  id: string,
  values: {
    status: 'done' | 'preview' | 'held' | 'failed';
    counts?: object;
    details?: object;
    errorCode?: string | null;
    errorDetail?: string | null;
    readKey?: string | null;
    now: Date;
  },
) {
  await db
    .updateTable('rosterRuns')
    .set({
      status: values.status,
      finishedAt: values.now,
      ...(values.counts ? { counts: JSON.stringify(values.counts) } : {}),
      ...(values.details ? { details: JSON.stringify(values.details) } : {}),
      errorCode: values.errorCode ?? null,
      errorDetail: values.errorDetail?.slice(0, 1000) ?? null,
      ...(values.readKey !== undefined ? { readKey: values.readKey } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The district's own id at its source, recorded by an applied sync (Log in with Clever, docs/decisions/0550). */
export async function setSourceDistrictId(db: Db, districtId: string, sourceDistrictId: string) {
  await db.updateTable('districts').set({ sourceDistrictId }).where('id', '=', districtId).execute();
}

export async function setCursor(db: Db, districtId: string, cursor: string | null) {
  await db.updateTable('districts').set({ rosterCursor: cursor }).where('id', '=', districtId).execute();
}

const runColumns = [
  'r.id',
  'r.districtId',
  'r.origin',
  'r.schoolId',
  'r.status',
  'r.createdAt',
  'r.startedAt',
  'r.finishedAt',
  'r.counts',
  'r.details',
  'r.errorCode',
  'r.errorDetail',
  'r.approvedBy',
] as const;

export function listRuns(db: Db, districtId: string, schoolId: string | null, limit: number) {
  let query = db
    .selectFrom('rosterRuns as r')
    .select([...runColumns])
    .where('r.districtId', '=', districtId);
  if (schoolId) query = query.where('r.schoolId', '=', schoolId);
  return query.orderBy('r.createdAt', 'desc').orderBy('r.seq', 'desc').limit(limit).execute();
}

export function runById(db: Db, id: string) {
  return db
    .selectFrom('rosterRuns as r')
    .select([...runColumns, 'r.readKey'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export function lockRun(db: Db, id: string) {
  return db.selectFrom('rosterRuns').select(['id', 'districtId', 'schoolId', 'status', 'readKey']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markDiscarded(db: Db, id: string, userId: string) {
  await db.updateTable('rosterRuns').set({ status: 'discarded', discardedBy: userId, readKey: null }).where('id', '=', id).execute();
}

export async function markApproved(db: Db, id: string, userId: string) {
  await db.updateTable('rosterRuns').set({ status: 'queued', approvedBy: userId, finishedAt: null }).where('id', '=', id).execute();
}

/** True while a run of the district waits or works: a second "sync now" joins it instead. */
export function openRun(db: Db, districtId: string) {
  return db.selectFrom('rosterRuns').select('id').where('districtId', '=', districtId).where('status', 'in', ['queued', 'running']).executeTakeFirst();
}

export async function updateSettings(
  db: Db,
  districtId: string,
  values: {
    testMode?: boolean;
    summerPauseFrom?: string | null;
    summerPauseUntil?: string | null;
    rosterSyncTime?: string;
    rosterTimeZone?: string;
    rosterHoldPercent?: number;
    onerosterIepColumn?: string | null;
    onerosterPlan504Column?: string | null;
    onerosterElColumn?: string | null;
  },
) {
  // A PATCH that changes nothing is not an UPDATE without SET (found by the fuzz test).
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('districts')
    .set({ ...values, ...(values.rosterSyncTime !== undefined || values.rosterTimeZone !== undefined ? { rosterNextRunAt: null } : {}) })
    .where('id', '=', districtId)
    .execute();
}

/** Districts synced every night (Aeries and Clever; OneRoster districts send files). */
export function nightlyDistricts(db: Db) {
  return db
    .selectFrom('districts')
    .select(['id', 'rosterSyncTime', 'rosterTimeZone', 'rosterNextRunAt', 'summerPauseFrom', 'summerPauseUntil'])
    .where('kind', 'in', ['aeries', 'clever'])
    .execute();
}

/** Moves the district's next nightly run; only the process whose UPDATE matched runs it. */
export async function claimNightly(db: Db, id: string, expected: Date | null, next: Date) {
  const result = await db
    .updateTable('districts')
    .set({ rosterNextRunAt: next })
    .where('id', '=', id)
    .where(expected ? sql<boolean>`roster_next_run_at = ${expected}` : sql<boolean>`roster_next_run_at is null`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The district of a school, or undefined when there is no such school. */
export async function schoolDistrictId(db: Db, schoolId: string) {
  return (await db.selectFrom('schools').select('districtId').where('id', '=', schoolId).executeTakeFirst())?.districtId;
}
