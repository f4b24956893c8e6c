import { Unzip, UnzipInflate } from 'fflate';
import type { RosterProblem } from '@high5/contract';
import Papa from 'papaparse';
import { readFileFlags, type FileFlags, type FlagColumns } from './oneroster-flags.js';
import {
  RosterSourceError,
  type RosterEnrolment,
  type RosterPerson,
  type RosterRead,
  type RosterRole,
  type RosterSection,
  type RosterSnapshot,
} from './types.js';

export type { FlagColumns };

/**
 * A OneRoster 1.1 CSV zip (1EdTech): manifest.csv says which files are bulk, delta or absent;
 * orgs, users, classes and enrollments are read, academicSessions, courses and demographics
 * checked for their columns when present; `metadata.*` columns the district maps carry the student
 * flags. A delta's rows with status `tobedeleted` become removals, and a file it marks `absent` has
 * no changes (docs/decisions/0403, 0505).
 */

/**
 * What one read may unpack and parse (docs/decisions/0500): well above a 50,000-student district's
 * files, far below what a zip bomb of a few hundred KB unpacks to. Checked while unpacking, before
 * anything is decoded or parsed.
 */
export const ONEROSTER_LIMITS = {
  /** All files together, unpacked. */
  bytes: 200 * 1024 * 1024,
  /** Unpacked bytes per zipped byte read so far (CSV packs 5-20 times; a bomb of one repeated line a thousand). */
  ratio: 100,
  /** Unpacked bytes allowed before the ratio applies (a zip of a few tiny files packs them very well). */
  ratioSlack: 1024 * 1024,
  rowsPerFile: 1_000_000,
  bytesPerRow: 16 * 1024,
};
/** The zip is fed to the unpacker in slices this long, so no single step can unpack more than ~1,000 times it. */
const SLICE = 16 * 1024;

const COLUMNS: Record<string, string[]> = {
  orgs: ['sourcedId', 'name', 'type'],
  academicSessions: ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
  courses: ['sourcedId', 'title', 'orgSourcedId'],
  classes: ['sourcedId', 'title', 'schoolSourcedId'],
  users: ['sourcedId', 'orgSourcedIds', 'role', 'givenName', 'familyName'],
  enrollments: ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
  demographics: ['sourcedId'],
};
/** Files a full (bulk) sync cannot do without; the others may be `absent` in the manifest. */
const REQUIRED = ['orgs', 'users', 'classes', 'enrollments'];

const ROLES: Record<string, RosterRole | null> = {
  student: 'student',
  teacher: 'teacher',
  administrator: 'staff',
  aide: 'staff',
  proctor: 'staff',
  // Families are linked by the families themselves in High5, never from a roster.
  guardian: null,
  parent: null,
  relative: null,
};

type Row = Record<string, string>;
/** The English detail of each problem (logs and API tests); the report translates the key. */
const DETAIL: Record<RosterProblem['key'], (v: Record<string, string>) => string> = {
  not_zip: () => 'the file is not a readable zip',
  too_large: () => 'the zip is larger than allowed once unpacked',
  too_many_rows: (v) => `${v.file} has more than ${v.max} rows`,
  row_too_long: (v) => `${v.file}, row ${v.row}: longer than ${v.max} bytes`,
  manifest_absent: (v) => `manifest.csv: file.${v.file} is absent, but a roster needs it`,
  manifest_mode: (v) => `manifest.csv: file.${v.file} is "${v.mode}" (bulk, delta or absent)`,
  version: (v) => `manifest.csv: oneroster.version is "${v.version}" (1.1 expected)`,
  missing_file: (v) => `${v.file} is missing from the zip`,
  missing_column: (v) => `${v.file}: column ${v.columns} is missing`,
  bad_row: (v) => `${v.file}, row ${v.row}: ${v.message}`,
  unknown_role: (v) => `${v.file}, ${v.id}: unknown role "${v.role}"`,
  no_source_id: (v) => `${v.file}: a row has no sourcedId`,
  unknown_class: (v) => `enrollments.csv, ${v.id}: class ${v.class} is not in classes.csv`,
  not_stored: () => 'the uploaded file is no longer stored',
  no_org_for_school: () => 'the file has no org for this school',
  bad_flag: (v) => `${v.file}, row ${v.row}: ${v.column} is "${v.value}" (true/false, yes/no, Y/N or 1/0 expected)`,
  school_orgs: (v) => `orgs.csv: a school's upload holds exactly one school org (this one has ${v.count})`,
  org_of_other_school: (v) => `orgs.csv: ${v.org} is the source id of another school of the district`,
  org_mismatch: (v) => `orgs.csv: ${v.org} is not this school's source id (${v.expected})`,
  bad_value: (v) => `record ${v.id}: ${v.field} is empty, too long, holds a control character or is not valid`,
  duplicate_id: (v) => `record ${v.id} appears twice`,
};

