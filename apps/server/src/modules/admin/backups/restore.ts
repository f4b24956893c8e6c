import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { inTransaction } from '../../../db/database.js';
import { isDatabaseDown } from '../../../plugins/errors.js';
import type { Services } from '../../../services/index.js';
import { audit } from '../../../lib/audit.js';
import type { BackupTrailer } from './export.js';
import { findRestore, updateRestore } from './queries.js';
import { JobStopped } from '../../../services/jobs.js';
import { backupRows, FILE_BATCH, FILES, RestoreRefused } from './read.js';
import { BACKUP_TABLES, LINKS_TO_A_CHILD, NEW_IDS, SOFT_USER_REFERENCES, UUID_IDS } from './tables.js';
import { backupRules, checkRow, type Reference } from './validate.js';

/** The job that restores one school from a backup file (docs/decisions/0183). */
export const RESTORE_JOB = 'admin.restore';
const BATCH_ROWS = 500;
/** Rows that belong to an account kept as it is (it existed before the restore): that account's own rows win. */
const ACCOUNT_ROWS = new Set(['avatars', 'journal_entries']);

type Row = Record<string, unknown>;
interface RestoreState {
  existingUserIds: string[];
  imagesMissing?: number;
}

/**
 * First pass, before anything is written: the file is whole; every row is one a backup writes
 * (its table's rule in validate.ts: columns, types, no super admin, password or Google id), of
 * the file's own school, naming only rows of the same file (docs/decisions/0510); and nothing
 * in it collides with this High5: an account with the same id is the same person (kept as is),
 * another account with the same e-mail or username, or a class, note or category that already
 * exists (the school is still here), refuses the restore. No row links an account of the file
 * to a child who already has an account here.
 */
