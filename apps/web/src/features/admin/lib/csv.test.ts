import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('Ana "La" Lopez')).toBe('"Ana ""La"" Lopez"');
    expect(csvCell(3)).toBe('"3"');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])('defuses a cell starting with a formula character: %s', (value) => {
    expect(csvCell(value).startsWith(`"'`)).toBe(true);
  });

  it('leaves ordinary text and inner symbols alone', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('ana@example.test')).toBe('"ana@example.test"');
  });

  it('joins rows with CRLF', () => {
    expect(toCsv([['a', 'b'], ['c', 1]])).toBe('"a","b"\r\n"c","1"\r\n');
  });
});