/** A file the format does not allow: the run fails with `roster_malformed` and this problem. */
export function malformed(key: RosterProblem['key'], values: Record<string, string> = {}) {
  return new RosterSourceError('roster_malformed', DETAIL[key](values), { key, values });
}

export function parseOneRosterZip(bytes: Uint8Array, options: { flagColumns?: Partial<FlagColumns> } = {}): RosterRead {
  const files = unzip(bytes);
  const manifest = readManifest(files);
  // A package with any delta file is a delta: there `absent` means "no changes in this file" (OneRoster 1.1).
  const delta = Object.keys(COLUMNS).some((name) => manifest.get(`file.${name}`) === 'delta');
  const tables: Record<string, Row[]> = {};
  const fields: Record<string, string[]> = {};
  for (const name of Object.keys(COLUMNS)) {
    const mode = manifest.get(`file.${name}`) ?? 'absent';
    if (mode === 'absent') {
      if (REQUIRED.includes(name) && !delta) throw malformed('manifest_absent', { file: `${name}.csv` });
      if (REQUIRED.includes(name)) tables[name] = [];
      continue;
    }
    if (mode !== 'bulk' && mode !== 'delta') throw malformed('manifest_mode', { file: `${name}.csv`, mode });
    tables[name] = readCsv(files, `${name}.csv`, COLUMNS[name]!, fields);
  }
  const flags = readFileFlags(tables, fields, options.flagColumns ?? {}, malformed, (row) => !deleted(row));
  const notes = { carries: flags.carries };
  return delta ? { ...deltaRead(tables, flags), ...notes } : { mode: 'full', snapshot: snapshotOf(tables, () => true, false, flags), ...notes };
}

/**
 * Unpacks the zip slice by slice, counting what comes out: past the limits (total, or packed
 * tighter than any CSV export) it stops at once, whatever sizes the zip's headers claim.
 */
function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  const files = new Map<string, { chunks: Uint8Array[]; done: boolean }>();
  let unpacked = 0;
  let fed = 0;
  const unzipper = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    const entry = { chunks: [] as Uint8Array[], done: false };
    // Files may sit in one folder inside the zip: keep their base names.
    files.set(file.name.split('/').pop()!, entry);
    file.ondata = (error, data, final) => {
      if (error) throw error;
      unpacked += data.length;
      if (unpacked > ONEROSTER_LIMITS.bytes || unpacked > fed * ONEROSTER_LIMITS.ratio + ONEROSTER_LIMITS.ratioSlack) throw malformed('too_large');
      entry.chunks.push(data);
      entry.done = final;
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += SLICE) {
      fed = Math.min(at + SLICE, bytes.length);
      unzipper.push(bytes.subarray(at, fed), fed === bytes.length);
    }
  } catch (error) {
    if (error instanceof RosterSourceError) throw error;
    throw malformed('not_zip');
  }
  if (files.size === 0 || [...files.values()].some((f) => !f.done)) throw malformed('not_zip');
  return Object.fromEntries([...files].map(([name, f]) => [name, concat(f.chunks)]));
}

function concat(chunks: Uint8Array[]) {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Counts lines before anything is decoded: a quoted line break only makes the count larger, so it bounds the parse. */
function checkShape(data: Uint8Array, name: string) {
  let rows = 0;
  for (let start = 0; start < data.length; rows++) {
    const end = data.indexOf(10, start);
    const stop = end === -1 ? data.length : end;
    if (stop - start > ONEROSTER_LIMITS.bytesPerRow)
      throw malformed('row_too_long', { file: name, row: String(rows + 1), max: String(ONEROSTER_LIMITS.bytesPerRow) });
    if (rows > ONEROSTER_LIMITS.rowsPerFile) throw malformed('too_many_rows', { file: name, max: String(ONEROSTER_LIMITS.rowsPerFile) });
    start = stop + 1;
  }
}

function readManifest(files: Record<string, Uint8Array>) {
  const rows = readCsv(files, 'manifest.csv', ['propertyName', 'value']);
  const manifest = new Map(rows.map((r) => [r.propertyName!, r.value!.trim().toLowerCase()]));
  const version = manifest.get('oneroster.version');
  if (version !== '1.1') throw malformed('version', { version: version ?? '' });
  return manifest;
}

/** `fields`, when given, gets the file's header (its extension columns tell which flags it carries). */
function readCsv(files: Record<string, Uint8Array>, name: string, columns: string[], fields?: Record<string, string[]>): Row[] {
  const data = files[name];
  if (!data) throw malformed('missing_file', { file: name });
  checkShape(data, name);
  const text = new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Row>(text, { header: true, skipEmptyLines: true, transformHeader: (h) => h.trim() });
  const header = parsed.meta.fields ?? [];
  if (fields) fields[name.replace(/\.csv$/, '')] = header;
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length) throw malformed('missing_column', { file: name, columns: missing.join(', ') });
  const broken = parsed.errors.find((e) => e.type !== 'Delimiter');
  if (broken) throw malformed('bad_row', { file: name, row: String((broken.row ?? 0) + 2), message: broken.message });
  return parsed.data.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, (v ?? '').trim()])));
}