async function check(db: Db, services: Services, key: string, signal?: AbortSignal) {
  const rules = await backupRules(db, SOFT_USER_REFERENCES);
  const order = new Map(BACKUP_TABLES.map((t, i) => [t.name, i]));
  // The values other rows may point at: `table.column` -> the file's values of it.
  const seen = new Map<string, Set<string>>();
  for (const rule of rules.values()) for (const r of rule.references) if (r.target !== 'schools') seen.set(`${r.target}.${r.targetColumn}`, new Set());
  const pending: { ref: Reference; value: string }[] = [];
  const links: { adult: string; child: string }[] = [];
  let sourceSchoolId = '';
  let builtin = new Set<string>();

  const existing = new Set<string>();
  let conflict = false;
  let total = 0;
  let trailer: BackupTrailer | undefined;
  const counts: Record<string, number> = {};
  let users: Row[] = [];
  const ids: Record<string, string[]> = {};

  const checkUsers = async () => {
    if (!users.length) return;
    const batch = users;
    users = [];
    const byId = new Map(batch.map((u) => [String(u.id), u]));
    const emails = batch.map((u) => u.email).filter((v): v is string => typeof v === 'string');
    const names = batch.map((u) => u.username).filter((v): v is string => typeof v === 'string');
    const found = await sql<{ id: string; email: string | null; username: string | null }>`
      select id, email, username from users where id = any(${[...byId.keys()]}::uuid[]) or email = any(${emails}::text[]) or username = any(${names}::text[])`.execute(
      db,
    );
    for (const row of found.rows) {
      if (byId.has(row.id)) existing.add(row.id);
      else conflict = true;
    }
  };
  const checkIds = async (table: string) => {
    const batch = ids[table] ?? [];
    ids[table] = [];
    if (!batch.length) return;
    const found = await sql`select 1 from ${sql.table(table)} where id = any(${batch}::uuid[]) limit 1`.execute(db);
    if (found.rows.length) conflict = true;
  };
  /** A reference is fine when it names the file's school, a built-in category, or a row the file holds. */
  const referenceRefused = (table: string, ref: Reference, value: unknown) => {
    if (value === null || value === undefined) return false;
    if (ref.target === 'schools') return value !== sourceSchoolId;
    const text = String(value);
    if (ref.target === 'categories' && builtin.has(text)) return false;
    if (!order.has(ref.target)) return true;
    if (seen.get(`${ref.target}.${ref.targetColumn}`)!.has(text) || ref.soft) return false;
    // A row of its own table or of one restored later: known only at the end of the file.
    if (order.get(ref.target)! >= order.get(table)!) {
      pending.push({ ref, value: text });
      return false;
    }
    return true;
  };

  let files = 0;
  for await (const line of backupRows(services, key, signal)) {
    if (line.kind === 'header') {
      sourceSchoolId = line.header.school.id;
      builtin = new Set(line.header.builtinCategories.map((c) => c.id));
    }
    if (line.kind === 'end') trailer = line.trailer;
    if (line.kind === 'file') {
      files++;
      total++;
    }
    if (line.kind !== 'row') continue;
    total++;
    const { table, row } = line;
    counts[table] = (counts[table] ?? 0) + 1;
    const rule = rules.get(table)!;
    const refused = checkRow(rule, row);
    if (refused) throw new RestoreRefused(refused);
    if (table === 'schools' ? row.id !== sourceSchoolId || counts.schools! > 1 : rule.references.some((ref) => referenceRefused(table, ref, row[ref.column])))
      throw new RestoreRefused('BACKUP_ROW_OUTSIDE');
    for (const [name, values] of seen)
      if (name.startsWith(`${table}.`) && row[name.slice(table.length + 1)] != null) values.add(String(row[name.slice(table.length + 1)]));
    const link = LINKS_TO_A_CHILD[table];
    if (link) links.push({ adult: String(row[link.adult]), child: String(row[link.child]) });
    if (table === 'users') {
      users.push(row);
      if (users.length >= BATCH_ROWS) await checkUsers();
    } else if (UUID_IDS.includes(table)) {
      (ids[table] ??= []).push(String(row.id));
      if (ids[table]!.length >= BATCH_ROWS) await checkIds(table);
    }
  }
  if (!trailer || trailer.rows + trailer.files !== total || trailer.files !== files || Object.entries(trailer.tables).some(([t, n]) => (counts[t] ?? 0) !== n))
    throw new RestoreRefused('BACKUP_FILE_DAMAGED');
  if (pending.some(({ ref, value }) => !seen.get(`${ref.target}.${ref.targetColumn}`)!.has(value))) throw new RestoreRefused('BACKUP_ROW_OUTSIDE');
  await checkUsers();
  // Another school's child, named in the file as if it were this school's: never linked to an account of the file.
  if (links.some((l) => existing.has(l.child) && !existing.has(l.adult))) throw new RestoreRefused('BACKUP_ROW_OUTSIDE');
  for (const table of UUID_IDS) await checkIds(table);
  if (conflict) throw new RestoreRefused('RESTORE_CONFLICT');
  return { total, existingUserIds: [...existing] };
}

