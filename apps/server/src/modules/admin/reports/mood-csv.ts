import { csvChunks, fileNamePart, type CsvColumn, type CsvValue, type MoodReportSort, type Role, type StudentFilter } from '@high5/contract';
import { serverT } from '@high5/i18n';
import { Readable } from 'node:stream';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { keysetBatches } from '../../../lib/cursor.js';
import { schoolToday } from '../../../lib/school-today.js';
import type { SessionUser } from '../../../lib/session-user.js';
import type { Actor } from '../../../policies/actors.js';
import type { Services } from '../../../services/index.js';
import { findClass, moodReportBatch, type MoodBatchRow } from './queries.js';
import { assertNotFuture, assertOneYear, classFilter, studentFilter } from './service.js';

export interface MoodCsvQuery extends StudentFilter {
  role: Role;
  range: { from: string; to: string };
  classId?: string | undefined;
  minLow: number;
  filters: string[];
  q: string;
  sort: MoodReportSort;
  dir: 'asc' | 'desc';
}

/** The header of each column the report may be sorted by, as the screen names it. */
const SORT_HEADERS: Record<MoodReportSort, string> = {
  name: 'admin:columns.name',
  email: 'admin:columns.identifier',
  highEnjoyment: 'admin:columns.highEnjoyment',
  lowEnjoyment: 'admin:columns.lowEnjoyment',
  talkToday: 'admin:columns.talkToday',
  talkNotToday: 'admin:columns.talkNotToday',
};

/**
 * The mood report's CSV file (docs/decisions/0612): the rows of the JSON report in its order, with
 * each row's low check-ins, read a keyset batch at a time while the client reads (docs/decisions/0595).
 * The same bytes the screen wrote before: the preamble states the report, dates, filters, search
 * and order (decision 0310), in the caller's language. Checked and audited before the first byte.
 */
export async function moodReportCsv(db: Db, services: Services, actor: Actor, user: SessionUser, query: MoodCsvQuery) {
  const { schoolId } = actor;
  await assertOneYear(db, schoolId, query.range);
  await assertNotFuture(db, services, schoolId, query.range);
  const classIds = await classFilter(db, schoolId, query.role, query.classId);
  await studentFilter(db, services, actor, true, query.role, 'moodReport', query);
  const className = query.classId ? ((await findClass(db, schoolId, query.classId))?.name ?? '') : null;
  const today = await schoolToday(db, services, schoolId);
  await audit(
    db,
    {
      actorId: actor.id,
      schoolId,
      action: 'report.mood.read',
      targetType: 'school',
      targetId: schoolId,
      details: {
        source: 'admin-csv',
        role: query.role,
        from: query.range.from,
        to: query.range.to,
        classIds,
        filters: query.filters,
        minimumLow: query.minLow,
        search: query.q,
        sort: `${query.sort} ${query.dir}`,
      },
    },
    services.clock.now(),
  );

  const t = serverT(user.language === 'es' ? 'es' : 'en');
  const feeling = (mood: string) => t(`admin:moods.${mood}`, { defaultValue: mood });
  const talk = (entry: MoodBatchRow['lowEntries'][number]) =>
    entry.talk === 'today'
      ? ` (${t('admin:columns.talkToday')})`
      : entry.talk === 'not-today'
        ? ` (${t('admin:columns.talkNotToday')})`
        : entry.emergency
          ? ` (${t('admin:moodReport.emergency')})`
          : '';
  const identifier = (r: MoodBatchRow) => r.email ?? r.username ?? '';
  const columns: CsvColumn<MoodBatchRow>[] = [
    { header: t('admin:columns.name'), value: (r) => `${r.firstName} ${r.lastName}`.trim() },
    { header: t('admin:columns.identifier'), value: identifier },
    { header: t('admin:columns.highEnjoyment'), value: (r) => r.highEnjoyment },
    { header: t('admin:columns.lowEnjoyment'), value: (r) => r.lowEnjoyment },
    { header: t('admin:columns.talkToday'), value: (r) => r.talkToday },
    { header: t('admin:columns.talkNotToday'), value: (r) => r.talkNotToday },
    { header: t('admin:columns.lowEntries'), value: (r) => r.lowEntries.map((e) => `${e.date} ${feeling(e.mood)}${talk(e)}`).join('; ') },
  ];
  const title = t('admin:dashboard.views.mood');
  const group = t(`common:roles.${query.role}`);
  const students: [string, CsvValue][] =
    query.role === 'student'
      ? [
          [t('admin:csv.class'), className ?? t('admin:filters.allClasses')],
          [t('admin:csv.feelings'), query.filters.length ? query.filters.map(feeling).join(', ') : t('admin:csv.all')],
          [t('admin:csv.minimum'), query.minLow > 0 ? query.minLow : t('admin:csv.none')],
          ...(query.flags.length ? [[t('admin:csv.flags'), query.flags.map((f) => t(`admin:roster.flag.${f}`)).join(', ')] as [string, CsvValue]] : []),
          ...(query.grade !== undefined ? [[t('admin:csv.grade'), query.grade] as [string, CsvValue]] : []),
        ]
      : [];
  const preamble: [string, CsvValue][] = [
    [t('admin:csv.report'), title],
    [t('admin:csv.from'), query.range.from],
    [t('admin:csv.to'), query.range.to],
    [t('admin:csv.group'), group],
    ...students,
    [t('admin:csv.search'), query.q || t('admin:csv.none')],
    [t('admin:csv.sort'), `${t(SORT_HEADERS[query.sort])} (${t(query.dir === 'asc' ? 'common:table.sortedAscending' : 'common:table.sortedDescending')})`],
    [t('admin:csv.createdOn'), today],
  ];

  // The file is read after this request's work is done: on the pool, not on the request's connection.
  const pool = services.db;
  const scope = {
    schoolId,
    role: query.role,
    from: query.range.from,
    to: query.range.to,
    classIds,
    students: { flags: query.flags, grade: query.grade },
    search: query.q,
    sort: query.sort,
    dir: query.dir,
  };
  const options = { filters: query.filters, minimumLow: query.minLow };
  const batches = keysetBatches(
    (after: unknown[] | null, limit) => moodReportBatch(pool, scope, options, after, limit),
    (r) => r.key,
  );
  const fileName = `${[title, group, query.range.from, query.range.to].map(fileNamePart).filter(Boolean).join('_')}.csv`;
  return { stream: Readable.from(csvChunks(batches, columns, { preamble }), { objectMode: false }), fileName };
}
