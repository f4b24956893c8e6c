import { randomUUID } from 'node:crypto';
import type { AddDistrict, DistrictKind, DistrictSummary, UpdateDistrict } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import { encryptCredentials } from '../../../lib/district-credentials.js';
import {
  countDistrictSchools,
  deleteDistrictRow,
  districtByName,
  insertDistrict,
  listDistricts,
  lockDistrictNames,
  lockDistrictRow,
  updateDistrictRow,
} from './queries.js';

export async function getDistricts(db: Db): Promise<DistrictSummary[]> {
  return (await listDistricts(db)).map((d) => ({ ...d, kind: d.kind as DistrictKind, schoolCount: Number(d.schoolCount ?? 0) }));
}

/** A free district, created when a super admin adds a school to a district that does not exist yet. */
export async function createFreeDistrict(db: Db, services: Services, actorId: string, name: string) {
  await lockDistrictNames(db);
  if (await districtByName(db, name)) throw conflict('DISTRICT_EXISTS');
  const id = randomUUID();
  const now = services.clock.now();
  await insertDistrict(db, { id, name, kind: 'free', paid: false, testMode: true, baseUrl: null, credentialsEncrypted: null, now });
  await audit(db, { actorId, schoolId: null, action: 'district.add', targetType: 'district', targetId: id, details: { kind: 'free', name } }, now);
  return id;
}

/**
 * Adds an Aeries or Clever district (a paid district: its schools come from the SIS). The
 * credentials are encrypted at rest and never returned (docs/decisions/0137-districts-and-credentials.md).
 */
export async function addDistrict(db: Db, services: Services, actorId: string, input: AddDistrict & { testMode: boolean }) {
  await lockDistrictNames(db);
  if (await districtByName(db, input.name)) throw conflict('DISTRICT_EXISTS');
  const id = randomUUID();
  const now = services.clock.now();
  const credentials: Record<string, string> =
    input.kind === 'aeries' ? { certificate: input.certificate } : { clientKey: input.clientKey, clientSecret: input.clientSecret };
  await insertDistrict(db, {
    id,
    name: input.name,
    kind: input.kind,
    paid: true,
    testMode: input.testMode,
    baseUrl: input.baseUrl,
    credentialsEncrypted: encryptCredentials(services.secret, id, credentials),
    now,
  });
  await audit(
    db,
    {
      actorId,
      schoolId: null,
      action: 'district.add',
      targetType: 'district',
      targetId: id,
      details: { kind: input.kind, name: input.name, baseUrl: input.baseUrl, testMode: input.testMode },
    },
    now,
  );
  return (await getDistricts(db)).find((d) => d.id === id)!;
}

/** Renames a district or replaces its allowed e-mail domains; the change is audited with before and after. */
export async function updateDistrict(db: Db, services: Services, actorId: string, districtId: string, input: UpdateDistrict & { domains?: string[] }) {
  await lockDistrictNames(db);
  const before = await lockDistrictRow(db, districtId);
  if (!before) throw notFound();
  if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase()) {
    const other = await districtByName(db, input.name);
    if (other && other.id !== districtId) throw conflict('DISTRICT_EXISTS');
  }
  const credentials = sisCredentials(before.kind, input);
  if ((input.baseUrl !== undefined || credentials) && before.kind !== 'aeries' && before.kind !== 'clever') throw new AppError(400, 'ROSTER_NOT_SIS');
  const after = await updateDistrictRow(db, districtId, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.domains !== undefined ? { domains: input.domains } : {}),
    ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl } : {}),
    ...(credentials ? { credentialsEncrypted: encryptCredentials(services.secret, districtId, credentials) } : {}),
  });
  await audit(
    db,
    {
      actorId,
      schoolId: null,
      action: 'district.update',
      targetType: 'district',
      targetId: districtId,
      // Never the credentials themselves: only that they were replaced.
      details: {
        before: { name: before.name, domains: before.domains, baseUrl: before.baseUrl },
        after: { name: after.name, domains: after.domains, baseUrl: after.baseUrl },
        credentialsReplaced: !!credentials,
      },
    },
    services.clock.now(),
  );
  return { id: after.id, name: after.name, domains: after.domains };
}

/** New credentials from an edit, as the district's kind stores them; a field of the other kind is refused. */
function sisCredentials(kind: string, input: UpdateDistrict): Record<string, string> | null {
  const aeries = input.certificate !== undefined;
  const clever = input.clientKey !== undefined && input.clientSecret !== undefined;
  if (!aeries && !clever) return null;
  if (aeries && kind === 'aeries' && !clever) return { certificate: input.certificate! };
  if (clever && kind === 'clever' && !aeries) return { clientKey: input.clientKey!, clientSecret: input.clientSecret! };
  if (kind !== 'aeries' && kind !== 'clever') throw new AppError(400, 'ROSTER_NOT_SIS');
  throw badRequest('VALIDATION_FAILED', [{ path: aeries && kind !== 'aeries' ? 'body.certificate' : 'body.clientKey', code: 'wrong_district_kind' }]);
}

/**
 * Deletes a district with no schools left. Schools are deleted one by one first (each with a
 * backup offered and its name typed again), so a district never takes children's data with it.
 */
export async function deleteDistrict(db: Db, services: Services, actorId: string, districtId: string) {
  const district = await lockDistrictRow(db, districtId);
  if (!district) throw notFound();
  if ((await countDistrictSchools(db, districtId)) > 0) throw conflict('DISTRICT_HAS_SCHOOLS');
  await deleteDistrictRow(db, districtId);
  await audit(
    db,
    { actorId, schoolId: null, action: 'district.delete', targetType: 'district', targetId: districtId, details: { name: district.name } },
    services.clock.now(),
  );
  return { id: districtId };
}
