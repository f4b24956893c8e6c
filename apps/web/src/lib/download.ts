/** Saves `blob` as a file named `name` on this device (CSV exports, chart images): the one download helper. */
export function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file written by the contract's `toCsv` (which already starts with the byte-order mark). */
export function downloadCsv(text: string, name: string) {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}
