import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { BACKUP_TABLES, type BackupTable } from './tables.js';

/**
 * What a restore accepts, row by row (docs/decisions/0510): one zod schema per table of
 * BACKUP_TABLES, made from the columns this database has minus the ones a backup never writes,
 * with each column's type and nullability, and the references each row makes. A file is
 * checked whole against them before its first row is written.
 */

/** Why a row is refused: the error code the restore ends with. */
export type RowRefusal = 'BACKUP_ROW_INVALID' | 'BACKUP_ROW_PRIVILEGED' | 'BACKUP_ROW_OUTSIDE';

/** A reference a row makes: to the source school, to another row of the file, or to a built-in category. */
export interface Reference {
  column: string;
  table: string;
  target: string;
  targetColumn: string;
  /** A nullable reference to an account that a restore empties when the account is not in the file. */
  soft: boolean;
}

export interface TableRule {
  table: BackupTable;
  schema: z.ZodType<Record<string, unknown>>;
  references: Reference[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// PostgreSQL's own JSON for timestamptz (to_jsonb), and ISO strings with a zone.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/;
/** No text column of a backup comes near this (journal entries, notes and comments are far shorter). */
const TEXT_MAX = 100_000;
/** Text PostgreSQL stores: no NUL, and no half of a surrogate pair (JSON can spell both, text refuses them). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const text = z
  .string()
  .max(TEXT_MAX)
  .refine((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s));
const json: z.ZodType<unknown> = z.lazy(() => z.union([text, z.number(), z.boolean(), z.null(), z.array(json).max(10_000), z.record(text, json)]));

function columnType(udt: string): z.ZodType<unknown> {
  // PostgreSQL names an array type after its element with a leading underscore (`_text`).
  if (udt.startsWith('_')) return z.array(columnType(udt.slice(1))).max(10_000);
  switch (udt) {
    case 'uuid':
      return z.string().regex(UUID);
    case 'text':
    case 'varchar':
    case 'citext':
    case 'bpchar':
      return text;
    case 'int2':
      return z.number().int().min(-32_768).max(32_767);
    case 'int4':
      return z.number().int().min(-2_147_483_648).max(2_147_483_647);
    case 'int8':
      return z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
    case 'numeric':
    case 'float4':
    case 'float8':
      return z.number().finite();
    case 'bool':
      return z.boolean();
    case 'timestamptz':
    case 'timestamp':
      return z.string().regex(TIMESTAMP);
    case 'date':
      return z.string().regex(DATE);
    case 'time':
      return z.string().regex(TIME);
    case 'json':
    case 'jsonb':
      return json;
    default:
      // A type no backup table uses today: refused until someone decides how it travels.
      return z.never();
  }
}

interface Column {
  table: string;
  column: string;
  udt: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** The catalog: every column of the backed-up tables, and their foreign keys. */
async function catalog(db: Db) {
  const names = BACKUP_TABLES.map((t) => t.name);
  const columns = await sql<Column>`
    select table_name as table, column_name as column, udt_name as udt, is_nullable = 'YES' as nullable,
      (column_default is not null or is_identity = 'YES') as "hasDefault"
    from information_schema.columns
    where table_schema = current_schema() and is_generated = 'NEVER' and table_name = any(${names}::text[])`.execute(db);
  const keys = await sql<{ table: string; column: string; target: string; targetColumn: string }>`
    select cl.relname as table, a.attname as column, rt.relname as target, ra.attname as "targetColumn"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_class rt on rt.oid = c.confrelid
    cross join lateral unnest(c.conkey, c.confkey) as k(col, ref)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.ref
    where c.contype = 'f' and n.nspname = current_schema() and cl.relname = any(${names}::text[])`.execute(db);
  return { columns: columns.rows, keys: keys.rows };
}

/** The rule of every table a backup holds, read from this database's catalog and tables.ts. */
export async function backupRules(db: Db, soft: Record<string, string[]>): Promise<Map<string, TableRule>> {
  const { columns, keys } = await catalog(db);
  const rules = new Map<string, TableRule>();
  for (const table of BACKUP_TABLES) {
    const never = new Set(table.secret ?? []);
    const shape: Record<string, z.ZodType<unknown>> = {};
    for (const c of columns.filter((c) => c.table === table.name && !never.has(c.column))) {
      const type = columnType(c.udt);
      // A row of a backup carries every column (to_jsonb); one from an older High5 may lack those with a default.
      shape[c.column] = c.nullable ? type.nullable().optional() : c.hasDefault ? type.optional() : type;
    }
    const references = new Map<string, Reference>();
    for (const key of keys.filter((k) => k.table === table.name && !never.has(k.column))) {
      references.set(`${key.column}>${key.target}.${key.targetColumn}`, {
        column: key.column,
        table: table.name,
        target: key.target,
        targetColumn: key.targetColumn,
        soft: (soft[table.name] ?? []).includes(key.column),
      });
    }
    // A school id is the source school's, foreign key or not.
    if ('school_id' in shape && ![...references.values()].some((r) => r.column === 'school_id' && r.target === 'schools'))
      references.set('school_id>schools.id', { column: 'school_id', table: table.name, target: 'schools', targetColumn: 'id', soft: false });
    rules.set(table.name, { table, schema: z.object(shape).strict() as unknown as z.ZodType<Record<string, unknown>>, references: [...references.values()] });
  }
  return rules;
}

/**
 * Checks one row against its table's rule: a column a backup never writes that would grant
 * something (a super admin, a password, a Google sign-in) is BACKUP_ROW_PRIVILEGED; any other
 * unknown column or a wrong value is BACKUP_ROW_INVALID.
 */
export function checkRow(rule: TableRule, row: Record<string, unknown>): RowRefusal | null {
  const never = rule.table.secret ?? [];
  for (const column of never) {
    const value = row[column];
    // Files written before 0510 carry `is_super_admin: false` on every account; anything else grants.
    if (value !== undefined && value !== null && value !== false) return 'BACKUP_ROW_PRIVILEGED';
  }
  for (const column of never) delete row[column];
  return rule.schema.safeParse(row).success ? null : 'BACKUP_ROW_INVALID';
}
