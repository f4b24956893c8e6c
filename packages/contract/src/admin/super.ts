import { z } from 'zod';
import { EmptySchema, endpoint, requiredText, UuidSchema } from '../core.js';
import { DataSettingsSchema, DataSettingsUpdateSchema } from '../year-data.js';
import { StaffGroupSchema, RequiredUrlSchema, TimeZoneSchema } from './common.js';
import { count, schoolParams, schoolUserParams } from './internal.js';
import { AdminUserSchema } from './users.js';
import { ReportPageSchema, GroupReportQuerySchema, GroupReportCsvQuerySchema, ClassOptionSchema } from './reports.js';

// ---------------------------------------------------------------------------------------------
// Super admin: schools, districts, backups, deletion (docs/rules/administration.md#add-district, #settings)
// ---------------------------------------------------------------------------------------------

export const DistrictKindSchema = z.enum(['free', 'aeries', 'clever']);
export type DistrictKind = z.infer<typeof DistrictKindSchema>;

export const SuperSchoolSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  districtId: UuidSchema,
  districtName: z.string(),
  districtKind: DistrictKindSchema,
  paid: z.boolean(),
  timeZone: z.string(),
  /** False for a school founded at sign-up in an existing district until the super admin approves it. */
  approved: z.boolean(),
});
export type SuperSchool = z.infer<typeof SuperSchoolSchema>;

