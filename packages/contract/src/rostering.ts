import { z } from 'zod';
import { endpoint, IsoDateSchema, UuidSchema } from './core.js';
import { isKnownTimeZone } from './dates.js';

// District rostering: sync runs, their reports, held runs, summer pause, OneRoster uploads.

/** Why a run failed: a source's code (roster_*) translated by the `rostering` namespace. */
export const RosterErrorCodes = [
  'roster_auth_failed',
  'roster_unreachable',
  'roster_timeout',
  'roster_source_error',
  'roster_rate_limited',
  'roster_endless_paging',
  'roster_malformed',
  'roster_failed',
] as const;

/**
 * What exactly was wrong with a roster file (a `roster_malformed` run), translated by the `errors`
 * namespace's `rosterProblem` keys with its values (file, column, row, role...).
 */
export const RosterProblemKeys = [
  'not_zip',
  'too_large',
  'too_many_rows',
  'row_too_long',
  'manifest_absent',
  'manifest_mode',
  'version',
  'missing_file',
  'missing_column',
  'bad_row',
  'unknown_role',
  'no_source_id',
  'unknown_class',
  'not_stored',
  'no_org_for_school',
  'bad_flag',
  'school_orgs',
  'org_of_other_school',
  'org_mismatch',
  'bad_value',
  'duplicate_id',
] as const;
export const RosterProblemSchema = z.object({ key: z.enum(RosterProblemKeys), values: z.record(z.string(), z.string()) });
export type RosterProblem = z.infer<typeof RosterProblemSchema>;

/** A school's report names at most this many changed people (its counts stay exact). */
export const ROSTER_CHANGES_MAX = 1000;

/** The hold threshold a district starts with (percent of a school's people). */
export const DEFAULT_ROSTER_HOLD_PERCENT = 10;

/** Largest OneRoster zip an upload accepts. */
export const ONEROSTER_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

const RosterCountsSchema = z.object({
  schoolsCreated: z.number().int(),
  created: z.number().int(),
  linked: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  reactivated: z.number().int(),
  classesCreated: z.number().int(),
  classesUpdated: z.number().int(),
  enrolmentsAdded: z.number().int(),
  enrolmentsRemoved: z.number().int(),
  /** Students whose IEP, 504 or English-learner flag the run set or cleared (reports before it: 0). */
  flagsChanged: z.number().int().default(0),
});
export type RosterCounts = z.infer<typeof RosterCountsSchema>;

const NamedPersonSchema = z.object({ sourceId: z.string().nullable(), firstName: z.string(), lastName: z.string() });

/** Something a run left alone, with the source's id of the record (translated by `rostering.warning.<code>`). */
export const RosterWarningCodes = ['linked_elsewhere', 'role_differs', 'no_teacher', 'school_year_started'] as const;
const RosterWarningSchema = z.object({ code: z.enum(RosterWarningCodes), sourceId: z.string() });
export type RosterWarning = z.infer<typeof RosterWarningSchema>;

/** The student flags a roster may carry; `englishLearner` is the language level `L`. */
export const RosterFlags = ['iep', 'plan504', 'englishLearner'] as const;
export type RosterFlag = (typeof RosterFlags)[number];
const RosterFlagSchema = z.enum(RosterFlags);

/** A student whose flags a run set or cleared, named because these decide how a teacher treats a child. */
const FlagChangeSchema = NamedPersonSchema.extend({ set: z.array(RosterFlagSchema), cleared: z.array(RosterFlagSchema) });
export type RosterFlagChange = z.infer<typeof FlagChangeSchema>;

/** What happened to a person in a school: joined, came back, changed, or left (decision 0580). */
export const RosterChangeKinds = ['added', 'reactivated', 'updated', 'deactivated'] as const;
export type RosterChangeKind = (typeof RosterChangeKinds)[number];
/** The fields a run can change: the person's names, the membership's grade, flags, language level and status. */
export const RosterChangeFields = ['firstName', 'lastName', 'grade', 'iep', 'plan504', 'languageLevel', 'status'] as const;
const FieldValueSchema = z.union([z.string(), z.number(), z.boolean()]).nullable();
const FieldChangeSchema = z.object({ field: z.enum(RosterChangeFields), from: FieldValueSchema, to: FieldValueSchema });
export type RosterFieldChange = z.infer<typeof FieldChangeSchema>;
/** One person's change in one school, with their role and grade (after the run) beside the name. */
const PersonChangeSchema = NamedPersonSchema.extend({
  kind: z.enum(RosterChangeKinds),
  role: z.enum(['student', 'teacher', 'staff']),
  grade: z.number().int().nullable(),
  fields: z.array(FieldChangeSchema),
});
export type RosterPersonChange = z.infer<typeof PersonChangeSchema>;

/** People (not memberships: a teacher of two schools counts once) the run added, brought back, changed or deactivated. */
const RosterPeopleCountsSchema = z.object({ added: z.number().int(), reactivated: z.number().int(), updated: z.number().int(), deactivated: z.number().int() });
export type RosterPeopleCounts = z.infer<typeof RosterPeopleCountsSchema>;

