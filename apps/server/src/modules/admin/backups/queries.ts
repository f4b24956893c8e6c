import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export async function insertBackup(
  db: Db,
  values: {
    schoolId: string;
    schoolName: string;
    districtName: string;
    storageKey: string;
    sizeBytes: number;
    rowCount: number;
    includesJournals: boolean;
    createdBy: string;
    now: Date;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('schoolBackups')
    .values({
      schoolId: values.schoolId,
      schoolName: values.schoolName,
      districtName: values.districtName,
      storageKey: values.storageKey,
      sizeBytes: values.sizeBytes,
      rowCount: values.rowCount,
      includesJournals: values.includesJournals,
      formatVersion: 2,
      createdBy: values.createdBy,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listBackups(db: Db, schoolId: string | undefined, limit: number) {
  let query = db.selectFrom('schoolBackups').selectAll().orderBy('createdAt', 'desc').orderBy('id').limit(limit);
  if (schoolId) query = query.where('schoolId', '=', schoolId);
  return query.execute();
}

export function findBackup(db: Db, backupId: string) {
  return db.selectFrom('schoolBackups').selectAll().where('id', '=', backupId).executeTakeFirst();
}

/** Backups of a school taken since `since` (the daily allowance). */
export async function backupsSince(db: Db, schoolId: string, since: Date) {
  const row = await db
    .selectFrom('schoolBackups')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('schoolId', '=', schoolId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Deletes backup rows and returns their files' keys (removed after commit). */
export async function deleteBackupRows(db: Db, where: { ids?: string[]; schoolId?: string; expiredBefore?: Date; exceptId?: string }) {
  let query = db.deleteFrom('schoolBackups');
  if (where.ids) query = query.where('id', 'in', where.ids.length ? where.ids : ['00000000-0000-0000-0000-000000000000']);
  if (where.schoolId) query = query.where('schoolId', '=', where.schoolId);
  if (where.expiredBefore) query = query.where('expiresAt', '<', where.expiredBefore);
  if (where.exceptId) query = query.where('id', '<>', where.exceptId);
  return (await query.returning(['id', 'storageKey']).execute()).map((row) => row.storageKey);
}

/** Files uploaded to restore into a school that are still stored (a restore not yet run): they go with the school. */
export async function uploadedRestoreKeys(db: Db, schoolId: string) {
  const rows = await db.selectFrom('schoolRestores').select('storageKey').where('targetSchoolId', '=', schoolId).where('uploaded', '=', true).execute();
  return rows.map((row) => row.storageKey);
}

/** A school's audit rows go with it: they name its people (the backup keeps a copy when asked). */
export async function deleteSchoolAudit(db: Db, schoolId: string) {
  await db.deleteFrom('auditLog').where('schoolId', '=', schoolId).execute();
}

// --- Restores -------------------------------------------------------------------------------

export async function insertRestore(
  db: Db,
  values: { backupId: string | null; targetSchoolId: string; sourceName: string; storageKey: string; uploaded: boolean; createdBy: string; now: Date },
) {
  const { now, ...columns } = values;
  const row = await db
    .insertInto('schoolRestores')
    .values({ ...columns, status: 'queued', createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const restoreColumns = [
  'r.id',
  'r.backupId',
  'r.sourceName',
  'r.targetSchoolId',
  's.name as targetSchoolName',
  'r.status',
  'r.rowsTotal',
  'r.rowsDone',
  'r.errorCode',
  'r.state',
  'r.createdAt',
  'r.finishedAt',
  'r.storageKey',
  'r.uploaded',
  'r.createdBy',
] as const;

export function findRestore(db: Db, restoreId: string) {
  return db
    .selectFrom('schoolRestores as r')
    .leftJoin('schools as s', 's.id', 'r.targetSchoolId')
    .select(restoreColumns)
    .where('r.id', '=', restoreId)
    .executeTakeFirst();
}

export function listRestores(db: Db, limit: number) {
  return db
    .selectFrom('schoolRestores as r')
    .leftJoin('schools as s', 's.id', 'r.targetSchoolId')
    .select(restoreColumns)
    .orderBy('r.createdAt', 'desc')
    .limit(limit)
    .execute();
}

export async function updateRestore(
  db: Db,
  restoreId: string,
  values: { status?: string; rowsTotal?: number; rowsDone?: number; errorCode?: string | null; state?: object; finishedAt?: Date },
) {
  const { state, ...rest } = values;
  await db
    .updateTable('schoolRestores')
    .set({ ...rest, ...(state ? { state: JSON.stringify(state) } : {}) })
    .where('id', '=', restoreId)
    .execute();
}

/** The school (a value or a column) holds something a restore would collide with: people, classes or activity, or a restore under way. */
const holdsSomething = (school: unknown) => sql<boolean>`(
      exists (select 1 from school_memberships where school_id = ${school})
      or exists (select 1 from classes where school_id = ${school})
      or exists (select 1 from recognitions where school_id = ${school})
      or exists (select 1 from moods where school_id = ${school})
      or exists (select 1 from invitations where school_id = ${school})
      or exists (select 1 from categories where school_id = ${school})
      or exists (select 1 from school_restores where target_school_id = ${school} and status in ('queued', 'checking', 'restoring')))`;

/** True when the school holds nothing a restore would collide with. */
export async function schoolIsEmpty(db: Db, schoolId: string) {
  const result = await sql<{ busy: boolean }>`select ${holdsSomething(schoolId)} as busy`.execute(db);
  return !result.rows[0]!.busy;
}

/** The ids of every school a restore may go into (the same rule as `schoolIsEmpty`). */
export async function emptySchoolIds(db: Db) {
  const rows = await db
    .selectFrom('schools as s')
    .select('s.id')
    .where(sql<boolean>`not ${holdsSomething(sql.ref('s.id'))}`)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The built-in categories' ids and keys, which a backup records so a restore can map them. */
export function builtinCategoryKeys(db: Db) {
  return db.selectFrom('categories').select(['id', 'kind', 'key']).where('schoolId', 'is', null).orderBy('kind').orderBy('position').execute();
}
