import { gradeLabel, toIsoDate, type DistrictFigures, type DistrictReport, type DistrictStudentPage, type SchoolYears } from '@high5/contract';
import type { Db } from '../../../db/database.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { schoolToday } from '../../../lib/school-today.js';
import { schoolYears } from '../../../lib/school-years.js';
import type { Services } from '../../../services/index.js';
import { keysetBatches } from '../../../lib/cursor.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { reportFile, translator, type CsvFile } from '../reports/report-csv.js';
import { districtName, districtSchools, districtStudents, districtStudentsBatch, schoolFigures, type StudentScope } from './queries.js';

/** The district's name; 404 when there is no such district. */
async function assertDistrict(db: Db, districtId: string) {
  const name = await districtName(db, districtId);
  if (name === undefined) throw notFound();
  return name;
}

/** The district's students across its schools (name, school, grade): never another district's. */
export async function listDistrictStudents(
  db: Db,
  districtId: string,
  query: { q: string; sort: StudentScope['sort']; dir: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<DistrictStudentPage> {
  await assertDistrict(db, districtId);
  const scope = { districtId, search: query.q, sort: query.sort, dir: query.dir, offset: query.page * query.pageSize, limit: query.pageSize };
  const rows = await districtStudents(db, scope);
  // A page past the end still says how many there are.
  const total = rows[0]?.total ?? (scope.offset > 0 ? ((await districtStudents(db, { ...scope, offset: 0, limit: 1 }))[0]?.total ?? 0) : 0);
  return {
    rows: rows.map((r) => ({
      userId: r.userId,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      username: r.username,
      schoolId: r.schoolId,
      schoolName: r.schoolName,
      grade: r.grade,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The list's CSV file (docs/decisions/0610): name, school and grade, in its search and order, read a
 * batch at a time; dated in UTC, the calendar of a session without a school (the district's schools
 * may keep several zones).
 */
export async function districtStudentsCsv(
  db: Db,
  services: Services,
  user: SessionUser,
  districtId: string,
  query: { q: string; sort: StudentScope['sort']; dir: 'asc' | 'desc' },
): Promise<CsvFile> {
  const name = await assertDistrict(db, districtId);
  const t = translator(user);
  const scope: StudentScope = { districtId, search: query.q, sort: query.sort, dir: query.dir };
  return reportFile({
    t,
    title: t('admin:districtView.studentsTitle'),
    nameParts: [name],
    filters: [],
    query,
    sortHeaders: { name: 'admin:districtView.name', school: 'admin:districtView.school', grade: 'admin:districtView.grade' },
    today: toIsoDate(services.clock.now(), 'UTC'),
    columns: [
      { header: t('admin:districtView.name'), value: (r) => `${r.firstName} ${r.lastName}`.trim() },
      { header: t('admin:districtView.school'), value: (r) => r.schoolName },
      { header: t('admin:districtView.grade'), value: (r) => gradeLabel(r.grade, t) },
    ],
    // Read after this request's work is done: on the pool, not on the request's connection.
    batches: keysetBatches(
      (after: unknown[] | null, limit) => districtStudentsBatch(services.db, scope, after, limit),
      (r) => r.key,
    ),
  });
}

const FIGURES = ['students', 'high5Given', 'high5Received', 'vibeGiven', 'vibeReceived', 'checkIns', 'lowEnjoyment'] as const;

/**
 * The district's figures per school and in all. The range must lie inside one school year of every
 * school (each school keeps its own years, decision 0573) and end by today in each school's zone.
 */
export async function districtReport(db: Db, services: Services, districtId: string, range: { from: string; to: string }): Promise<DistrictReport> {
  await assertDistrict(db, districtId);
  const schools = await districtSchools(db, districtId);
  for (const school of schools) {
    (await schoolYears(db, school.id)).yearOfRange(range);
    if (range.to > (await schoolToday(db, services, school.id))) throw badRequest('VALIDATION_FAILED', [{ path: 'query.range', code: 'range_in_future' }]);
  }
  const rows = await Promise.all(schools.map(async (school) => ({ schoolId: school.id, name: school.name, ...(await schoolFigures(db, school.id, range)) })));
  const totals = Object.fromEntries(FIGURES.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)])) as DistrictFigures;
  return { schools: rows, totals };
}

/** Any school's years for the super admin's year picker, counted in that school's zone. */
export async function superSchoolYears(db: Db, services: Services, schoolId: string): Promise<SchoolYears> {
  const today = await schoolToday(db, services, schoolId);
  const calendar = await schoolYears(db, schoolId);
  return { today, current: calendar.containing(today), years: calendar.list(today) };
}
