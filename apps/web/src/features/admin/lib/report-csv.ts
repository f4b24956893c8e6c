import { fileNamePart, toCsv, type CsvColumn, type CsvValue, type MoodReportRow, type ReportRow, type SortDirection } from '@high5/contract';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import type { DataColumn, TableState } from '../../../components/ui/data-table';
import { downloadCsv } from '../../../lib/download';
import { todayIso } from '../../../lib/dates';

/** How a person is named beside their name: the e-mail address, else the username (students without e-mail). */
export const identifierOf = (row: { email: string | null; username?: string | null }) => row.email ?? row.username ?? '';

/** The search, order and page of a server-paged report, as query parameters. */
export function pageParams<Sort extends string>(state: TableState) {
  return { sort: state.sort as Sort, dir: state.dir as SortDirection, page: state.page, pageSize: state.pageSize, ...(state.q ? { q: state.q } : {}) };
}

export interface ReportFile<T> {
  /** The report's name, e.g. "Group report": first line of the file and start of its name. */
  title: string;
  /** Name parts of the file (`yyyy-MM-dd` dates, the group), joined with `_`. */
  nameParts: string[];
  range?: { from: string; to: string };
  /** What narrowed the rows, already translated: [label, value]. */
  filters: [string, CsvValue][];
  columns: CsvColumn<T>[];
  rows: T[];
}

/**
 * Writes a whole list's CSV file with the contract's `toCsv` (a server-paged report's file is the
 * server's, docs/decisions/0610): a preamble states the report, its date range (`yyyy-MM-dd`) and
 * every filter, then comes the table (decision 0310).
 */
export function downloadReport<T>(t: TFunction, file: ReportFile<T>) {
  const preamble: [string, CsvValue][] = [
    [t('admin:csv.report'), file.title],
    ...(file.range
      ? ([
          [t('admin:csv.from'), file.range.from],
          [t('admin:csv.to'), file.range.to],
        ] as [string, CsvValue][])
      : []),
    ...file.filters,
    [t('admin:csv.createdOn'), todayIso()],
  ];
  const name = [file.title, ...file.nameParts, ...(file.range ? [file.range.from, file.range.to] : [])].map(fileNamePart).filter(Boolean).join('_');
  downloadCsv(toCsv(file.rows, file.columns, { preamble }), `${name}.csv`);
}

/** A table column that also goes into the CSV file (by `csv`, else by `value`). */
export type ReportColumn<T> = DataColumn<T> & { csv?: (row: T) => CsvValue };

export const csvColumnsOf = <T>(columns: ReportColumn<T>[]): CsvColumn<T>[] =>
  columns.flatMap((c) => {
    const value = c.csv ?? c.value;
    return value ? [{ header: c.header, value }] : [];
  });

/** The columns every people report starts with: the name, and the e-mail address or username. */
export function personColumns<T extends { name: string; email: string | null; username: string | null }>(t: TFunction): ReportColumn<T>[] {
  return [
    { id: 'name', header: t('admin:columns.name'), cell: (r) => r.name, value: (r) => r.name },
    { id: 'email', header: t('admin:columns.identifier'), cell: (r) => identifierOf(r) || '—', value: identifierOf, wide: true },
  ];
}

/** The recognition reports' columns: the person, High 5s given and received and, with `vibes`, Vibes given and received. */
export function recognitionColumns(t: TFunction, vibes: boolean): ReportColumn<ReportRow>[] {
  return [
    ...personColumns<ReportRow>(t),
    countColumn<ReportRow>('high5Given', t('admin:columns.high5Given'), (r) => r.high5Given),
    countColumn<ReportRow>('high5Received', t('admin:columns.high5Received'), (r) => r.high5Received),
    ...(vibes
      ? [
          countColumn<ReportRow>('vibeGiven', t('admin:columns.vibeGiven'), (r) => r.vibeGiven),
          countColumn<ReportRow>('vibeReceived', t('admin:columns.vibeReceived'), (r) => r.vibeReceived),
        ]
      : []),
  ];
}

/** The mood reports' columns: the person, high and low enjoyment, asked to talk today and not today. */
export function moodColumns(t: TFunction): ReportColumn<MoodReportRow>[] {
  return [
    ...personColumns<MoodReportRow>(t),
    countColumn<MoodReportRow>('highEnjoyment', t('admin:columns.highEnjoyment'), (r) => r.highEnjoyment),
    countColumn<MoodReportRow>('lowEnjoyment', t('admin:columns.lowEnjoyment'), (r) => r.lowEnjoyment),
    talkTodayColumn<MoodReportRow>(t),
    countColumn<MoodReportRow>('talkNotToday', t('admin:columns.talkNotToday'), (r) => r.talkNotToday),
  ];
}

/** A count column. */
export const countColumn = <T>(id: string, header: string, value: (row: T) => number): ReportColumn<T> => ({ id, header, cell: value, value, numeric: true });

/** "Asked to talk today": a count above 0 stands out, so nobody who asked is missed. */
export const talkTodayColumn = <T extends { talkToday: number }>(t: TFunction): ReportColumn<T> => ({
  id: 'talkToday',
  header: t('admin:columns.talkToday'),
  value: (r) => r.talkToday,
  numeric: true,
  cell: (r) => (r.talkToday > 0 ? createElement('strong', { style: { color: 'var(--mui-palette-error-dark, #c62828)' } }, r.talkToday) : r.talkToday),
});
