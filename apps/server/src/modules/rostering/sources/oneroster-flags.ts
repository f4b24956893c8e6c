import type { RosterCarries, RosterFlag, RosterProblem } from '@high5/contract';
import type { RosterFlagUpdate, RosterSourceError } from './types.js';

/**
 * OneRoster 1.1 has no IEP, 504 or English-learner fields; districts send them as `metadata.*`
 * extension columns of demographics.csv or users.csv, and the super admin names the column of
 * each flag per district (docs/decisions/0505). A demographics row is keyed by its user's sourcedId.
 */

/** The district's column for each flag (null: its files do not carry that flag). */
export type FlagColumns = Record<RosterFlag, string | null>;

type Row = Record<string, string>;
type Flags = Omit<RosterFlagUpdate, 'sourceId'>;
const KEYS: Record<RosterFlag, keyof Flags> = { iep: 'iep', plan504: 'plan504', englishLearner: 'englishLearner' };
/** Files that may hold extension columns, the first to give a value wins. */
const FILES = ['demographics', 'users'] as const;
const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0']);

export interface FileFlags {
  carries: RosterCarries;
  /** The flags a person's rows give (a missing or empty cell leaves the school's). */
  of(sourceId: string): Flags;
  /** Every person a flag-carrying row names, with what it gives. */
  all(): RosterFlagUpdate[];
}

/**
 * Reads the mapped columns of every row (a value that is not yes/no fails the whole file before
 * anything is written) and says which flags the files carry and which `metadata.*` columns they have.
 */
export function readFileFlags(
  tables: Record<string, Row[] | undefined>,
  fields: Record<string, string[] | undefined>,
  columns: Partial<FlagColumns>,
  malformed: (key: RosterProblem['key'], values: Record<string, string>) => RosterSourceError,
  keep: (row: Row) => boolean,
): FileFlags {
  const flagOfColumn = new Map(
    Object.entries(columns)
      .filter((e): e is [RosterFlag, string] => !!e[1])
      .map(([flag, column]) => [column, flag]),
  );
  const carries: RosterCarries = { flags: [], columns: [] };
  const byPerson = new Map<string, Flags>();
  for (const file of FILES) {
    for (const column of fields[file] ?? []) {
      if (!column.startsWith('metadata.')) continue;
      const flag = flagOfColumn.get(column) ?? null;
      carries.columns.push({ file: `${file}.csv`, column, flag });
      if (!flag) continue;
      if (!carries.flags.includes(flag)) carries.flags.push(flag);
      for (const [index, row] of (tables[file] ?? []).entries()) {
        if (!row.sourcedId || !keep(row)) continue;
        const value = (row[column] ?? '').trim().toLowerCase();
        if (value === '') continue;
        if (!YES.has(value) && !NO.has(value)) throw malformed('bad_flag', { file: `${file}.csv`, row: String(index + 2), column, value: row[column] ?? '' });
        const flags = byPerson.get(row.sourcedId) ?? {};
        // demographics.csv is read first: its answer stands.
        flags[KEYS[flag]] ??= YES.has(value);
        byPerson.set(row.sourcedId, flags);
      }
    }
  }
  carries.flags.sort((a, b) => Object.keys(KEYS).indexOf(a) - Object.keys(KEYS).indexOf(b));
  return {
    carries,
    of: (sourceId) => byPerson.get(sourceId) ?? {},
    all: () => [...byPerson].map(([sourceId, flags]) => ({ sourceId, ...flags })),
  };
}
