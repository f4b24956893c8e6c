import type { AddSchool, DistrictKind, SuperSchool, UpdateSchool } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { createFreeDistrict } from '../districts/service.js';
import { deleteBackupRows, deleteSchoolAudit, emptySchoolIds, uploadedRestoreKeys } from '../backups/queries.js';
import { DELETE_OBJECTS_JOB, writeBackup } from '../backups/service.js';
import { deleteSchoolRows, deleteUsers, findSchool, insertSchool, listSchools, lockDistrict, schoolByName, updateSchoolRow, usersOnlyHere } from './queries.js';

type SchoolRow = NonNullable<Awaited<ReturnType<typeof findSchool>>>;
const presentSchool = (row: SchoolRow): SuperSchool => ({ ...row, districtKind: row.districtKind as DistrictKind });

export async function getSchools(db: Db) {
  return (await listSchools(db)).map(presentSchool);
}

/** The schools a restore may go into: those that hold nothing yet (the restore dialog offers only these). */
export async function getRestoreTargets(db: Db) {
  const [schools, empty] = await Promise.all([getSchools(db), emptySchoolIds(db)]);
  return schools.filter((s) => empty.has(s.id));
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
  await audit(
    db,
    { actorId, schoolId: id, action: 'school.add', targetType: 'school', targetId: id, details: { name: input.name, districtId, timeZone: input.timeZone } },
    now,
  );
  return presentSchool((await findSchool(db, id))!);
}

/** Renames a school (names stay unique in its district) or changes its time zone; audited with before and after. */
export async function updateSchool(db: Db, services: Services, actorId: string, schoolId: string, input: UpdateSchool) {
  const before = await findSchool(db, schoolId, true);
  if (!before) throw notFound();
  if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase()) {
    await lockDistrict(db, before.districtId);
    const other = await schoolByName(db, before.districtId, input.name);
    if (other && other.id !== schoolId) throw conflict('SCHOOL_EXISTS');
  }
  const values = { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}) };
  const after = Object.keys(values).length
    ? await updateSchoolRow(db, schoolId, values)
    : { id: before.id, name: before.name, districtId: before.districtId, timeZone: before.timeZone };
  await audit(
    db,
    {
      actorId,
      schoolId,
      action: 'school.update',
      targetType: 'school',
      targetId: schoolId,
      details: { before: { name: before.name, timeZone: before.timeZone }, after: { name: after.name, timeZone: after.timeZone } },
    },
    services.clock.now(),
  );
  return after;
}

/**
 * Deletes a school and all its data in one transaction (the caller's), after a backup when
 * asked. The second confirmation, the school's name typed again, is checked here too.
 * Members of no other school are deleted with it; their files are removed after commit, with
 * the school's earlier backups, files uploaded to restore into it, and its audit rows (they name
 * its people). The backup taken now
 * stays until its retention ends, for download or restore (docs/decisions/0182).
 */
export async function deleteSchool(
  db: Db,
  services: Services,
  actorId: string,
  schoolId: string,
  input: { confirmName: string; backup: boolean; includeJournals?: boolean },
) {
  const school = await findSchool(db, schoolId, true);
  if (!school) throw notFound();
  if (input.confirmName.trim().toLocaleLowerCase() !== school.name.trim().toLocaleLowerCase()) {
    throw badRequest('SCHOOL_NAME_MISMATCH');
  }
  const backup = input.backup ? await writeBackup(db, services, actorId, school, { includeJournals: input.includeJournals ?? false, extra: true }) : null;
  const orphans = await usersOnlyHere(db, schoolId);
  const oldBackups = await deleteBackupRows(db, { schoolId, ...(backup ? { exceptId: backup.id } : {}) });
  const restoreUploads = await uploadedRestoreKeys(db, schoolId);
  await deleteSchoolAudit(db, schoolId);
  await deleteSchoolRows(db, schoolId);
  await deleteUsers(
    db,
    orphans.map((u) => u.id),
  );
  const keys = [...orphans.flatMap((u) => [u.photoKey, u.avatarKey]), ...oldBackups, ...restoreUploads].filter((k): k is string => !!k);
  if (keys.length) await services.jobs.enqueue(db, DELETE_OBJECTS_JOB, { keys });
  await audit(
    db,
    {
      actorId,
      schoolId: null,
      action: 'school.delete',
      targetType: 'school',
      targetId: schoolId,
      details: {
        name: school.name,
        district: school.districtName,
        usersDeleted: orphans.length,
        backupsDeleted: oldBackups.length,
        backupId: backup?.id ?? null,
      },
    },
    services.clock.now(),
  );
  return { backup };
}
