import { InviteRowSchema, type InviteRow } from '@high5/contract';
import Papa from 'papaparse';

/** Why a line of an invite file cannot be used. */
export type InviteCsvReason = 'email' | 'firstName' | 'lastName' | 'quotes';

export interface InviteCsvProblem {
  /** The line of the file where the record starts (1 is the first line). */
  line: number;
  reason: InviteCsvReason;
  /** What was in the e-mail cell, to help find the line. */
  email: string;
}

export interface InviteCsvDuplicate {
  line: number;
  /** The line that already holds this e-mail. */
  firstLine: number;
  email: string;
}

export interface ParsedInviteCsv {
  /** Valid rows, each e-mail once: what is "ready to invite". */
  rows: (InviteRow & { line: number })[];
  problems: InviteCsvProblem[];
  duplicates: InviteCsvDuplicate[];
  /** The separator found: ',' or ';' (Spanish-locale spreadsheets save ';'), or a tab. */
  delimiter: string;
}

// A first record whose first cell is one of these is a header (English or Spanish spreadsheets).
const HEADER_CELLS = new Set(['email', 'e-mail', 'email address', 'correo', 'correo electrónico', 'correo electronico', 'e-mail address']);

/**
 * Reads an invite file (Email, First Name, Last Name; docs/rules/classroom.md#invitations) with Papa Parse,
 * which finds the separator (',' or ';' or a tab) and handles quotes. Each record keeps the
 * file line it starts on, so problems are reported by line; a header record, empty lines and
 * rows without an e-mail are skipped; cells are trimmed; an e-mail met again is reported as a duplicate and counted once.
 * Rows are checked with the contract's schema, the same one the server applies.
 */
export function parseInviteCsv(input: string): ParsedInviteCsv {
  const text = input.replace(/^\uFEFF/, '');
  // Where each line starts, to turn Papa Parse's character offsets into line numbers.
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) lineStarts.push(i + 1);
  }
  let lineIndex = 0;
  const lineAt = (offset: number) => {
    while (lineIndex + 1 < lineStarts.length && lineStarts[lineIndex + 1]! <= offset) lineIndex++;
    return lineIndex + 1;
  };

  const result: ParsedInviteCsv = { rows: [], problems: [], duplicates: [], delimiter: ',' };
  const firstLineOf = new Map<string, number>();
  let start = 0;
  let first = true;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
    step: (record) => {
      const line = lineAt(start);
      start = record.meta.cursor;
      result.delimiter = record.meta.delimiter;
      const cells = record.data.map((cell) => cell.trim());
      if (cells.every((cell) => cell === '')) return;
      const isFirst = first;
      first = false;
      if (isFirst && HEADER_CELLS.has(cells[0]!.toLowerCase())) return;
      const email = cells[0] ?? '';
      // docs/rules/classroom.md#invitations: rows with an empty e-mail are skipped.
      if (email === '') return;
      if (record.errors.some((error) => error.type === 'Quotes')) {
        result.problems.push({ line, reason: 'quotes', email });
        return;
      }
      const parsed = InviteRowSchema.safeParse({ email, firstName: cells[1] ?? '', lastName: cells[2] ?? '' });
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        result.problems.push({ line, reason: field === 'firstName' || field === 'lastName' ? field : 'email', email });
        return;
      }
      const seen = firstLineOf.get(parsed.data.email);
      if (seen !== undefined) {
        result.duplicates.push({ line, firstLine: seen, email: parsed.data.email });
        return;
      }
      firstLineOf.set(parsed.data.email, line);
      result.rows.push({ ...parsed.data, line });
    },
  });
  return result;
}
