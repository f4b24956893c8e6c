import {
  ROSTER_CHANGES_MAX,
  type RosterFieldChange,
  type RosterFlagChange,
  type RosterPeopleCounts,
  type RosterPersonChange,
  type RosterWarning,
} from '@high5/contract';

/** What one run did (or, in test mode, would do), school by school, for the sync report. */
export interface RosterCounts {
  schoolsCreated: number;
  /** People added to a school (a new account, or an existing one linked to its SIS record). */
  created: number;
  /** Of those, accounts that existed already (signed up themselves) and were linked, never duplicated. */
  linked: number;
  updated: number;
  deactivated: number;
  reactivated: number;
  classesCreated: number;
  classesUpdated: number;
  enrolmentsAdded: number;
  enrolmentsRemoved: number;
  /** Students whose IEP, 504 or English-learner flag was set or cleared. */
  flagsChanged: number;
}

export const emptyCounts = (): RosterCounts => ({
  schoolsCreated: 0,
  created: 0,
  linked: 0,
  updated: 0,
  deactivated: 0,
  reactivated: 0,
  classesCreated: 0,
  classesUpdated: 0,
  enrolmentsAdded: 0,
  enrolmentsRemoved: 0,
  flagsChanged: 0,
});

export function addCounts(into: RosterCounts, from: RosterCounts) {
  for (const key of Object.keys(into) as (keyof RosterCounts)[]) into[key] += from[key];
}

/** A person named on the report (who would be deactivated, who was added). */
export interface NamedPerson {
  sourceId: string | null;
  firstName: string;
  lastName: string;
}

/** One school's part of the report. */
export interface SchoolReport {
  schoolSourceId: string;
  schoolName: string;
  /** 'applied', 'preview' (test mode), or 'held' (too many deactivations, waiting for approval). */
  outcome: 'applied' | 'preview' | 'held';
  counts: RosterCounts;
  /** At most REPORT_LIST_MAX each. */
  added: NamedPerson[];
  deactivated: NamedPerson[];
  warnings: RosterWarning[];
  /** Students whose flags were (or would be) set or cleared, at most REPORT_LIST_MAX. */
  flagChanges: RosterFlagChange[];
  /** Every person added, reactivated, changed or deactivated, field by field (cut to ROSTER_CHANGES_MAX when stored). */
  changes: RosterPersonChange[];
}

export const emptyReport = (school: { sourceId: string; name: string }): SchoolReport => ({
  schoolSourceId: school.sourceId,
  schoolName: school.name,
  outcome: 'applied',
  counts: emptyCounts(),
  added: [],
  deactivated: [],
  warnings: [],
  flagChanges: [],
  changes: [],
});

/** A membership's fields as the report names them (a student's grade and flags; names are the person's). */
export interface ChangeSide {
  firstName?: string;
  lastName?: string;
  grade?: number | null;
  iep?: boolean;
  plan504?: boolean;
  languageLevel?: string | null;
  status?: string;
}

/** The fields that differ between two sides, in the contract's order; a field absent on either side is not compared. */
export function fieldChanges(before: ChangeSide, after: ChangeSide): RosterFieldChange[] {
  const fields: RosterFieldChange[] = [];
  for (const field of ['firstName', 'lastName', 'grade', 'iep', 'plan504', 'languageLevel', 'status'] as const) {
    if (!(field in before) || !(field in after) || before[field] === after[field]) continue;
    fields.push({ field, from: before[field] ?? null, to: after[field] ?? null });
  }
  return fields;
}

/**
 * People, not memberships (decision 0580): a person is counted once per kind across the run's
 * schools (a teacher of two schools whose name changed is one change), by the source's id.
 */
export function countPeople(reports: SchoolReport[]): RosterPeopleCounts {
  const seen = { added: new Set<string>(), reactivated: new Set<string>(), updated: new Set<string>(), deactivated: new Set<string>() };
  let unnamed = 0;
  for (const report of reports) for (const change of report.changes) seen[change.kind].add(change.sourceId ?? `#${unnamed++}`);
  return { added: seen.added.size, reactivated: seen.reactivated.size, updated: seen.updated.size, deactivated: seen.deactivated.size };
}

/** What is stored: each school's change list cut to ROSTER_CHANGES_MAX (its counts stay exact). */
export const storedReport = (report: SchoolReport): SchoolReport => ({ ...report, changes: report.changes.slice(0, ROSTER_CHANGES_MAX) });

/** Lists on a report stop here; the counts stay exact. */
export const REPORT_LIST_MAX = 200;

export function pushCapped<T>(list: T[], item: T) {
  if (list.length < REPORT_LIST_MAX) list.push(item);
}
