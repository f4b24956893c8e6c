import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Backup, Restore, RestoreStatus, StartRestore } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { inTransaction } from '../../../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { findSchool } from '../schools/queries.js';
import { BACKUP_FORMAT, BACKUP_VERSION, backupStream } from './export.js';
import {
  backupsSince,
  builtinCategoryKeys,
  deleteBackupRows,
  findBackup,
  findRestore,
  insertBackup,
  insertRestore,
  listBackups,
  listRestores,
  schoolIsEmpty,
} from './queries.js';
import { RESTORE_JOB } from './restore.js';

/** The job that removes stored files (a deleted school's photos, deleted backups) once the deletion committed. */
export const DELETE_OBJECTS_JOB = 'admin.delete-objects';
/** The schedule that deletes backups past their retention. */
export const BACKUP_SWEEP_JOB = 'backups.sweep';
const BACKUPS_LISTED = 50;
/** Backups a super admin may take of one school in 24 hours (the one taken when deleting it is extra). */
export const BACKUPS_PER_SCHOOL_PER_DAY = 3;

type BackupRow = NonNullable<Awaited<ReturnType<typeof findBackup>>>;
const presentBackup = (row: BackupRow): Backup => ({
  id: row.id,
  schoolId: row.schoolId,
  schoolName: row.schoolName,
  districtName: row.districtName,
  createdAt: row.createdAt.toISOString(),
  sizeBytes: row.sizeBytes,
  rowCount: row.rowCount,
  includesJournals: row.includesJournals,
  expiresAt: row.expiresAt.toISOString(),
  restorable: row.formatVersion === BACKUP_VERSION,
});

type SchoolRow = NonNullable<Awaited<ReturnType<typeof findSchool>>>;

/**
 * Streams the school's rows into a gzip NDJSON file in object storage and records it
 * (docs/decisions/0182). `db` must be a transaction (the export reads through a cursor).
 * Journals only when asked; `extra` is the backup taken when the school is deleted, which the
 * daily allowance does not count.
 */
export async function writeBackup(db: Db, services: Services, actorId: string, school: SchoolRow, options: { includeJournals: boolean; extra?: boolean }) {
  const now = services.clock.now();
  if (!options.extra && (await backupsSince(db, school.id, new Date(now.getTime() - 86_400_000))) >= BACKUPS_PER_SCHOOL_PER_DAY) {
    throw new AppError(429, 'BACKUP_LIMIT_REACHED');
  }
  const builtinCategories = await builtinCategoryKeys(db);
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    school: { id: school.id, name: school.name, district: school.districtName },
    includesJournals: options.includeJournals,
    builtinCategories: builtinCategories.map((c) => ({ id: c.id, kind: c.kind, key: c.key ?? '' })),
  };
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const key = `backups/${school.id}/${stamp}-${randomUUID().slice(0, 8)}.ndjson.gz`;
  const { stream, counts, bytes } = backupStream(db, services.storage, header);
  await services.storage.putStream(key, stream, 'application/gzip');
  const row = await insertBackup(db, {
    schoolId: school.id,
    schoolName: school.name,
    districtName: school.districtName,
    storageKey: key,
    sizeBytes: bytes(),
    rowCount: counts.rows,
    includesJournals: options.includeJournals,
    createdBy: actorId,
    now,
    expiresAt: new Date(now.getTime() + services.config.backupRetentionDays * 86_400_000),
  });
  await audit(
    db,
    {
      actorId,
      schoolId: school.id,
      action: 'school.backup',
      targetType: 'backup',
      targetId: row.id,
      details: { rowCount: counts.rows, sizeBytes: bytes(), includesJournals: options.includeJournals },
    },
    now,
  );
  return presentBackup(row);
}

export async function backupSchool(db: Db, services: Services, actorId: string, schoolId: string, options: { includeJournals: boolean }) {
  const school = await findSchool(db, schoolId);
  if (!school) throw notFound();
  return writeBackup(db, services, actorId, school, options);
}

export async function getBackups(db: Db, schoolId: string | undefined) {
  return (await listBackups(db, schoolId, BACKUPS_LISTED)).map(presentBackup);
}

