import { randomUUID } from 'node:crypto';
import type { AddSchool, Backup, DistrictKind, SuperSchool } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../audit.js';
import { createFreeDistrict } from '../districts/service.js';
import {
  deleteSchoolRows,
  deleteUsers,
  exportSchoolRows,
  findBackup,
  findSchool,
  insertBackup,
  insertSchool,
  listBackups,
  listSchools,
  lockDistrict,
  schoolByName,
  usersOnlyHere,
} from './queries.js';

/** The job that removes a deleted school's files (photos, hand images) once the deletion committed. */
export const DELETE_OBJECTS_JOB = 'admin.delete-objects';
const BACKUPS_LISTED = 50;

type SchoolRow = NonNullable<Awaited<ReturnType<typeof findSchool>>>;
const presentSchool = (row: SchoolRow): SuperSchool => ({ ...row, districtKind: row.districtKind as DistrictKind });

export async function getSchools(db: Db) {
  return (await listSchools(db)).map(presentSchool);
}

/** Adds a free school to a district, creating the (free) district when it is new. */
export async function addSchool(db: Db, services: Services, actorId: string, input: AddSchool & { timeZone: string }) {
  let districtId = input.districtId;
  if (districtId) {
    if (!(await lockDistrict(db, districtId))) throw notFound();
  } else {
    districtId = await createFreeDistrict(db, services, actorId, input.newDistrictName!);
  }
  if (await schoolByName(db, districtId, input.name)) throw conflict('SCHOOL_EXISTS');
  const now = services.clock.now();
  const id = await insertSchool(db, { districtId, name: input.name, timeZone: input.timeZone, now });
  await audit(db, { actorId, schoolId: id, action: 'school.add', targetType: 'school', targetId: id, details: { name: input.name, districtId, timeZone: input.timeZone } }, now);
  return presentSchool((await findSchool(db, id))!);
}

type BackupRow = NonNullable<Awaited<ReturnType<typeof findBackup>>>;
const presentBackup = (row: BackupRow): Backup => ({
  id: row.id,
  schoolId: row.schoolId,
  schoolName: row.schoolName,
  districtName: row.districtName,
  createdAt: row.createdAt.toISOString(),
  sizeBytes: row.sizeBytes,
  rowCount: row.rowCount,
});

/**
 * Writes every row of the school's data to object storage as one JSON file and records it
 * (docs/decisions/0138-school-backups.md). Secrets (password hashes, SIS credentials) are left out.
 */
async function writeBackup(db: Db, services: Services, actorId: string, school: SchoolRow) {
  const now = services.clock.now();
  const tables = await exportSchoolRows(db, school.id);
  const rowCount = Object.values(tables).reduce((n, rows) => n + rows.length, 0);
  const document = { format: 'high5-school-backup', version: 1, createdAt: now.toISOString(), school: { id: school.id, name: school.name, district: school.districtName }, rowCount, tables };
  const bytes = Buffer.from(JSON.stringify(document), 'utf8');
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const key = `backups/${school.id}/${stamp}-${randomUUID().slice(0, 8)}.json`;
  await services.storage.put(key, bytes, 'application/json');
  const row = await insertBackup(db, { schoolId: school.id, schoolName: school.name, districtName: school.districtName, storageKey: key, sizeBytes: bytes.length, rowCount, createdBy: actorId, now });
  await audit(db, { actorId, schoolId: school.id, action: 'school.backup', targetType: 'backup', targetId: row.id, details: { rowCount, sizeBytes: bytes.length } }, now);
  return presentBackup(row);
}

export async function backupSchool(db: Db, services: Services, actorId: string, schoolId: string) {
  const school = await findSchool(db, schoolId);
  if (!school) throw notFound();
  return writeBackup(db, services, actorId, school);
}

export async function getBackups(db: Db, schoolId: string | undefined) {
  return (await listBackups(db, schoolId, BACKUPS_LISTED)).map(presentBackup);
}

/** The backup file and a download name; reading it is audited. */
export async function readBackup(db: Db, services: Services, actorId: string, backupId: string) {
  const row = await findBackup(db, backupId);
  if (!row) throw notFound();
  const bytes = await services.storage.get(row.storageKey);
  if (!bytes) throw notFound();
  await audit(db, { actorId, schoolId: row.schoolId, action: 'school.backup.download', targetType: 'backup', targetId: row.id }, services.clock.now());
  const slug = row.schoolName.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'school';
  return { bytes, fileName: `high5-backup-${slug}-${row.createdAt.toISOString().slice(0, 10)}.json` };
}

/**
 * Deletes a school and all its data in one transaction (the caller's), after a backup when
 * asked. The second confirmation, the school's name typed again, is checked here too.
 * Members of no other school are deleted with it; their files are removed after commit.
 */
export async function deleteSchool(db: Db, services: Services, actorId: string, schoolId: string, input: { confirmName: string; backup: boolean }) {
  const school = await findSchool(db, schoolId, true);
  if (!school) throw notFound();
  if (input.confirmName.trim().toLocaleLowerCase() !== school.name.trim().toLocaleLowerCase()) {
    throw badRequest('SCHOOL_NAME_MISMATCH');
  }
  const backup = input.backup ? await writeBackup(db, services, actorId, school) : null;
  const orphans = await usersOnlyHere(db, schoolId);
  await deleteSchoolRows(db, schoolId);
  await deleteUsers(db, orphans.map((u) => u.id));
  const keys = orphans.flatMap((u) => [u.photoKey, u.avatarKey]).filter((k): k is string => !!k);
  if (keys.length) await services.jobs.enqueue(db, DELETE_OBJECTS_JOB, { keys });
  await audit(
    db,
    { actorId, schoolId: null, action: 'school.delete', targetType: 'school', targetId: schoolId, details: { name: school.name, district: school.districtName, usersDeleted: orphans.length, backupId: backup?.id ?? null } },
    services.clock.now(),
  );
  return { backup };
}

/** Removes stored files; a missing file is fine (the job may run twice). */
export async function deleteObjects(services: Services, keys: string[]) {
  for (const key of keys) await services.storage.delete(key);
}