/**
 * What the source said about the read as a whole (translated by `rostering.sourceWarning.<code>`
 * with its values): a Clever app kept on API v3.0 (no 504 plans), Aeries programs none of which
 * reads as special education or 504.
 */
export const RosterSourceWarningCodes = ['clever_v30', 'programs_unmapped'] as const;
export const RosterSourceWarningSchema = z.object({ code: z.enum(RosterSourceWarningCodes), values: z.record(z.string(), z.string()) });
export type RosterSourceWarning = z.infer<typeof RosterSourceWarningSchema>;

/** Which flags a read carries, and (OneRoster) the `metadata.*` columns its files have and what each maps to. */
export const RosterCarriesSchema = z.object({
  flags: z.array(RosterFlagSchema),
  columns: z.array(z.object({ file: z.string(), column: z.string(), flag: RosterFlagSchema.nullable() })),
});
export type RosterCarries = z.infer<typeof RosterCarriesSchema>;

export const RosterSchoolReportSchema = z.object({
  schoolSourceId: z.string(),
  schoolName: z.string(),
  outcome: z.enum(['applied', 'preview', 'held']),
  counts: RosterCountsSchema,
  added: z.array(NamedPersonSchema),
  deactivated: z.array(NamedPersonSchema),
  warnings: z.array(RosterWarningSchema),
  /** At most 200; `counts.flagsChanged` is exact. */
  flagChanges: z.array(FlagChangeSchema).default([]),
  /** Every person the run added, reactivated, changed or deactivated here, field by field; at most 1,000 (reports before it: none). */
  changes: z.array(PersonChangeSchema).default([]),
});
export type RosterSchoolReport = z.infer<typeof RosterSchoolReportSchema>;

export const RosterRunSchema = z.object({
  id: UuidSchema,
  districtId: UuidSchema,
  origin: z.enum(['sync', 'nightly', 'upload']),
  schoolId: UuidSchema.nullable(),
  /**
   * preview: test mode (nothing written); held: waits for the super admin's approval; stale: was
   * held, but a newer run has finished since (it can no longer be approved); discarded: a super
   * admin set a held run aside (decision 0535).
   */
  status: z.enum(['queued', 'running', 'done', 'preview', 'held', 'failed', 'stale', 'discarded']),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: RosterCountsSchema.partial(),
  /** Exact counts of people across the run's schools; null for runs that read nothing or ran before it. */
  people: RosterPeopleCountsSchema.nullable().default(null),
  schools: z.array(RosterSchoolReportSchema),
  errorCode: z.string().nullable(),
  errorDetail: z.string().nullable(),
  /** A malformed file's exact problem, for the report to say in the user's language. */
  problem: RosterProblemSchema.nullable(),
  approved: z.boolean(),
  sourceWarnings: z.array(RosterSourceWarningSchema).default([]),
  /** null: the run read nothing (failed early) or ran before flags were reported. */
  carries: RosterCarriesSchema.nullable().default(null),
});
export type RosterRun = z.infer<typeof RosterRunSchema>;

export const RosterSettingsSchema = z.object({
  kind: z.string(),
  testMode: z.boolean(),
  syncTime: z.string(),
  timeZone: z.string(),
  summerPauseFrom: z.string().nullable(),
  summerPauseUntil: z.string().nullable(),
  /** A run stops for approval when it would deactivate more than this percent of a school's people. */
  holdPercent: z.number().int(),
  /** OneRoster files: the `metadata.*` column of demographics.csv or users.csv that holds each flag (null: none). */
  flagColumns: z.object({ iep: z.string().nullable(), plan504: z.string().nullable(), englishLearner: z.string().nullable() }),
  /** When the next nightly run is due (after any summer pause); null for a district without a SIS. */
  nextRunAt: z.string().nullable(),
});
export type RosterSettings = z.infer<typeof RosterSettingsSchema>;

/** An extension column of a OneRoster 1.1 file: `metadata.` and a name (letters, digits, `_ . -`). */
export const MetadataColumnSchema = z
  .string()
  .trim()
  .max(80)
  .regex(/^metadata\.[A-Za-z0-9_.-]+$/, 'invalid_metadata_column');

