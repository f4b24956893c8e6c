import type { RosterProblem } from '@high5/contract';
import { inTransaction } from '../../db/database.js';
import { decryptCredentials } from '../../lib/district-credentials.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services/index.js';
import { applyRead } from './engine/apply.js';
import { printable } from './engine/validate.js';
import { pacedDb, Pacer } from './engine/pace.js';
import { addCounts, countPeople, emptyCounts, storedReport, type SchoolReport } from './engine/report.js';
import * as q from './queries.js';
import { malformed, type FlagColumns } from './sources/oneroster.js';
import { readOneRosterZip } from './sources/oneroster-worker.js';
import { rosterSourceFor } from './sources/index.js';
import { rosterDriver } from './sources/registry.js';
import type { HttpOptions } from './sources/http.js';
import { RosterSourceError, type RosterRead, type RosterSource } from './sources/types.js';

/** The job that runs one sync (its payload is the run's id, never a credential). */
export const ROSTER_SYNC_JOB = 'roster.sync';

/** Why a run failed when no source said why: an unexpected error (logged, never shown). */
export const ROSTER_FAILED = 'roster_failed';

/**
 * Runs one queued sync: reads the source (or the uploaded zip, or the read kept while the run was
 * held), applies it school by school, and writes the report. Credentials are decrypted here, for
 * this read only, and any of their values is cut from an error's detail before it is stored.
 */
export async function executeRun(services: Services, runId: string) {
  const now = () => services.clock.now();
  const run = await q.claimRun(services.db, runId, now());
  if (!run) return;
  const district = await q.districtForSync(services.db, run.districtId);
  if (!district) return;
  if (run.interrupted) {
    // Its job came back because the process that ran it died: fail it rather than read the file again.
    services.jobs.logger.error({ runId }, 'roster sync interrupted');
    await failRun(services, run, district, { errorCode: ROSTER_FAILED, errorDetail: 'the server stopped during this run' });
    return;
  }
  let secrets: string[] = [];
  // The server's requests come first: the sync steps aside between its statements and HTTP calls (decision 0485).
  const pacer = new Pacer(services.requests);
  try {
    let read: RosterRead;
    if (run.readKey) {
      read = await storedRead(services, run.readKey, flagColumnsOf(district));
    } else {
      const connection = districtSource(services, district, { pace: () => pacer.step() });
      secrets = connection.secrets;
      read = await connection.source.read({ cursor: district.rosterCursor });
    }
    const onlySchool = run.schoolId ? await schoolScope(services, run.schoolId) : undefined;
    // A school admin's upload never becomes a district's.
    if (run.schoolId && !onlySchool) throw new Error('the school of this upload is gone');
    const reports = await applyRead(pacedDb(services.db, pacer), read, {
      districtId: district.id,
      timeZone: district.rosterTimeZone,
      dryRun: district.testMode,
      holdPercent: district.rosterHoldPercent,
      approved: !!run.approvedBy,
      ...(onlySchool ? { onlySchool } : {}),
      now: now(),
    });
    await finish(services, run, district, reports, read, district.testMode);
  } catch (error) {
    const known = error instanceof RosterSourceError;
    if (!known) services.jobs.logger.error({ runId, error: redact(String(error), secrets) }, 'roster sync failed');
    await failRun(services, run, district, {
      errorCode: known ? error.code : ROSTER_FAILED,
      errorDetail: known ? redact(error.detail, secrets) : null,
      ...(known && error.problem ? { problem: error.problem } : {}),
    });
  }
}

/** A failed run keeps no file: the uploaded zip (or a held read) is deleted as after a finished one. */
async function failRun(
  services: Services,
  run: ClaimedRun,
  district: { id: string; name: string },
  values: { errorCode: string; errorDetail: string | null; problem?: RosterProblem },
) {
  if (run.readKey) await services.storage.delete(run.readKey);
  // The file's own words (a role, a mode, an id) are stored cleaned: a NUL would make the database refuse the report.
  const problem = values.problem && {
    key: values.problem.key,
    values: Object.fromEntries(Object.entries(values.problem.values).map(([k, v]) => [k, printable(v)])),
  };
  await settle(services, run, district, {
    status: 'failed',
    errorCode: values.errorCode,
    errorDetail: values.errorDetail === null ? null : printable(values.errorDetail, 1000),
    ...(problem ? { details: { schools: [], problem } } : {}),
    readKey: null,
    now: services.clock.now(),
  });
}

type ClaimedRun = { id: string; districtId: string; schoolId: string | null; origin: string; readKey: string | null };

/**
 * Writes a run's end. In the same transaction every older held run it overlaps becomes stale (its
 * read is older than this one; docs/decisions/0535), and a held or failed run is announced to the
 * super admins by e-mail; the stale runs' stored reads are deleted once that is committed.
 */
