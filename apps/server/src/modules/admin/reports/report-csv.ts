import { csvChunks, fileNamePart, type CsvColumn, type CsvValue, type StudentFilter } from '@high5/contract';
import { serverT } from '@high5/i18n';
import type { FastifyReply } from 'fastify';
import type { TFunction } from 'i18next';
import { Readable } from 'node:stream';
import type { Db } from '../../../db/database.js';
import { keysetBatches } from '../../../lib/cursor.js';
import { schoolToday } from '../../../lib/school-today.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Actor } from '../../../policies/actors.js';
import type { Services } from '../../../services/index.js';
import {
  findClass,
  schoolNameOf,
  moodReportBatch,
  recognitionReportBatch,
  type Batched,
  type BatchScope,
  type MoodReportRow,
  type RecognitionReportRow,
} from './queries.js';
import {
  auditMoodRead,
  classMoodSource,
  classReportRows,
  groupReportScope,
  moodReportScope,
  type ClassQuery,
  type GroupQuery,
  type MoodQuery,
} from './service.js';

/*
 * The reports' CSV files (docs/decisions/0612, 0610): the rows of the JSON report in its order, read a
 * keyset batch at a time while the client reads (docs/decisions/0595). Each file states the report,
 * its dates, every filter, the search and the order (decision 0310) in the caller's saved language,
 * and is checked (and, for moods, audited) before its first byte.
 */

/** A CSV answer: the bytes as they are read, and the file's name. */
export interface CsvFile {
  stream: Readable;
  fileName: string;
}

/** A report's CSV file as it is read: not wrapped in the envelope, never cached, compressed like every answer. */
export const sendCsv = (reply: FastifyReply, { stream, fileName }: CsvFile) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);

/** The header of each column a report may be sorted by, as the screens name it. */
const SORT_HEADERS: Record<string, string> = {
  name: 'admin:columns.name',
  email: 'admin:columns.identifier',
  high5Given: 'admin:columns.high5Given',
  high5Received: 'admin:columns.high5Received',
  vibeGiven: 'admin:columns.vibeGiven',
  vibeReceived: 'admin:columns.vibeReceived',
  highEnjoyment: 'admin:columns.highEnjoyment',
  lowEnjoyment: 'admin:columns.lowEnjoyment',
  talkToday: 'admin:columns.talkToday',
  talkNotToday: 'admin:columns.talkNotToday',
};

type Line = [string, CsvValue];

export interface ReportFile<Row> {
  t: TFunction;
  /** The report's name: the file's first line and the start of its name. */
  title: string;
  /** More parts of the file's name (the group, the class), before the dates. */
  nameParts: string[];
  /** A report's dates; a list (the district's students) has none. */
  range?: { from: string; to: string };
  /** What narrowed the rows, already translated. */
  filters: Line[];
  query: { q: string; sort: string; dir: 'asc' | 'desc' };
  /** The catalog key of each column the rows may be sorted by (the reports' by default). */
  sortHeaders?: Record<string, string>;
  today: string;
  columns: CsvColumn<Row>[];
  batches: AsyncIterable<Row[]>;
}

/** A file of rows read a batch at a time, with its preamble (report, dates, filters, search, order, day) and name. */
export function reportFile<Row>({ t, title, nameParts, range, filters, query, sortHeaders = SORT_HEADERS, today, columns, batches }: ReportFile<Row>): CsvFile {
  const order = t(query.dir === 'asc' ? 'common:table.sortedAscending' : 'common:table.sortedDescending');
  const dates: Line[] = range
    ? [
        [t('admin:csv.from'), range.from],
        [t('admin:csv.to'), range.to],
      ]
    : [];
  const preamble: Line[] = [
    [t('admin:csv.report'), title],
    ...dates,
    ...filters,
    [t('admin:csv.search'), query.q || t('admin:csv.none')],
    [t('admin:csv.sort'), `${t(sortHeaders[query.sort] ?? Object.values(sortHeaders)[0]!)} (${order})`],
    [t('admin:csv.createdOn'), today],
  ];
  const fileName = `${[title, ...nameParts, ...(range ? [range.from, range.to] : [])].map(fileNamePart).filter(Boolean).join('_')}.csv`;
  return { stream: Readable.from(csvChunks(batches, columns, { preamble }), { objectMode: false }), fileName };
}