/** Columns each table has here (a backup from an older or newer High5 may have other ones). */
async function tableColumns(db: Db) {
  const result = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = current_schema() and is_generated = 'NEVER'`.execute(db);
  const columns = new Map<string, Set<string>>();
  for (const { table, column } of result.rows) {
    if (!columns.has(table)) columns.set(table, new Set());
    columns.get(table)!.add(column);
  }
  return columns;
}

interface InsertContext {
  restoreId: string;
  sourceSchoolId: string;
  targetSchoolId: string;
  existing: Set<string>;
  builtin: Map<string, string>;
  columns: Map<string, Set<string>>;
  services: Services;
  imagesMissing: number;
  /** The accounts the file holds (the check pass saw that every reference names one of them). */
  fileUsers: Set<string>;
}

/** Adapts one batch of a table's rows to this High5: school id, built-in categories, new ids, missing accounts and files. */
async function prepare(tx: Db, table: string, rows: Row[], ctx: InsertContext): Promise<Row[]> {
  const secret = BACKUP_TABLES.find((t) => t.name === table)?.secret ?? [];
  for (const row of rows) for (const column of secret) delete row[column];
  for (const row of rows) if ('school_id' in row && row.school_id === ctx.sourceSchoolId) row.school_id = ctx.targetSchoolId;
  if (table === 'users' || ACCOUNT_ROWS.has(table)) rows = rows.filter((r) => !ctx.existing.has(String(table === 'users' ? r.id : r.user_id)));
  if (table === 'category_settings' || table === 'recognition_categories') {
    for (const row of rows) row.category_id = ctx.builtin.get(String(row.category_id)) ?? row.category_id;
  }
  // Backups hold rows, not image files: a photo or hand image whose file is gone is dropped.
  if (table === 'users' || table === 'avatars') {
    const column = table === 'users' ? 'photo_key' : 'image_key';
    const kept: Row[] = [];
    for (const row of rows) {
      const key = row[column];
      if (typeof key === 'string' && !(await ctx.services.storage.get(key).catch(() => null))) {
        ctx.imagesMissing++;
        if (table === 'avatars') continue;
        row[column] = null;
      }
      kept.push(row);
    }
    rows = kept;
  }
  if (NEW_IDS[table] === 'drop') for (const row of rows) delete row.id;
  if (NEW_IDS[table] === 'map' && rows.length) {
    const fresh = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as id from generate_series(1, ${rows.length})`.execute(tx);
    const pairs = rows.map((row, i) => ({ restoreId: ctx.restoreId, oldId: Number(row.id), newId: Number(fresh.rows[i]!.id) }));
    await tx.insertInto('schoolRestoreIds').values(pairs).execute();
    rows.forEach((row, i) => (row.id = pairs[i]!.newId));
  }
  if ((table === 'recognition_categories' || table === 'high5_feedback') && rows.length) {
    const old = [...new Set(rows.map((r) => Number(r.recognition_id)))];
    const map = await tx.selectFrom('schoolRestoreIds').select(['oldId', 'newId']).where('restoreId', '=', ctx.restoreId).where('oldId', 'in', old).execute();
    const ids = new Map(map.map((m) => [m.oldId, m.newId]));
    for (const row of rows) row.recognition_id = ids.get(Number(row.recognition_id)) ?? row.recognition_id;
  }
  // A nullable reference to an account the file does not hold (an audit line's super admin) is emptied: rows name only the file's rows.
  const soft = SOFT_USER_REFERENCES[table];
  if (soft) for (const row of rows) for (const column of soft) if (typeof row[column] === 'string' && !ctx.fileUsers.has(row[column])) row[column] = null;
  return rows;
}

/** Inserts a batch of one table's rows with PostgreSQL's own JSON-to-row conversion. */
async function insertRows(tx: Db, table: string, rows: Row[], ctx: InsertContext) {
  rows = await prepare(tx, table, rows, ctx);
  if (!rows.length) return;
  const known = ctx.columns.get(table) ?? new Set<string>();
  const json = JSON.stringify(rows);
  if (table === 'schools') {
    // The empty school keeps its id, district and name; everything else comes from the backup.
    const columns = Object.keys(rows[0]!).filter((c) => known.has(c) && !['id', 'district_id', 'name', 'created_at'].includes(c));
    const list = sql.join(columns.map((c) => sql.ref(c)));
    await sql`update schools set (${list}) = (select ${list} from jsonb_populate_record(null::schools, ${json}::jsonb -> 0)) where id = ${ctx.targetSchoolId}`.execute(
      tx,
    );
    return;
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => known.has(c));
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const overriding = NEW_IDS[table] === 'map' ? sql`overriding system value` : sql``;
  const keep = ACCOUNT_ROWS.has(table) || table === 'parent_links' || table === 'trusted_adults' ? sql`on conflict do nothing` : sql``;
  await sql`insert into ${sql.table(table)} (${list}) ${overriding}
    select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb) ${keep}`.execute(tx);
}

