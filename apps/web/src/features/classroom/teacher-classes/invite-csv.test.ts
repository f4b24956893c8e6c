import { describe, expect, it } from 'vitest';
import { parseInviteCsv } from './invite-csv';

describe('invite CSV', () => {
  it('reads a comma file: drops the header and empty lines, trims cells, reads quotes', () => {
    const text = '\uFEFFEMAIL,First Name,Last Name\r\nana@example.org,Ana,García\r\n\r\n  Bo@Example.org , Bo ,\r\nc@example.org,"Smith, Jr.","O""Neil"\r\n';
    const parsed = parseInviteCsv(text);
    expect(parsed.delimiter).toBe(',');
    expect(parsed.rows).toEqual([
      { line: 2, email: 'ana@example.org', firstName: 'Ana', lastName: 'García' },
      { line: 4, email: 'bo@example.org', firstName: 'Bo', lastName: '' },
      { line: 5, email: 'c@example.org', firstName: 'Smith, Jr.', lastName: 'O"Neil' },
    ]);
    expect(parsed.problems).toEqual([]);
  });

  it('reads a semicolon file as Spanish-locale Excel saves it, with a Spanish header', () => {
    const parsed = parseInviteCsv('Correo electrónico;Nombre;Apellido\nlucia@example.org;Lucía;Pérez, hija\nmateo@example.org;Mateo;Gil\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows.map((r) => [r.line, r.email, r.firstName, r.lastName])).toEqual([
      [2, 'lucia@example.org', 'Lucía', 'Pérez, hija'],
      [3, 'mateo@example.org', 'Mateo', 'Gil'],
    ]);
  });

  it('keeps the first line when it is a student; a file of e-mails alone works', () => {
    expect(parseInviteCsv('a@example.org\nb@example.org').rows.map((r) => [r.line, r.email])).toEqual([
      [1, 'a@example.org'],
      [2, 'b@example.org'],
    ]);
  });

  it('reports problems by the file line the record starts on, with the reason; skips rows without an e-mail', () => {
    // A quoted cell may span lines (and a name may not hold a line break: decision 0153).
    const text =
      'email,first,last\ntwo@example.org,"Two\nlines",X\nnot-an-email,A,B\n,No,Email\nlong@example.org,' + 'x'.repeat(61) + ',Y\nok@example.org,Ok,Z\n';
    const parsed = parseInviteCsv(text);
    expect(parsed.rows.map((r) => [r.line, r.email])).toEqual([[7, 'ok@example.org']]);
    expect(parsed.problems).toEqual([
      { line: 2, reason: 'firstName', email: 'two@example.org' },
      { line: 4, reason: 'email', email: 'not-an-email' },
      { line: 6, reason: 'firstName', email: 'long@example.org' },
    ]);
  });

  it('counts a repeated e-mail once and reports where it was first', () => {
    const parsed = parseInviteCsv('a@example.org,A\nb@example.org,B\nA@example.org,Again\n');
    expect(parsed.rows.map((r) => r.email)).toEqual(['a@example.org', 'b@example.org']);
    expect(parsed.duplicates).toEqual([{ line: 3, firstLine: 1, email: 'a@example.org' }]);
  });
});
