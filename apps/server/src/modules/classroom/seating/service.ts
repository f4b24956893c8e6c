import {
  AttendanceCodeSchema,
  SeatsSchema,
  toCsv,
  type AttendanceCode,
  type CsvColumn,
  type DeskDirection,
  type PresetFlag,
  type SeatingChartInput,
} from '@high5/contract';
import { serverT } from '@high5/i18n';
import type { Db } from '../../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Services } from '../../../services/index.js';
import { auditOncePerHour } from '../../../lib/audit.js';
import { assertRange } from '../range.js';
import { assertSeesStudents } from '../../../policies/student.js';
import { schoolToday } from '../../../lib/school-today.js';
import { loadManagedClass } from '../classes/service.js';
import { studentMoodsToday } from '../moods/service.js';
import { liveSeats, nearSquare, presetLayout, seatProblem } from './layout.js';
import * as q from './queries.js';
import { currentSchool } from '../../../lib/current-school.js';

/** Seating charts and attendance belong to the class's teachers (owner or substitute). */
async function teachersClass(db: Db, user: SessionUser, classId: string, write = false) {
  const cls = await loadManagedClass(db, user, classId, { teachersOnly: true, write });
  assertSeesStudents(user);
  return cls;
}

const PHOTO_SECONDS = 3600;