async function settle(services: Services, run: ClaimedRun, district: { id: string; name: string }, values: Parameters<typeof q.finishRun>[2]) {
  const staleReads = await inTransaction(services.db, async (db) => {
    await q.finishRun(db, run.id, values);
    const reads = await q.staleOlderRuns(db, run);
    if (values.status === 'held' || values.status === 'failed') {
      const url = `${services.config.publicUrl.replace(/\/$/, '')}/add-district?district=${district.id}`;
      for (const person of await q.superAdminContacts(db)) {
        await services.mail.queue(db, person.email!, person.language === 'es' ? 'es' : 'en', `admin:mail.roster.${values.status}`, {
          district: district.name,
          url,
        });
      }
    }
    return reads;
  });
  for (const key of staleReads) await services.storage.delete(key);
}

/**
 * The driver of a district's SIS with its credentials decrypted for this use only; `secrets` are
 * the values to cut from any text that will be stored or logged.
 */
export function districtSource(
  services: Services,
  district: { id: string; kind: string; baseUrl: string | null; credentialsEncrypted: string | null },
  options: HttpOptions = {},
): { source: RosterSource; secrets: string[] } {
  const kind = district.kind;
  if ((kind !== 'aeries' && kind !== 'clever') || !district.credentialsEncrypted || !district.baseUrl) {
    throw new RosterSourceError('roster_source_error', `no ${kind} source is configured for this district`);
  }
  const credentials = decryptCredentials(services.secret, district.id, district.credentialsEncrypted);
  const secrets = Object.values(credentials).filter((v) => v.length >= 4);
  // A registered driver (tests) stands in for the HTTP drivers of sources/index.ts.
  const factory = rosterDriver(kind);
  const source = factory
    ? factory({ districtId: district.id, baseUrl: district.baseUrl, credentials })
    : rosterSourceFor(kind, district.baseUrl, credentials, options);
  return { source, secrets };
}

async function finish(services: Services, run: ClaimedRun, district: { id: string; name: string }, reports: SchoolReport[], read: RosterRead, dryRun: boolean) {
  const counts = emptyCounts();
  for (const r of reports) addCounts(counts, r.counts);
  const held = reports.some((r) => r.outcome === 'held');
  let readKey: string | null = null;
  if (held) {
    // The approval applies exactly what was shown, so the read waits in storage (no credentials in it).
    readKey = `roster-runs/${run.id}.json`;
    await services.storage.put(readKey, Buffer.from(JSON.stringify(read)), 'application/json');
  } else if (run.readKey) {
    await services.storage.delete(run.readKey);
  }
  if (!held && !dryRun && run.origin !== 'upload' && read.cursor !== undefined) await q.setCursor(services.db, run.districtId, read.cursor ?? null);
  if (!held && !dryRun && read.sourceDistrictId) await q.setSourceDistrictId(services.db, run.districtId, read.sourceDistrictId);
  const details = {
    schools: reports.map(storedReport),
    people: countPeople(reports),
    sourceWarnings: read.sourceWarnings ?? [],
    carries: read.carries ?? null,
  };
  await settle(services, run, district, { status: held ? 'held' : dryRun ? 'preview' : 'done', counts, details, readKey, now: services.clock.now() });
}

async function storedRead(services: Services, key: string, flagColumns: FlagColumns): Promise<RosterRead> {
  const bytes = await services.storage.get(key);
  if (!bytes) throw malformed('not_stored');
  return key.endsWith('.zip') ? readOneRosterZip(bytes, { flagColumns }) : (JSON.parse(bytes.toString('utf8')) as RosterRead);
}

/** The district's OneRoster extension columns for the three flags (docs/decisions/0505). */
function flagColumnsOf(district: { onerosterIepColumn: string | null; onerosterPlan504Column: string | null; onerosterElColumn: string | null }): FlagColumns {
  return { iep: district.onerosterIepColumn, plan504: district.onerosterPlan504Column, englishLearner: district.onerosterElColumn };
}

async function schoolScope(services: Services, schoolId: string) {
  const row = await services.db.selectFrom('schools').select(['id', 'sourceId']).where('id', '=', schoolId).executeTakeFirst();
  return row ? { id: row.id, sourceId: row.sourceId } : undefined;
}

/** Cuts every credential value out of a text that is about to be stored or logged. */
export function redact(text: string, secrets: string[]) {
  return secrets.reduce((t, s) => t.split(s).join('***'), text);
}

export async function queueRun(db: Db, services: Services, values: Omit<Parameters<typeof q.insertRun>[1], 'now'>) {
  const runId = await q.insertRun(db, { ...values, now: services.clock.now() });
  await services.jobs.enqueue(db, ROSTER_SYNC_JOB, { runId });
  return runId;
}
