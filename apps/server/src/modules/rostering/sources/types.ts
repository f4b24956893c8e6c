import type { RosterCarries, RosterProblem, RosterSourceWarning } from '@high5/contract';
/**
 * What every roster source (Aeries API v5, Clever API v3.0, a OneRoster 1.1 CSV zip) hands to the
 * sync engine: the district's schools, people and sections in one neutral shape, keyed by the
 * source's own ids. Drivers know HTTP and file formats; the engine knows High5's tables. Neither
 * knows the other's side.
 */

export type RosterRole = 'student' | 'teacher' | 'staff';

export interface RosterSchool {
  sourceId: string;
  name: string;
}

export interface RosterPerson {
  sourceId: string;
  role: RosterRole;
  /** Every school of the district this person belongs to (a teacher may teach at two). */
  schoolSourceIds: string[];
  firstName: string;
  lastName: string;
  /** Lower-cased; null when the source has none (a student without e-mail gets a username). */
  email: string | null;
  /** Teachers: the SIS username (Aeries) that a teacher may have typed at sign-up. */
  sisUsername?: string | null;
  grade?: number | null;
  /** null: the source does not share it, so the school keeps what it set by hand. */
  iep?: boolean | null;
  plan504?: boolean | null;
  /** The student's language level: 'L' (learner), 'LF' (fluent after learning), or null. */
  languageLevel?: 'L' | 'LF' | null;
  /**
   * A source that only says yes or no (Clever `ell_status`, a OneRoster column): true is `L`, false
   * clears an `L` (docs/decisions/0505); null or missing leaves the school's. `languageLevel` wins when given.
   */
  englishLearner?: boolean | null;
}

/** A delta's flags for a person it does not otherwise repeat (a OneRoster demographics row). */
export type RosterFlagUpdate = Pick<RosterPerson, 'sourceId' | 'iep' | 'plan504' | 'englishLearner'>;

/** What a read says about itself for the report: warnings about the whole read, the flags it carries. */
export interface RosterReadNotes {
  sourceWarnings?: RosterSourceWarning[];
  carries?: RosterCarries;
  /** The district's own id at the source (Clever's district id): Log in with Clever matches `/me` against it. */
  sourceDistrictId?: string;
}

export interface RosterSection {
  sourceId: string;
  schoolSourceId: string;
  name: string;
  /** What the SIS itself tells same-named sections apart by (Aeries: the section number); default the source id. */
  distinct?: string;
  teacherSourceIds: string[];
  studentSourceIds: string[];
}

export interface RosterSnapshot {
  /** e.g. '2026-2027' when the source says which school year it describes. */
  schoolYear?: string | null;
  schools: RosterSchool[];
  people: RosterPerson[];
  sections: RosterSection[];
}

/**
 * A read is the whole roster (`full`) or what changed since `cursor` (`delta`: Aeries Data
 * Changes, a OneRoster delta zip). A delta's `upsert` holds whole records; `remove` names source
 * ids that the source deleted. `cursor` is stored by the engine and passed to the next read.
 */
export type RosterRead = RosterReadNotes &
  (
    | { mode: 'full'; snapshot: RosterSnapshot; cursor?: string | null }
    | {
        mode: 'delta';
        upsert: RosterSnapshot;
        remove: { people: string[]; sections: string[]; enrolments?: RosterEnrolment[] };
        cursor?: string | null;
        /**
         * OneRoster deltas name single enrolments, not whole sections: when true, a section's
         * teacher and student lists are additions (and `remove.enrolments` the drops), not the whole list.
         */
        partialSections?: boolean;
        /** Flags of people the delta names in no other file: applied to their existing memberships only. */
        flagUpdates?: RosterFlagUpdate[];
      }
  );

/** One person in one section, for a delta that names enrolments one by one (OneRoster). */
export interface RosterEnrolment {
  sectionSourceId: string;
  personSourceId: string;
}

/** Why a read failed, as a code the sync report translates; `detail` never holds a secret. */
export type RosterErrorCode =
  | 'roster_auth_failed' // wrong certificate, key or secret (401/403)
  | 'roster_unreachable' // DNS, refused connection, TLS
  | 'roster_timeout'
  | 'roster_source_error' // 5xx from the source
  | 'roster_rate_limited' // 429 that back-off did not outlast
  | 'roster_endless_paging' // a page that never ends or repeats
  | 'roster_malformed'; // a record, file or column the format does not allow

export class RosterSourceError extends Error {
  constructor(
    readonly code: RosterErrorCode,
    readonly detail: string,
    /** A malformed file's problem as the report translates it (the detail stays for the logs). */
    readonly problem?: RosterProblem,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'RosterSourceError';
  }
}

export interface RosterSource {
  /** The connection test of the district editor: a few identifying facts, or a RosterSourceError. */
  testConnection(signal?: AbortSignal): Promise<{ description: string; warnings?: RosterSourceWarning[] }>;
  read(options: { cursor?: string | null; signal?: AbortSignal }): Promise<RosterRead>;
}
