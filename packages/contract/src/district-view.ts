import { z } from 'zod';
import { REPORT_PAGE_SIZE, ReportRangeSchema } from './admin.js';
import { endpoint, pageOf, pageQuery, UuidSchema } from './core.js';
import { GradeSchema, SchoolYearsSchema } from './school-years.js';

// Super admin: one district across its schools (docs/decisions/0603), and any school's years for
// the super admin's report picker (docs/decisions/0604). Kept apart from admin.ts, which is long.

const districtParams = z.object({ districtId: UuidSchema });
const schoolParams = z.object({ schoolId: UuidSchema });
const count = z.number().int().nonnegative();

/**
 * One student of the district: name, school and grade. The sensitive flags (IEP, 504, EL) are
 * left out on purpose: reading them is audited, and this list is not.
 */
export const DistrictStudentSchema = z.object({
  userId: UuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  schoolId: UuidSchema,
  schoolName: z.string(),
  grade: GradeSchema.nullable(),
});
export type DistrictStudent = z.infer<typeof DistrictStudentSchema>;
export const DistrictStudentPageSchema = pageOf(DistrictStudentSchema);
export type DistrictStudentPage = z.infer<typeof DistrictStudentPageSchema>;

export const DistrictStudentsQuerySchema = z.object({ sort: z.enum(['name', 'school', 'grade']).default('name'), ...pageQuery(REPORT_PAGE_SIZE) });
export type DistrictStudentsQuery = z.input<typeof DistrictStudentsQuerySchema>;
/** The list's CSV file: its search and order, without the page. */
export const DistrictStudentsCsvQuerySchema = DistrictStudentsQuerySchema.omit({ page: true, pageSize: true });

/** What students of a school did in a range: their High 5s and Vibes given and received, and their check-ins. */
export const DistrictFiguresSchema = z.object({
  students: count,
  high5Given: count,
  high5Received: count,
  vibeGiven: count,
  vibeReceived: count,
  checkIns: count,
  lowEnjoyment: count,
});
export type DistrictFigures = z.infer<typeof DistrictFiguresSchema>;

export const DistrictReportSchema = z.object({
  schools: z.array(DistrictFiguresSchema.extend({ schoolId: UuidSchema, name: z.string() })),
  totals: DistrictFiguresSchema,
});
export type DistrictReport = z.infer<typeof DistrictReportSchema>;

export const districtViewEndpoints = {
  districtStudents: endpoint({
    id: 'districtView.districtStudents',
    method: 'GET',
    path: '/super/districts/:districtId/students',
    summary: "A district's active students across its schools: name, school and grade (paged, searchable).",
    access: 'superAdmin',
    params: districtParams,
    query: DistrictStudentsQuerySchema,
    response: DistrictStudentPageSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  districtStudentsCsv: endpoint({
    id: 'districtView.districtStudentsCsv',
    method: 'GET',
    path: '/super/districts/:districtId/students.csv',
    summary: "The district's student list as a CSV file in the caller's language, streamed from the database in the list's search and order.",
    access: 'superAdmin',
    params: districtParams,
    query: DistrictStudentsCsvQuerySchema,
    response: z.unknown(),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  districtReport: endpoint({
    id: 'districtView.districtReport',
    method: 'GET',
    path: '/super/districts/:districtId/reports/summary',
    summary: "A district's figures per school and in all, over a range inside one school year of every school.",
    access: 'superAdmin',
    params: districtParams,
    query: z.object({ range: ReportRangeSchema }),
    response: DistrictReportSchema,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RANGE_CROSSES_SCHOOL_YEAR'],
  }),
  schoolYears: endpoint({
    id: 'districtView.schoolYears',
    method: 'GET',
    path: '/super/schools/:schoolId/school-years',
    summary: "A school's years for the super admin's year picker: the current one and the past ones.",
    access: 'superAdmin',
    params: schoolParams,
    response: SchoolYearsSchema,
    errors: ['NOT_FOUND'],
  }),
};
