import type { RosterFlagChange, RosterWarning } from '@high5/contract';

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
}

/** Lists on a report stop here; the counts stay exact. */
export const REPORT_LIST_MAX = 200;

export function pushCapped<T>(list: T[], item: T) {
  if (list.length < REPORT_LIST_MAX) list.push(item);
}