type ChartRow = Awaited<ReturnType<typeof q.charts>>[number];
function presentChart(row: ChartRow, enrolled: Set<string>) {
  let raw: unknown = {};
  try {
    raw = JSON.parse(row.seatsJson);
  } catch {
    // an unreadable chart shows empty
  }
  const parsed = SeatsSchema.safeParse(raw);
  return {
    id: row.id,
    name: row.name,
    rows: row.rows,
    cols: row.cols,
    deskDirection: row.deskDirection as DeskDirection,
    seats: liveSeats(parsed.success ? parsed.data : {}, row.rows, row.cols, enrolled),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Today's moods of the class, audited once an hour per teacher and class (the chart polls every 30 s). */
async function classMoods(db: Db, services: Services, user: SessionUser, classId: string, schoolId: string, studentIds: string[]) {
  const today = await schoolToday(db, services, schoolId);
  await auditOncePerHour(db, { actorId: user.id, schoolId, action: 'mood.read.class', targetType: 'class', targetId: classId }, services.clock.now());
  return studentMoodsToday(db, schoolId, studentIds, today);
}

export async function seatingData(db: Db, services: Services, user: SessionUser, classId: string) {
  const cls = await teachersClass(db, user, classId);
  const students = await q.seatingStudents(db, classId, cls.schoolId);
  const enrolled = new Set(students.map((s) => s.id));
  const charts = await q.charts(db, classId);
  const withPhotos = await Promise.all(
    students.map(async (s) => ({
      id: s.id,
      name: s.name,
      photoUrl: s.photoKey ? await services.storage.signedUrl(s.photoKey, PHOTO_SECONDS) : null,
      iep: s.iep,
      plan504: s.plan504,
      language: s.languageLevel === 'L',
    })),
  );
  return {
    classId,
    className: cls.name,
    students: withPhotos,
    charts: charts.map((c) => presentChart(c, enrolled)),
    moods: await classMoods(
      db,
      services,
      user,
      classId,
      cls.schoolId,
      students.map((s) => s.id),
    ),
    presetsAvailable: currentSchool(user).paid,
  };
}

export async function seatingMoods(db: Db, services: Services, user: SessionUser, classId: string) {
  const cls = await teachersClass(db, user, classId);
  const ids = [...(await q.enrolledIds(db, classId))];
  return classMoods(db, services, user, classId, cls.schoolId, ids);
}

export async function preset(db: Db, user: SessionUser, classId: string, input: { flag: PresetFlag; spread: boolean; rows?: number; cols?: number }) {
  const cls = await teachersClass(db, user, classId);
  if (!currentSchool(user).paid) throw forbidden('PAID_SCHOOL_ONLY');
  const students = await q.seatingStudents(db, classId, cls.schoolId);
  const size = input.rows && input.cols ? { rows: input.rows, cols: input.cols } : nearSquare(students.length);
  if (size.rows * size.cols < students.length) throw badRequest('SEATING_GRID_TOO_SMALL');
  const flagged = (s: (typeof students)[number]) => (input.flag === 'iep' ? s.iep : input.flag === '504' ? s.plan504 : s.languageLevel === 'L');
  return {
    ...size,
    seats: presetLayout(
      students.map((s) => ({ id: s.id, flagged: flagged(s) })),
      size.rows,
      size.cols,
      input.spread,
    ),
  };
}

async function checkChart(db: Db, classId: string, input: SeatingChartInput, exceptId: string | null) {
  const problem = seatProblem(input.seats, input.rows, input.cols, await q.enrolledIds(db, classId));
  if (problem) throw badRequest(problem);
  if (await q.nameTaken(db, classId, input.name, exceptId)) throw conflict('SEATING_NAME_TAKEN');
}

export async function createChart(db: Db, services: Services, user: SessionUser, classId: string, input: SeatingChartInput) {
  await teachersClass(db, user, classId, true);
  await checkChart(db, classId, input, null);
  const row = await q.insertChart(db, classId, user.id, input, services.clock.now());
  return presentChart(row, await q.enrolledIds(db, classId));
}

export async function updateChart(db: Db, services: Services, user: SessionUser, classId: string, chartId: string, input: SeatingChartInput) {
  await teachersClass(db, user, classId, true);
  await checkChart(db, classId, input, chartId);
  const row = await q.updateChart(db, classId, chartId, input, services.clock.now());
  if (!row) throw notFound();
  return presentChart(row, await q.enrolledIds(db, classId));
}

export async function deleteChart(db: Db, user: SessionUser, classId: string, chartId: string) {
  await teachersClass(db, user, classId, true);
  if ((await q.deleteChart(db, classId, chartId)) === 0) throw notFound();
  return {};
}

export async function attendanceToday(db: Db, services: Services, user: SessionUser, classId: string) {
  const cls = await teachersClass(db, user, classId);
  const date = await schoolToday(db, services, cls.schoolId);
  const enrolled = await q.enrolledIds(db, classId);
  const rows = await q.attendanceOn(db, classId, date);
  return { date, codes: Object.fromEntries(rows.filter((r) => enrolled.has(r.studentId)).map((r) => [r.studentId, AttendanceCodeSchema.parse(r.code)])) };
}

/** Saves today's attendance: one row per student per class per school date, for enrolled students. */
export async function saveAttendance(
  db: Db,
  services: Services,
  user: SessionUser,
  classId: string,
  lists: { present: string[]; absent: string[]; tardy: string[]; excused: string[] },
) {
  const cls = await teachersClass(db, user, classId, true);
  const entries: [string, AttendanceCode][] = [
    ...lists.present.map((id) => [id, 'P'] as [string, AttendanceCode]),
    ...lists.absent.map((id) => [id, 'A'] as [string, AttendanceCode]),
    ...lists.tardy.map((id) => [id, 'T'] as [string, AttendanceCode]),
    ...lists.excused.map((id) => [id, 'E'] as [string, AttendanceCode]),
  ];
  const ids = entries.map(([id]) => id);
  if (new Set(ids).size !== ids.length) throw badRequest('VALIDATION_FAILED', [{ path: 'body', code: 'duplicate_ids' }]);
  const enrolled = await q.enrolledIds(db, classId);
  if (ids.some((id) => !enrolled.has(id))) throw badRequest('STUDENT_NOT_ENROLLED');
  const date = await schoolToday(db, services, cls.schoolId);
  const now = services.clock.now();
  await q.upsertAttendance(
    db,
    entries.map(([studentId, code]) => ({ classId, studentId, schoolDate: date, code, recordedBy: user.id, recordedAt: now })),
  );
  return { date, saved: entries.length };
}

/**
 * attendance.csv (docs/decisions/0120): one row per student, one column
 * per school day that has attendance, then the totals per code. Headers in the caller's language.
 */
export async function exportAttendance(db: Db, user: SessionUser, classId: string, range: { from: string; to: string }) {
  assertRange(range);
  await teachersClass(db, user, classId);
  const rows = await q.attendanceInRange(db, classId, range.from, range.to);
  const t = serverT(user.language);
  const dates = [...new Set(rows.map((r) => r.schoolDate))].sort();
  type Line = { name: string; email: string; codes: Map<string, string> };
  const students = new Map<string, Line>();
  for (const r of rows) {
    const s = students.get(r.studentId) ?? { name: r.name, email: r.email ?? '', codes: new Map() };
    s.codes.set(r.schoolDate, r.code);
    students.set(r.studentId, s);
  }
  const codes = ['P', 'A', 'T', 'E'] as const;
  const columns: CsvColumn<Line>[] = [
    { header: t('classroom:attendanceCsv.student'), value: (s) => s.name },
    { header: t('classroom:attendanceCsv.email'), value: (s) => s.email },
    // Dates in files stay yyyy-MM-dd in every language (decision 0190): sortable, never misread.
    ...dates.map((d) => ({ header: d, value: (s: Line) => s.codes.get(d) ?? '' })),
    ...codes.map((c) => ({ header: t(`classroom:attendance.codes.${c}`), value: (s: Line) => [...s.codes.values()].filter((v) => v === c).length })),
  ];
  const lines = [...students.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { filename: 'attendance.csv' as const, csv: toCsv(lines, columns), rows: rows.length };
}
