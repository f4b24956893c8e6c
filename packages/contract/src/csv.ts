/**
 * CSV files, written one way on both sides (docs/decisions/0190-one-csv-writer-and-date-formatter.md):
 * RFC 4180 (comma, CRLF after every record, a field quoted when it holds a quote, comma, CR or
 * LF, quotes doubled), a UTF-8 byte-order mark so spreadsheet apps read accents, and text that
 * starts with = + - @ (or a tab or CR) prefixed with an apostrophe so a spreadsheet never runs
 * it as a formula (OWASP's CSV injection advice). Numbers are written as they are: -3 stays -3.
 */

/** The UTF-8 byte-order mark every CSV file starts with. */
export const CSV_BOM = '\uFEFF';

/** What a cell may hold; null and undefined are empty cells. */
export type CsvValue = string | number | null | undefined;

/** One column: its header (already translated) and how a row fills it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** One field, guarded against formulas and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvOptions {
  /**
   * Records written before the table, then one empty record: what the file holds, e.g.
   * `[['From', '2026-11-01'], ['Class', 'All classes']]` (decision 0310). A reader that wants only
   * the table skips up to the first empty record.
   */
  preamble?: readonly (readonly CsvValue[])[];
}

/** A whole CSV file: the byte-order mark, the preamble if any, a header record, then one record per row. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[], options: CsvOptions = {}): string {
  const before = options.preamble?.length ? [...options.preamble.map((record) => record.map(csvCell)), ['']] : [];
  const records = [...before, columns.map((c) => csvCell(c.header))];
  return CSV_BOM + records.map((cells) => `${cells.join(',')}\r\n`).join('') + csvRows(rows, columns);
}

/** Only the records of `rows`, for a file written a batch at a time after `toCsv` of its first batch. */
export function csvRows<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return rows.map((row) => `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`).join('');
}

/**
 * A CSV file written a batch of rows at a time (streamed exports, docs/decisions/0595): the same
 * bytes as `toCsv` of every row, but only one batch is ever held.
 */
export async function* csvChunks<Row>(
  batches: AsyncIterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
  options: CsvOptions = {},
): AsyncGenerator<string> {
  yield toCsv([], columns, options);
  for await (const batch of batches) yield csvRows(batch, columns);
}

/** A part of a file's name in ASCII letters, digits and dashes: "Informe de ánimo" becomes "Informe-de-animo". */
export const fileNamePart = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
