import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvChunks, toCsv } from './csv.js';

/** Reads the file back with the parser the web app uses for uploaded files (Papa Parse). */
function parseCsvRecords(csv: string): string[][] {
  const records = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter: ',', newline: '\r\n' }).data;
  // The last record ends with CRLF, which Papa Parse reads as one more, empty record.
  return records.slice(0, -1);
}

const columns = [
  { header: 'Name', value: (r: { name: string; count: number }) => r.name },
  { header: 'Count', value: (r: { name: string; count: number }) => r.count },
];

describe('csv', () => {
  it('writes a BOM, a header record and one CRLF-terminated record per row', () => {
    expect(toCsv([{ name: 'Ana', count: 2 }], columns)).toBe(`${CSV_BOM}Name,Count\r\nAna,2\r\n`);
    expect(toCsv([], columns)).toBe(`${CSV_BOM}Name,Count\r\n`);
  });

  it('writes the preamble (what the file holds) and an empty record before the table', () => {
    const file = toCsv([{ name: 'Ana', count: 2 }], columns, {
      preamble: [
        ['From', '2026-11-01'],
        ['Search', '=x, y'],
      ],
    });
    expect(file).toBe(`${CSV_BOM}From,2026-11-01\r\nSearch,"'=x, y"\r\n\r\nName,Count\r\nAna,2\r\n`);
    expect(toCsv([], columns, { preamble: [] })).toBe(`${CSV_BOM}Name,Count\r\n`);
  });

  it('quotes a field holding a quote, comma, CR or LF, and doubles its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('when text starts with = + - @, a tab or CR, it gets an apostrophe so spreadsheets never run it', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers as they are, negative ones included', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
  });

  it('when read back by an RFC 4180 reader, any text comes out unchanged (formula starts aside)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 2 }), { maxLength: 6 }), (cells) => {
        const rows = cells.map(([name, other]) => ({ name: name!, other: other! }));
        const csv = toCsv(rows, [
          { header: 'name', value: (r) => r.name },
          { header: 'other', value: (r) => r.other },
        ]);
        expect(csv.startsWith(CSV_BOM)).toBe(true);
        expect(csv.endsWith('\r\n')).toBe(true);
        expect(parseCsvRecords(csv)).toEqual([['name', 'other'], ...rows.map((r) => [r.name, r.other])]);
      }),
    );
  });

  it('when a text starts like a formula, it is read back with one apostrophe in front', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@'), fc.string({ maxLength: 20 }), (start, rest) => {
        const csv = toCsv([{ v: start + rest }], [{ header: 'v', value: (r) => r.v }]);
        expect(parseCsvRecords(csv)[1]).toEqual([`'${start}${rest}`]);
      }),
    );
  });

  it('streamed a batch at a time, a file has the same bytes as written whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: fc.string({ maxLength: 12 }), count: fc.integer() }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        async (rows, size) => {
          async function* batches() {
            for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
          }
          const options = { preamble: [['Search', '=x, y']] };
          let streamed = '';
          for await (const chunk of csvChunks(batches(), columns, options)) streamed += chunk;
          expect(streamed).toBe(toCsv(rows, columns, options));
        },
      ),
    );
  });
});