/** What waits for the super admin (docs/decisions/0157): unapproved schools and pending people of any school. */
export const SuperPendingSchema = z.object({
  schools: z.array(SuperSchoolSchema.extend({ createdAt: z.string() })),
  people: z.array(
    z.object({
      schoolId: UuidSchema,
      schoolName: z.string(),
      districtName: z.string(),
      userId: UuidSchema,
      name: z.string(),
      email: z.string().nullable(),
      role: z.enum(['teacher', 'staff']),
      /** True when the school has no active admin who could decide instead. */
      schoolHasAdmin: z.boolean(),
      /** The person confirmed their e-mail address (docs/decisions/0607): approvers are told only then. */
      emailConfirmed: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type SuperPending = z.infer<typeof SuperPendingSchema>;

export const DistrictSummarySchema = z.object({
  id: UuidSchema,
  name: z.string(),
  kind: DistrictKindSchema,
  paid: z.boolean(),
  testMode: z.boolean(),
  baseUrl: z.string().nullable(),
  /** Credentials are stored encrypted and never sent back; this says whether there are any. */
  hasCredentials: z.boolean(),
  schoolCount: count,
  /** Allowed e-mail domains: teachers signing up with one are active at once, others wait for approval. */
  domains: z.array(z.string()),
});
export type DistrictSummary = z.infer<typeof DistrictSummarySchema>;

const DistrictNameSchema = requiredText(120);
export const AddDistrictSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('aeries'),
      name: DistrictNameSchema,
      baseUrl: RequiredUrlSchema,
      testMode: z.boolean().default(true),
      certificate: requiredText(4000),
    })
    .strict(),
  z
    .object({
      kind: z.literal('clever'),
      name: DistrictNameSchema,
      baseUrl: RequiredUrlSchema,
      testMode: z.boolean().default(true),
      clientKey: requiredText(500),
      clientSecret: requiredText(500),
    })
    .strict(),
]);
export type AddDistrict = z.input<typeof AddDistrictSchema>;

/** A free school in an existing district, or in a new free district named here. */
export const AddSchoolSchema = z
  .object({
    districtId: UuidSchema.optional(),
    newDistrictName: DistrictNameSchema.optional(),
    name: requiredText(120),
    timeZone: TimeZoneSchema.default('America/Los_Angeles'),
  })
  .strict()
  .refine((v) => (v.districtId === undefined) !== (v.newDistrictName === undefined), 'district_required');
export type AddSchool = z.input<typeof AddSchoolSchema>;

export const BackupSchema = z.object({
  id: UuidSchema,
  schoolId: UuidSchema.nullable(),
  schoolName: z.string(),
  districtName: z.string(),
  createdAt: z.string(),
  sizeBytes: count,
  rowCount: count,
  /** The children's private journals are in it (only when the super admin asked). */
  includesJournals: z.boolean(),
  /** When the retention deletes it. */
  expiresAt: z.string(),
  /** Version 1 files (one JSON document) can be downloaded but not restored. */
  restorable: z.boolean(),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupOptionsSchema = z
  .object({
    /** The children's private journals are left out unless asked for here. */
    includeJournals: z.boolean().default(false),
  })
  .strict();
export type BackupOptions = z.input<typeof BackupOptionsSchema>;

export const DeleteSchoolSchema = z
  .object({
    /** The school's name typed again: the second confirmation, checked by the server too. */
    confirmName: requiredText(120),
    /** Take a backup first, in the same request. */
    backup: z.boolean(),
    includeJournals: z.boolean().default(false),
  })
  .strict();

export const RestoreStatusSchema = z.enum(['queued', 'checking', 'restoring', 'done', 'failed']);
export type RestoreStatus = z.infer<typeof RestoreStatusSchema>;

/** A restore of one school's backup into an empty school, with its progress. */
export const RestoreSchema = z.object({
  id: UuidSchema,
  backupId: UuidSchema.nullable(),
  /** The backup's school, or the uploaded file's name. */
  sourceName: z.string(),
  targetSchoolId: UuidSchema.nullable(),
  targetSchoolName: z.string().nullable(),
  status: RestoreStatusSchema,
  rowsTotal: count,
  rowsDone: count,
  /** Why it failed: BACKUP_FILE_DAMAGED, BACKUP_FORMAT_UNSUPPORTED, BACKUP_LINE_TOO_LONG, BACKUP_ROW_INVALID, BACKUP_ROW_PRIVILEGED, BACKUP_ROW_OUTSIDE, RESTORE_CONFLICT, RESTORE_FAILED … */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Restore = z.infer<typeof RestoreSchema>;

export const StartRestoreSchema = z.object({ backupId: UuidSchema, targetSchoolId: UuidSchema }).strict();
export type StartRestore = z.input<typeof StartRestoreSchema>;

/** Largest backup file a restore accepts as an upload. */
export const RESTORE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export type DeleteSchool = z.input<typeof DeleteSchoolSchema>;

export const superEndpoints = {
  // --- Super admin ----------------------------------------------------------------------------
  superSchools: endpoint({
    id: 'admin.superSchools',
    method: 'GET',
    path: '/super/schools',
    summary: 'Every school with its district.',
    access: 'superAdmin',
    response: z.array(SuperSchoolSchema),
  }),
  superDistricts: endpoint({
    id: 'admin.superDistricts',
    method: 'GET',
    path: '/super/districts',
    summary: 'Every district (credentials are never returned).',
    access: 'superAdmin',
    response: z.array(DistrictSummarySchema),
  }),
  addDistrict: endpoint({
    id: 'admin.addDistrict',
    method: 'POST',
    path: '/super/districts',
    summary: 'Adds an Aeries or Clever district; its credentials are stored encrypted (AES-256-GCM).',
    access: 'superAdmin',
    body: AddDistrictSchema,
    response: DistrictSummarySchema,
    errors: ['VALIDATION_FAILED', 'DISTRICT_EXISTS'],
  }),
  addSchool: endpoint({
    id: 'admin.addSchool',
    method: 'POST',
    path: '/super/schools',
    summary: 'Adds a free school to an existing district or to a new free district.',
    access: 'superAdmin',
    body: AddSchoolSchema,
    response: SuperSchoolSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'DISTRICT_EXISTS', 'SCHOOL_EXISTS'],
  }),
  superPending: endpoint({
    id: 'admin.superPending',
    method: 'GET',
    path: '/super/pending',
    summary: 'What waits for the super admin: schools founded in an existing district, and teachers or staff of any school waiting for approval.',
    access: 'superAdmin',
    response: SuperPendingSchema,
  }),
  superApproveSchool: endpoint({
    id: 'admin.superApproveSchool',
    method: 'POST',
    path: '/super/schools/:schoolId/approval',
    summary: 'Approves a school founded in an existing district: it becomes visible in the sign-up pickers.',
    access: 'superAdmin',
    params: schoolParams,
    body: EmptySchema,
    response: SuperPendingSchema,
    errors: ['NOT_FOUND'],
  }),
  superApproveMember: endpoint({
    id: 'admin.superApproveMember',
    method: 'POST',
    path: '/super/schools/:schoolId/users/:userId/approval',
    summary: 'Approves a pending teacher or staff member of any school; the person is told by e-mail.',
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: SuperPendingSchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  superRejectMember: endpoint({
    id: 'admin.superRejectMember',
    method: 'DELETE',
    path: '/super/schools/:schoolId/users/:userId/approval',
    summary: 'Declines a pending teacher or staff member of any school: their membership of that school is removed.',
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: SuperPendingSchema,
    errors: ['NOT_FOUND', 'NOT_PENDING'],
  }),
  superUsers: endpoint({
    id: 'admin.superUsers',
    method: 'GET',
    path: '/super/schools/:schoolId/users',
    summary: "A school's teachers or staff with their admin flag.",
    access: 'superAdmin',
    params: schoolParams,
    query: z.object({ role: StaffGroupSchema }),
    response: z.array(AdminUserSchema),
    errors: ['NOT_FOUND'],
  }),
  superMakeAdmin: endpoint({
    id: 'admin.superMakeAdmin',
    method: 'PUT',
    path: '/super/schools/:schoolId/users/:userId/admin',
    summary: 'Makes a teacher or staff member of a school an admin.',
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  superRemoveAdmin: endpoint({
    id: 'admin.superRemoveAdmin',
    method: 'DELETE',
    path: '/super/schools/:schoolId/users/:userId/admin',
    summary: "Removes a school member's admin flag.",
    access: 'superAdmin',
    params: schoolUserParams,
    body: EmptySchema,
    response: AdminUserSchema,
    errors: ['NOT_FOUND', 'ROLE_MISMATCH'],
  }),
  superClasses: endpoint({
    id: 'admin.superClasses',
    method: 'GET',
    path: '/super/schools/:schoolId/classes',
    summary: "A school's classes, for the super admin report's class picker.",
    access: 'superAdmin',
    params: schoolParams,
    response: z.array(ClassOptionSchema),
    errors: ['NOT_FOUND'],
  }),
  superGroupReport: endpoint({
    id: 'admin.superGroupReport',
    method: 'GET',
    path: '/super/schools/:schoolId/reports/group',
    summary: "A school's group report (paged).",
    access: 'superAdmin',
    params: schoolParams,
    query: GroupReportQuerySchema,
    response: ReportPageSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  superGroupReportCsv: endpoint({
    id: 'admin.superGroupReportCsv',
    method: 'GET',
    path: '/super/schools/:schoolId/reports/group.csv',
    summary: "A school's group report as a CSV file in the caller's language, streamed from the database.",
    access: 'superAdmin',
    params: schoolParams,
    query: GroupReportCsvQuerySchema,
    response: z.unknown(),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  backups: endpoint({
    id: 'admin.backups',
    method: 'GET',
    path: '/super/backups',
    summary: 'The most recent backups (of existing and deleted schools).',
    access: 'superAdmin',
    query: z.object({ schoolId: UuidSchema.optional() }),
    response: z.array(BackupSchema),
  }),
  backupSchool: endpoint({
    id: 'admin.backupSchool',
    rateLimit: { max: 10, perSeconds: 3600 }, // a whole school written out each
    method: 'POST',
    path: '/super/schools/:schoolId/backups',
    summary: "Streams every row of the school's data to a gzip NDJSON file in object storage (journals only when asked); a few per school a day.",
    access: 'superAdmin',
    params: schoolParams,
    body: BackupOptionsSchema,
    response: BackupSchema,
    errors: ['NOT_FOUND', 'BACKUP_LIMIT_REACHED'],
  }),
  downloadBackup: endpoint({
    id: 'admin.downloadBackup',
    method: 'GET',
    path: '/super/backups/:backupId/file',
    summary: 'Downloads a backup file (application/gzip, or application/json for version 1; not wrapped in the envelope).',
    access: 'superAdmin',
    params: z.object({ backupId: UuidSchema }),
    response: z.unknown(),
    errors: ['NOT_FOUND'],
  }),
  deleteBackup: endpoint({
    id: 'admin.deleteBackup',
    method: 'DELETE',
    path: '/super/backups/:backupId',
    summary: 'Deletes a backup and its file.',
    access: 'superAdmin',
    params: z.object({ backupId: UuidSchema }),
    response: EmptySchema,
    errors: ['NOT_FOUND'],
  }),
  restores: endpoint({
    id: 'admin.restores',
    method: 'GET',
    path: '/super/restores',
    summary: 'The most recent restores with their progress.',
    access: 'superAdmin',
    response: z.array(RestoreSchema),
  }),
  restoreTargets: endpoint({
    id: 'admin.restoreTargets',
    method: 'GET',
    path: '/super/restore-targets',
    summary: 'The schools a restore may go into: those with no people, classes or activity and no restore under way.',
    access: 'superAdmin',
    response: z.array(SuperSchoolSchema),
  }),
  restore: endpoint({
    id: 'admin.restore',
    method: 'GET',
    path: '/super/restores/:restoreId',
    summary: "One restore's progress.",
    access: 'superAdmin',
    params: z.object({ restoreId: UuidSchema }),
    response: RestoreSchema,
    errors: ['NOT_FOUND'],
  }),
  startRestore: endpoint({
    id: 'admin.startRestore',
    method: 'POST',
    path: '/super/restores',
    summary: 'Restores a backup of this High5 into an empty school (in the background: follow its progress).',
    access: 'superAdmin',
    body: StartRestoreSchema,
    response: RestoreSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_NOT_EMPTY', 'BACKUP_FORMAT_UNSUPPORTED', 'BACKUP_FILE_MISSING'],
  }),
  uploadRestore: endpoint({
    id: 'admin.uploadRestore',
    method: 'POST',
    path: '/super/restores/upload',
    summary: 'Restores an uploaded backup file (multipart, field `backup`; from this or another High5) into an empty school.',
    access: 'superAdmin',
    query: z.object({ targetSchoolId: UuidSchema }),
    response: RestoreSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_NOT_EMPTY', 'PAYLOAD_TOO_LARGE'],
  }),
  deleteSchool: endpoint({
    id: 'admin.deleteSchool',
    method: 'DELETE',
    path: '/super/schools/:schoolId',
    summary: 'Deletes a school and all its data in one transaction, after a backup when asked; members of no other school are deleted too.',
    access: 'superAdmin',
    params: schoolParams,
    body: DeleteSchoolSchema,
    response: z.object({ backup: BackupSchema.nullable() }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'SCHOOL_NAME_MISMATCH'],
  }),
  dataSettings: endpoint({
    id: 'admin.dataSettings',
    method: 'GET',
    path: '/admin/data-settings',
    summary:
      'How many school years the current school keeps, the next night old moods, journals and attendance are deleted, and from which grade students download their own year.',
    access: 'schoolAdmin',
    response: DataSettingsSchema,
  }),
  updateDataSettings: endpoint({
    id: 'admin.updateDataSettings',
    method: 'PUT',
    path: '/admin/data-settings',
    summary: 'Sets how many school years the school keeps (null: as long as it exists) and from which grade students download their own year. Audited.',
    access: 'schoolAdmin',
    body: DataSettingsUpdateSchema,
    response: DataSettingsSchema,
  }),
};
