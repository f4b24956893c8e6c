/**
 * CSV for spreadsheets. A cell that starts with = + - @ (or a tab or carriage return) could run
 * as a formula when opened: it gets a leading apostrophe (OWASP's CSV injection advice). Every
 * cell is quoted, quotes doubled; lines end with CRLF.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: (string | number)[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `text` as a file on this device (with a BOM so spreadsheet apps read UTF-8). */
export function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