/** The file's words: the caller's saved language. */
export const translator = (user: SessionUser) => serverT(user.language === 'es' ? 'es' : 'en');

/** The students' flags and grade, when the file is narrowed by them. */
const studentLines = (t: TFunction, filter: StudentFilter): Line[] => [
  ...(filter.flags.length ? [[t('admin:csv.flags'), filter.flags.map((f) => t(`admin:roster.flag.${f}`)).join(', ')] as Line] : []),
  ...(filter.grade !== undefined ? [[t('admin:csv.grade'), filter.grade] as Line] : []),
];

type Person = { firstName: string; lastName: string; email: string | null; username: string | null };
const personColumns = <T extends Person>(t: TFunction): CsvColumn<T>[] => [
  { header: t('admin:columns.name'), value: (r) => `${r.firstName} ${r.lastName}`.trim() },
  { header: t('admin:columns.identifier'), value: (r) => r.email ?? r.username ?? '' },
];

type RecognitionRow = Batched<RecognitionReportRow>;

function recognitionColumns(t: TFunction, vibes: boolean): CsvColumn<RecognitionRow>[] {
  const vibeColumns: CsvColumn<RecognitionRow>[] = [
    { header: t('admin:columns.vibeGiven'), value: (r) => r.vibeGiven },
    { header: t('admin:columns.vibeReceived'), value: (r) => r.vibeReceived },
  ];
  return [
    ...personColumns<RecognitionRow>(t),
    { header: t('admin:columns.high5Given'), value: (r) => r.high5Given },
    { header: t('admin:columns.high5Received'), value: (r) => r.high5Received },
    ...(vibes ? vibeColumns : []),
  ];
}

/** A feeling's word in the file's language, each looked up once per file (a year's file names tens of thousands). */
function feelings(t: TFunction) {
  const words = new Map<string, string>();
  return (mood: string) => words.get(mood) ?? words.set(mood, t(`admin:moods.${mood}`, { defaultValue: mood })).get(mood)!;
}

/** The mood columns; with `entries`, each row's low check-ins ("2026-10-11 Worried (Asked to talk today)"). */
function moodColumns(t: TFunction, entries: boolean): CsvColumn<Batched<MoodReportRow>>[] {
  const feeling = feelings(t);
  const asked = {
    today: ` (${t('admin:columns.talkToday')})`,
    notToday: ` (${t('admin:columns.talkNotToday')})`,
    emergency: ` (${t('admin:moodReport.emergency')})`,
  };
  const talk = (entry: NonNullable<MoodReportRow['lowEntries']>[number]) =>
    entry.talk === 'today' ? asked.today : entry.talk === 'not-today' ? asked.notToday : entry.emergency ? asked.emergency : '';
  return [
    ...personColumns<Batched<MoodReportRow>>(t),
    { header: t('admin:columns.highEnjoyment'), value: (r) => r.highEnjoyment },
    { header: t('admin:columns.lowEnjoyment'), value: (r) => r.lowEnjoyment },
    { header: t('admin:columns.talkToday'), value: (r) => r.talkToday },
    { header: t('admin:columns.talkNotToday'), value: (r) => r.talkNotToday },
    ...(entries
      ? [
          {
            header: t('admin:columns.lowEntries'),
            value: (r: Batched<MoodReportRow>) => (r.lowEntries ?? []).map((e) => `${e.date} ${feeling(e.mood)}${talk(e)}`).join('; '),
          },
        ]
      : []),
  ];
}

// The files are read after this request's work is done: on the pool, not on the request's connection.
const recognitionBatches = (services: Services, scope: BatchScope) =>
  keysetBatches(
    (after: unknown[] | null, limit) => recognitionReportBatch(services.db, scope, after, limit),
    (r) => r.key,
  );
const moodBatches = (services: Services, scope: BatchScope, filters: string[], minimumLow: number, entries: boolean) =>
  keysetBatches(
    (after: unknown[] | null, limit) => moodReportBatch(services.db, scope, { filters, minimumLow, entries }, after, limit),
    (r) => r.key,
  );

const className = async (db: Db, schoolId: string, t: TFunction, classId: string | undefined) =>
  classId ? ((await findClass(db, schoolId, classId))?.name ?? '') : t('admin:filters.allClasses');