/** Second pass: inserts the rows a batch at a time, each batch in its own transaction with the progress, so a retry resumes. */
async function insertAll(
  services: Services,
  restore: { id: string; storageKey: string; rowsDone: number; targetSchoolId: string },
  state: RestoreState,
  signal?: AbortSignal,
) {
  const db = services.db;
  const columns = await tableColumns(db);
  const builtinHere = await db.selectFrom('categories').select(['id', 'kind', 'key']).where('schoolId', 'is', null).execute();
  const ctx: InsertContext = {
    restoreId: restore.id,
    sourceSchoolId: '',
    targetSchoolId: restore.targetSchoolId,
    existing: new Set(state.existingUserIds),
    builtin: new Map(),
    columns,
    services,
    imagesMissing: state.imagesMissing ?? 0,
    fileUsers: new Set(),
  };
  let done = restore.rowsDone;
  let index = 0;
  let batch: { table: string; rows: Row[] } = { table: '', rows: [] };
  const flush = async () => {
    if (!batch.rows.length) return;
    const { table, rows } = batch;
    batch = { table: '', rows: [] };
    // An image already stored under its key (an account kept as it is) stays as it is.
    if (table === FILES)
      for (const f of rows)
        if (!(await services.storage.get(String(f.key))))
          await services.storage.put(String(f.key), Buffer.from(String(f.base64), 'base64'), 'application/octet-stream');
    await inTransaction(db, async (tx) => {
      if (table !== FILES) await insertRows(tx, table, rows, ctx);
      done += rows.length;
      await updateRestore(tx, restore.id, { rowsDone: done, state: { ...state, imagesMissing: ctx.imagesMissing } });
    });
  };
  for await (const line of backupRows(services, restore.storageKey, signal)) {
    if (line.kind === 'row' && line.table === 'users') ctx.fileUsers.add(String(line.row.id));
    if (line.kind === 'header') {
      ctx.sourceSchoolId = line.header.school.id;
      for (const c of line.header.builtinCategories) {
        const here = builtinHere.find((b) => b.kind === c.kind && b.key === c.key);
        if (here) ctx.builtin.set(c.id, here.id);
      }
    }
    if ((line.kind !== 'row' && line.kind !== 'file') || ++index <= restore.rowsDone) continue;
    const table = line.kind === 'file' ? FILES : line.table;
    if (batch.table !== table || batch.rows.length >= (table === FILES ? FILE_BATCH : BATCH_ROWS)) await flush();
    batch.table = table;
    batch.rows.push(line.kind === 'file' ? { key: line.key, base64: line.base64 } : line.row);
  }
  await flush();
  return ctx.imagesMissing;
}

/** The restore job: checks the file, then inserts it; failures of the file or of a collision are the restore's answer, not retried. */
export async function runRestore(services: Services, restoreId: string, signal?: AbortSignal) {
  const db = services.db;
  const restore = await findRestore(db, restoreId);
  if (!restore || restore.status === 'done' || restore.status === 'failed' || !restore.targetSchoolId) return;
  try {
    let state = restore.state as unknown as RestoreState;
    if (restore.status !== 'restoring') {
      await updateRestore(db, restoreId, { status: 'checking' });
      const checked = await check(db, services, restore.storageKey, signal);
      state = { existingUserIds: checked.existingUserIds };
      await updateRestore(db, restoreId, { status: 'restoring', rowsTotal: checked.total, rowsDone: 0, state });
      restore.rowsDone = 0;
      restore.rowsTotal = checked.total;
    }
    const imagesMissing = await insertAll(services, { ...restore, targetSchoolId: restore.targetSchoolId }, state, signal);
    const now = services.clock.now();
    await inTransaction(db, async (tx) => {
      await updateRestore(tx, restoreId, { status: 'done', finishedAt: now });
      await tx.deleteFrom('schoolRestoreIds').where('restoreId', '=', restoreId).execute();
      await audit(
        tx,
        {
          actorId: restore.createdBy,
          schoolId: restore.targetSchoolId,
          action: 'school.restore',
          targetType: 'restore',
          targetId: restoreId,
          details: { rows: restore.rowsTotal, accountsKept: state.existingUserIds.length, imagesMissing },
        },
        now,
      );
    });
    if (restore.uploaded) await services.storage.delete(restore.storageKey);
  } catch (error) {
    // A shutdown leaves the restore where it is: the job runs again and resumes (the check pass from its start).
    if (isDatabaseDown(error as Error) || error instanceof JobStopped) throw error;
    const code = error instanceof RestoreRefused ? error.code : 'RESTORE_FAILED';
    if (!(error instanceof RestoreRefused))
      services.jobs.logger.error({ jobKind: RESTORE_JOB, error: { name: (error as Error).name, code: (error as { code?: string }).code } }, 'restore failed');
    await updateRestore(db, restoreId, { status: 'failed', errorCode: code, finishedAt: services.clock.now() });
    if (restore.uploaded) await services.storage.delete(restore.storageKey);
  }
}