const deleted = (row: Row) => row.status?.toLowerCase() === 'tobedeleted';
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** OneRoster grade codes (CEDS): PK, KG, 01…12; other codes leave the grade to the school. */
function gradeOf(codes: string | undefined): number | null {
  const code = list(codes)[0]?.toUpperCase();
  if (!code) return null;
  if (code === 'PK') return -1;
  if (code === 'KG') return 0;
  const n = Number(code);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
}

function roleOf(row: Row, file: string): RosterRole | null {
  const role = row.role?.toLowerCase() ?? '';
  if (!(role in ROLES)) throw malformed('unknown_role', { file, id: row.sourcedId ?? '', role: row.role ?? '' });
  return ROLES[role]!;
}

function snapshotOf(tables: Record<string, Row[]>, keep: (row: Row) => boolean, delta: boolean, flags: FileFlags): RosterSnapshot {
  const schools = tables.orgs!.filter((o) => keep(o) && o.type?.toLowerCase() === 'school').map((o) => ({ sourceId: o.sourcedId!, name: o.name! }));
  const people: RosterPerson[] = [];
  for (const u of tables.users!) {
    if (!u.sourcedId) throw malformed('no_source_id', { file: 'users.csv' });
    const role = roleOf(u, 'users.csv');
    if (!role || !keep(u)) continue;
    people.push({
      sourceId: u.sourcedId,
      role,
      schoolSourceIds: list(u.orgSourcedIds),
      firstName: u.givenName ?? '',
      lastName: u.familyName ?? '',
      email: u.email ? u.email.toLowerCase() : null,
      sisUsername: role === 'student' ? null : u.username || null,
      grade: role === 'student' ? gradeOf(u.grades) : null,
      ...(role === 'student' ? flags.of(u.sourcedId) : {}),
    });
  }
  const sections = new Map<string, RosterSection>();
  for (const c of tables.classes!) {
    if (keep(c))
      sections.set(c.sourcedId!, { sourceId: c.sourcedId!, schoolSourceId: c.schoolSourcedId!, name: c.title!, teacherSourceIds: [], studentSourceIds: [] });
  }
  const enrolments = [...tables.enrollments!].sort((a, b) => Number(b.primary === 'true') - Number(a.primary === 'true'));
  for (const e of enrolments) {
    const role = roleOf(e, 'enrollments.csv');
    if (!role || !keep(e)) continue;
    let section = sections.get(e.classSourcedId!);
    // A delta may enrol someone in a class it does not repeat: the class is named by its id only.
    if (!section) {
      if (!delta) throw malformed('unknown_class', { id: e.sourcedId ?? '', class: e.classSourcedId ?? '' });
      section = { sourceId: e.classSourcedId!, schoolSourceId: e.schoolSourcedId!, name: '', teacherSourceIds: [], studentSourceIds: [] };
      sections.set(section.sourceId, section);
    }
    (role === 'student' ? section.studentSourceIds : section.teacherSourceIds).push(e.userSourcedId!);
  }
  return { schoolYear: rosterYearOf(tables.academicSessions ?? [], keep), schools, people, sections: [...sections.values()] };
}

/** The latest `schoolYear` session's start, as `2026-2027` (its `schoolYear` column names the ending year): the year a new year's roster describes (decision 0572). */
function rosterYearOf(sessions: Row[], keep: (row: Row) => boolean): string | null {
  const starts = sessions
    .filter((s) => keep(s) && s.type?.toLowerCase() === 'schoolyear' && /^\d{4}-\d{2}-\d{2}$/.test(s.startDate ?? ''))
    .map((s) => s.startDate!)
    .sort();
  const year = Number(starts.at(-1)?.slice(0, 4));
  return year ? `${year}-${year + 1}` : null;
}

function deltaRead(tables: Record<string, Row[]>, flags: FileFlags): RosterRead {
  const upsert = snapshotOf(tables, (row) => !deleted(row), true, flags);
  const listed = new Set(upsert.people.map((p) => p.sourceId));
  const enrolments: RosterEnrolment[] = tables
    .enrollments!.filter(deleted)
    .map((e) => ({ sectionSourceId: e.classSourcedId!, personSourceId: e.userSourcedId! }));
  return {
    mode: 'delta',
    upsert,
    remove: { people: tables.users!.filter(deleted).map((u) => u.sourcedId!), sections: tables.classes!.filter(deleted).map((c) => c.sourcedId!), enrolments },
    partialSections: true,
    // Flags of people this delta names only in demographics.csv: their memberships change, none is made.
    flagUpdates: flags.all().filter((f) => !listed.has(f.sourceId)),
  };
}