/** The backup file as a stream and a download name; reading it is audited. */
export async function readBackup(
  db: Db,
  services: Services,
  actorId: string,
  backupId: string,
): Promise<{ stream: Readable; fileName: string; contentType: string }> {
  const row = await findBackup(db, backupId);
  if (!row) throw notFound();
  const stream = await services.storage.getStream(row.storageKey);
  if (!stream) throw notFound();
  await audit(db, { actorId, schoolId: row.schoolId, action: 'school.backup.download', targetType: 'backup', targetId: row.id }, services.clock.now());
  const slug =
    row.schoolName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'school';
  const gz = row.storageKey.endsWith('.gz');
  return {
    stream,
    fileName: `high5-backup-${slug}-${row.createdAt.toISOString().slice(0, 10)}.${gz ? 'ndjson.gz' : 'json'}`,
    contentType: gz ? 'application/gzip' : 'application/json; charset=utf-8',
  };
}

/** Deletes a backup's row now and its file once that commits. */
export async function deleteBackup(db: Db, services: Services, actorId: string, backupId: string) {
  const row = await findBackup(db, backupId);
  if (!row) throw notFound();
  const keys = await deleteBackupRows(db, { ids: [backupId] });
  await services.jobs.enqueue(db, DELETE_OBJECTS_JOB, { keys });
  await audit(db, { actorId, schoolId: row.schoolId, action: 'school.backup.delete', targetType: 'backup', targetId: backupId }, services.clock.now());
  return {};
}

/** The retention: backups past their time go, rows and files. */
export async function sweepBackups(services: Services) {
  await inTransaction(services.db, async (tx) => {
    const keys = await deleteBackupRows(tx, { expiredBefore: services.clock.now() });
    if (keys.length) await services.jobs.enqueue(tx, DELETE_OBJECTS_JOB, { keys });
  });
}

/** Removes stored files; a missing file is fine (the job may run twice). */
export async function deleteObjects(services: Services, keys: string[]) {
  for (const key of keys) await services.storage.delete(key);
}

// --- Restores -------------------------------------------------------------------------------

type RestoreRow = NonNullable<Awaited<ReturnType<typeof findRestore>>>;
const presentRestore = (row: RestoreRow): Restore => ({
  id: row.id,
  backupId: row.backupId,
  sourceName: row.sourceName,
  targetSchoolId: row.targetSchoolId,
  targetSchoolName: row.targetSchoolName,
  status: row.status as RestoreStatus,
  rowsTotal: row.rowsTotal,
  rowsDone: row.rowsDone,
  errorCode: row.errorCode,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function getRestores(db: Db) {
  return (await listRestores(db, 20)).map(presentRestore);
}

export async function getRestore(db: Db, restoreId: string) {
  const row = await findRestore(db, restoreId);
  if (!row) throw notFound();
  return presentRestore(row);
}

/** The school a restore goes into must exist and hold nothing yet. */
export async function assertRestoreTarget(db: Db, schoolId: string) {
  if (!(await findSchool(db, schoolId))) throw notFound();
  if (!(await schoolIsEmpty(db, schoolId))) throw conflict('SCHOOL_NOT_EMPTY');
}

async function queueRestore(
  db: Db,
  services: Services,
  actorId: string,
  values: { backupId: string | null; targetSchoolId: string; sourceName: string; storageKey: string; uploaded: boolean },
) {
  await assertRestoreTarget(db, values.targetSchoolId);
  const now = services.clock.now();
  const id = await insertRestore(db, { ...values, createdBy: actorId, now });
  await services.jobs.enqueue(db, RESTORE_JOB, { restoreId: id });
  await audit(
    db,
    {
      actorId,
      schoolId: values.targetSchoolId,
      action: 'school.restore.start',
      targetType: 'restore',
      targetId: id,
      details: { backupId: values.backupId, uploaded: values.uploaded },
    },
    now,
  );
  return getRestore(db, id);
}

/** Restores one of this High5's backups into an empty school; the job does the work. */
export async function startRestore(db: Db, services: Services, actorId: string, input: StartRestore) {
  const backup = await findBackup(db, input.backupId);
  if (!backup) throw notFound();
  if (backup.formatVersion !== BACKUP_VERSION) throw badRequest('BACKUP_FORMAT_UNSUPPORTED');
  return queueRestore(db, services, actorId, {
    backupId: backup.id,
    targetSchoolId: input.targetSchoolId,
    sourceName: backup.schoolName,
    storageKey: backup.storageKey,
    uploaded: false,
  });
}

/** Restores an uploaded file (already in storage under `storageKey`) into an empty school. */
export async function startUploadedRestore(
  db: Db,
  services: Services,
  actorId: string,
  targetSchoolId: string,
  upload: { storageKey: string; fileName: string },
) {
  return queueRestore(db, services, actorId, {
    backupId: null,
    targetSchoolId,
    sourceName: upload.fileName.slice(0, 200) || 'backup',
    storageKey: upload.storageKey,
    uploaded: true,
  });
}