/**
 * The group report's file: the school admin's (`/admin/reports/group.csv`) and the super admin's,
 * who also gets the school's name and the class (for students) in the preamble.
 */
export async function groupReportCsv(db: Db, services: Services, actor: Actor, user: SessionUser, query: GroupQuery): Promise<CsvFile> {
  const scope = await groupReportScope(db, services, actor, query);
  const t = translator(user);
  const group = t(`common:roles.${query.role}`);
  const students = query.role === 'student';
  const schoolName = actor.superAdmin ? await schoolNameOf(db, actor.schoolId) : null;
  const classLine: Line[] =
    students && (schoolName !== null || query.classId) ? [[t('admin:csv.class'), await className(db, actor.schoolId, t, query.classId)]] : [];
  const title = t(schoolName !== null ? 'admin:superReport.title' : 'admin:dashboard.views.report');
  return reportFile({
    t,
    title,
    nameParts: [...(schoolName !== null ? [schoolName] : []), group],
    range: query.range,
    filters: [
      ...(schoolName !== null ? [[t('admin:csv.school'), schoolName] as Line] : []),
      [t('admin:csv.group'), group],
      ...classLine,
      ...studentLines(t, query),
    ],
    query,
    today: await schoolToday(db, services, actor.schoolId),
    columns: recognitionColumns(t, true),
    batches: recognitionBatches(services, scope),
  });
}

/** The mood meter report's file, with each row's low check-ins (docs/decisions/0612). */
export async function moodReportCsv(db: Db, services: Services, actor: Actor, user: SessionUser, query: MoodQuery): Promise<CsvFile> {
  const scope = await moodReportScope(db, services, actor, query);
  const t = translator(user);
  const options = { filters: query.filters, minimumLow: query.minLow };
  await auditMoodRead(db, services, actor, scope, 'admin-csv', options);
  const feeling = feelings(t);
  const group = t(`common:roles.${query.role}`);
  const students: Line[] =
    query.role === 'student'
      ? [
          [t('admin:csv.class'), await className(db, actor.schoolId, t, query.classId)],
          [t('admin:csv.feelings'), query.filters.length ? query.filters.map(feeling).join(', ') : t('admin:csv.all')],
          [t('admin:csv.minimum'), query.minLow > 0 ? query.minLow : t('admin:csv.none')],
          ...studentLines(t, query),
        ]
      : [];
  return reportFile({
    t,
    title: t('admin:dashboard.views.mood'),
    nameParts: [group],
    range: query.range,
    filters: [[t('admin:csv.group'), group], ...students],
    query,
    today: await schoolToday(db, services, actor.schoolId),
    columns: moodColumns(t, true),
    batches: moodBatches(services, scope, query.filters, query.minLow, true),
  });
}

/** A class report's file, High 5 or mood tab: the teacher's classes, or any class for an admin. */
export async function classReportCsv(db: Db, services: Services, user: SessionUser, query: ClassQuery, tab: 'recognition' | 'mood'): Promise<CsvFile> {
  const { actor, teacherId, scope } = await classReportRows(db, services, user, query, tab === 'mood' ? 'classMoodReport' : 'classReport');
  const t = translator(user);
  const options = { filters: [], minimumLow: -1 };
  if (tab === 'mood' && scope) await auditMoodRead(db, services, actor, scope, `${classMoodSource(teacherId)}-csv`, options);
  const name = await className(db, actor.schoolId, t, query.classId);
  const file = {
    t,
    title: t(tab === 'mood' ? 'admin:classReport.moodTab' : 'admin:classReport.reportTab'),
    nameParts: [name],
    range: query.range,
    filters: [[t('admin:csv.class'), name] as Line, ...studentLines(t, query)],
    query,
    today: await schoolToday(db, services, actor.schoolId),
  };
  // A viewer without classes gets the file's preamble and header, and no rows.
  const none = async function* () {};
  return tab === 'mood'
    ? reportFile({ ...file, columns: moodColumns(t, false), batches: scope ? moodBatches(services, scope, [], -1, false) : none() })
    : reportFile({ ...file, columns: recognitionColumns(t, false), batches: scope ? recognitionBatches(services, scope) : none() });
}
