import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export function listDistricts(db: Db) {
  return db
    .selectFrom('districts as d')
    .select([
      'd.id',
      'd.name',
      'd.kind',
      'd.paid',
      'd.testMode',
      'd.baseUrl',
      sql<boolean>`d.credentials_encrypted is not null`.as('hasCredentials'),
      'd.whitelistingDomains as domains',
      (eb) =>
        eb
          .selectFrom('schools as s')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.districtId', '=', 'd.id')
          .as('schoolCount'),
    ])
    .orderBy(sql`lower(d.name)`)
    .execute();
}

export function districtByName(db: Db, name: string) {
  return db
    .selectFrom('districts')
    .select(['id', 'name'])
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertDistrict(
  db: Db,
  values: {
    id: string;
    name: string;
    kind: 'free' | 'aeries' | 'clever';
    paid: boolean;
    testMode: boolean;
    baseUrl: string | null;
    credentialsEncrypted: string | null;
    now: Date;
  },
) {
  await db
    .insertInto('districts')
    .values({
      id: values.id,
      name: values.name,
      kind: values.kind,
      paid: values.paid,
      testMode: values.testMode,
      baseUrl: values.baseUrl,
      credentialsEncrypted: values.credentialsEncrypted,
      createdAt: values.now,
    })
    .execute();
}

/** Serialises additions of districts: names are unique without regard to case. */
export async function lockDistrictNames(db: Db) {
  await sql`select pg_advisory_xact_lock(hashtext('high5:districts'))`.execute(db);
}

export function lockDistrictRow(db: Db, id: string) {
  return db
    .selectFrom('districts')
    .select(['id', 'name', 'kind', 'baseUrl', 'whitelistingDomains as domains'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateDistrictRow(db: Db, id: string, values: { name?: string; domains?: string[]; baseUrl?: string; credentialsEncrypted?: string }) {
  const set = {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.domains !== undefined ? { whitelistingDomains: values.domains } : {}),
    // Another address or other credentials may be another SIS: the next sync reads everything again.
    ...(values.baseUrl !== undefined || values.credentialsEncrypted !== undefined ? { rosterCursor: null } : {}),
    ...(values.baseUrl !== undefined ? { baseUrl: values.baseUrl } : {}),
    ...(values.credentialsEncrypted !== undefined ? { credentialsEncrypted: values.credentialsEncrypted } : {}),
  };
  // A PATCH that changes nothing answers the row as it is (an UPDATE with no SET is not SQL).
  if (Object.keys(set).length === 0) return (await lockDistrictRow(db, id))!;
  return db
    .updateTable('districts')
    .set(set)
    .where('id', '=', id)
    .returning(['id', 'name', 'kind', 'baseUrl', 'whitelistingDomains as domains'])
    .executeTakeFirstOrThrow();
}

export async function countDistrictSchools(db: Db, id: string) {
  const row = await db
    .selectFrom('schools')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('districtId', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteDistrictRow(db: Db, id: string) {
  await db.deleteFrom('districts').where('id', '=', id).execute();
}