export const UpdateRosterSettingsSchema = z
  .object({
    /** On: runs only preview what they would change. Off: runs apply. */
    testMode: z.boolean().optional(),
    syncTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time')
      .optional(),
    timeZone: z.string().min(1).max(64).refine(isKnownTimeZone, 'invalid_time_zone').optional(),
    holdPercent: z.number().int().min(1).max(100).optional(),
    /** Each flag's column, or null for none; a flag left out keeps its column. */
    flagColumns: z
      .object({
        iep: MetadataColumnSchema.nullable().optional(),
        plan504: MetadataColumnSchema.nullable().optional(),
        englishLearner: MetadataColumnSchema.nullable().optional(),
      })
      .strict()
      .optional(),
    /** Both dates, or both null to end the pause. */
    summerPause: z
      .object({ from: IsoDateSchema, until: IsoDateSchema })
      .refine((p) => p.from <= p.until, 'invalid_range')
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateRosterSettings = z.input<typeof UpdateRosterSettingsSchema>;

/** The district editor's "Test connection": what the SIS says about itself, or why it failed. */
export const RosterConnectionTestSchema = z.object({
  ok: z.boolean(),
  /** e.g. "Aeries 10.25.5.6, 2015-2016, 3 schools" (the SIS's own words, not translated). */
  description: z.string().nullable(),
  /** One of RosterErrorCodes, translated by the `errors` namespace's `roster` keys. */
  errorCode: z.enum(RosterErrorCodes).nullable(),
  /** What the SIS will not share (e.g. a Clever app kept on API v3.0: no 504 plans). */
  warnings: z.array(RosterSourceWarningSchema).default([]),
});
export type RosterConnectionTest = z.infer<typeof RosterConnectionTestSchema>;

const districtParams = z.object({ districtId: UuidSchema });
const runParams = z.object({ runId: UuidSchema });

export const rosteringEndpoints = {
  rosterRuns: endpoint({
    id: 'rostering.rosterRuns',
    method: 'GET',
    path: '/super/districts/:districtId/roster',
    summary: "A district's rostering settings and its last sync runs, newest first, with their reports.",
    access: 'superAdmin',
    params: districtParams,
    response: z.object({ settings: RosterSettingsSchema, runs: z.array(RosterRunSchema) }),
    errors: ['NOT_FOUND'],
  }),
  rosterRun: endpoint({
    id: 'rostering.rosterRun',
    method: 'GET',
    path: '/super/roster-runs/:runId',
    summary: "One sync run's report: counts, schools, who a held run would deactivate, the error.",
    access: 'superAdmin',
    params: runParams,
    response: RosterRunSchema,
    errors: ['NOT_FOUND'],
  }),
  rosterSyncNow: endpoint({
    id: 'rostering.rosterSyncNow',
    method: 'POST',
    path: '/super/districts/:districtId/roster/sync',
    summary: "Sync now: queues a run reading the district's SIS (a run already waiting or working is answered instead).",
    access: 'superAdmin',
    params: districtParams,
    body: z.object({}).strict(),
    response: RosterRunSchema,
    errors: ['NOT_FOUND', 'ROSTER_NOT_SIS'],
  }),
  rosterTestConnection: endpoint({
    id: 'rostering.rosterTestConnection',
    method: 'POST',
    path: '/super/districts/:districtId/roster/test-connection',
    summary: "Tests the district's stored SIS connection (Aeries systeminfo and schools, Clever token and district): a description, or the failure's code.",
    access: 'superAdmin',
    params: districtParams,
    body: z.object({}).strict(),
    response: RosterConnectionTestSchema,
    errors: ['NOT_FOUND', 'ROSTER_NOT_SIS'],
  }),
  rosterApprove: endpoint({
    id: 'rostering.rosterApprove',
    method: 'POST',
    path: '/super/roster-runs/:runId/approve',
    summary: 'Approves a held run: it is applied as shown, deactivations included.',
    access: 'superAdmin',
    params: runParams,
    body: z.object({}).strict(),
    response: RosterRunSchema,
    errors: ['NOT_FOUND', 'ROSTER_RUN_NOT_HELD', 'ROSTER_RUN_STALE', 'ROSTER_RUN_BUSY'],
  }),
  rosterDiscard: endpoint({
    id: 'rostering.rosterDiscard',
    method: 'POST',
    path: '/super/roster-runs/:runId/discard',
    summary: 'Discards a held run: nothing of it is applied, its kept read is deleted.',
    access: 'superAdmin',
    params: runParams,
    body: z.object({}).strict(),
    response: RosterRunSchema,
    errors: ['NOT_FOUND', 'ROSTER_RUN_NOT_HELD'],
  }),
  rosterSettings: endpoint({
    id: 'rostering.rosterSettings',
    method: 'PATCH',
    path: '/super/districts/:districtId/roster',
    summary: "Sets the district's test mode (runs only preview), nightly sync time and time zone, and summer pause (no nightly sync between the dates).",
    access: 'superAdmin',
    params: districtParams,
    body: UpdateRosterSettingsSchema,
    response: RosterSettingsSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  rosterUpload: endpoint({
    id: 'rostering.rosterUpload',
    method: 'POST',
    path: '/super/districts/:districtId/roster/upload',
    summary: "Uploads a OneRoster 1.1 CSV zip (multipart, field `roster`) for the district's schools: a run reads it.",
    access: 'superAdmin',
    params: districtParams,
    response: RosterRunSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
  }),
  schoolRosterUpload: endpoint({
    id: 'rostering.schoolRosterUpload',
    method: 'POST',
    path: '/admin/roster/upload',
    summary: 'A school admin uploads a OneRoster 1.1 CSV zip (multipart, field `roster`) for their own school only.',
    access: 'schoolAdmin',
    response: RosterRunSchema,
    errors: ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
  }),
  schoolRosterRuns: endpoint({
    id: 'rostering.schoolRosterRuns',
    method: 'GET',
    path: '/admin/roster/runs',
    summary: "The runs of the school admin's own uploads, newest first.",
    access: 'schoolAdmin',
    response: z.array(RosterRunSchema),
  }),
};
